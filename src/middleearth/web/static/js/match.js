// A match being played or watched: the seats, the game's view, and the websocket that feeds it.

import { get, post, tokens, keepTokens, dropToken, toast, playerName, keepPlayerName, ApiError } from "./api.js";
import { el, clear } from "./dom.js";
import { loadView } from "./views.js";
import * as generic from "./generic.js";
import { seatLabel } from "./hub.js";

const RETRY_MS = [500, 1000, 2000, 4000];

export async function showMatch(root, id, params) {
  let summary = await get(`/api/matches/${id}`);
  if (params.get("join") && !Object.keys(tokens(id)).length && summary.seats.some((s) => s.kind === "open")) {
    // A friend's invitation: the others should see who joined, not "seat 2".
    if (!playerName() && !(await askName(root, summary))) {
      location.hash = `#/match/${id}`;  // they chose to watch
      return () => {};
    }
    await join(id);
    summary = await get(`/api/matches/${id}`);
  }
  const held = tokens(id);
  const seat = chooseSeat(held, params);
  const token = seat === null ? null : held[seat];

  const head = el("div", { class: "match-head panel" });
  const board = el("div", { class: "match-board" });
  const chat = tableChat(token, (text) => socket?.send(JSON.stringify({ type: "chat", text })));
  clear(root).append(el("div", { class: "match", "data-match": id }, head, board, chat.root));

  const textual = params.get("view") === "text";  // any game's plain view, on request
  const module = textual ? generic : await loadView(summary.game);
  let frame = null;
  let log = [];
  let observation = null;  // kept whole here: after the first push the server sends only changes
  const view = module.createView(board, {
    act,
    odds: () => get(`/api/matches/${id}/odds${token ? `?token=${encodeURIComponent(token)}` : ""}`),
    names: () => (frame?.seats ?? summary.seats).map((s) => s.name),
  });

  let socket = null;
  let closed = false;
  let attempt = 0;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // A game's own view draws from the observation: the text view is asked for only when shown.
    const query = new URLSearchParams(token ? { token } : {});
    if (module !== generic) query.set("text", "0");
    socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${id}?${query}`);
    socket.addEventListener("open", () => { attempt = 0; });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (closed) return;
      if (event.code === 4403) {  // our token no longer holds the seat: watch instead
        dropToken(id, seat);
        toast("This seat is no longer yours; you are watching.", "error");
        location.hash = `#/match/${id}`;
        return;
      }
      setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
    });
  }

  function receive(message) {
    if (message.type === "state") {
      log = message.log_from === 0 ? message.log : log.concat(message.log);
      observation = message.observation ?? patched(observation, message.observation_patch);
      frame = { ...message, observation, log };
      root.firstChild.dataset.version = frame.version;  // lets a test wait for the next state
      drawHead(head, frame, seat, held, id, summary.title, textual);
      view.update(frame);
      const next = String(frame.to_move);
      if (frame.status === "running" && next !== seat && next in held) {  // hot seat: pass the device
        toast(`${frame.seats[next]?.name ?? `seat ${next}`} to play`);
        location.hash = `#/match/${id}?seat=${next}${textual ? "&view=text" : ""}`;
      }
    } else if (message.type === "chat") {
      chat.add(message.messages);
    } else if (message.type === "refused" || message.type === "error") {
      toast(message.reason, "error");
      if (frame) view.update(frame);  // give the controls back
    }
  }

  /** Send an action with the version we saw; without a live socket, the HTTP way. */
  async function act(action) {
    if (!frame || token === null) return;
    if (socket?.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "action", action, version: frame.version }));
      return;
    }
    try {
      await post(`/api/matches/${id}/actions`, { token, action, version: frame.version });
    } catch (error) {
      toast(error.message, "error");
      view.update(frame);
    }
  }

  connect();
  return () => { closed = true; socket?.close(); view.destroy?.(); };
}

/** The observation after a push's `observation_patch` (docs/api.md): new values of the keys
 * that changed, and the items added to lists that only grew. */
function patched(before, patch) {
  const after = { ...before, ...patch.set };
  for (const [key, items] of Object.entries(patch.append)) after[key] = before[key].concat(items);
  return after;
}

/** The seat this browser plays here: ?seat=N if held, else the first held one, else spectator. */
function chooseSeat(held, params) {
  const seats = Object.keys(held);
  const asked = params.get("seat");
  if (asked !== null && asked in held) return asked;
  return seats.length ? seats[0] : null;
}

/** Ask the name of someone joining by a link before they take a seat; false if they would
 * rather watch. The name is kept for their next matches, as the hub's "Your name" field does. */
function askName(root, summary) {
  return new Promise((resolve) => {
    const input = el("input", { type: "text", name: "player-name", maxlength: 40,
                                autocomplete: "nickname", placeholder: "shown to the other players" });
    const watch = el("button", { type: "button", class: "quiet" }, "Just watch");
    const form = el("form", { class: "ask-name panel" },
      el("h1", {}, `Join ${summary.title}`),
      el("p", {}, "You were invited to take a seat. What should the other players call you?"),
      el("label", { class: "field" }, el("span", {}, "Your name"), input),
      el("div", { class: "match-tools" }, el("button", { type: "submit", class: "primary" }, "Join"), watch));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) {
        toast("Type a name to join, or choose to watch.", "error");
        input.focus();
        return;
      }
      keepPlayerName(name);
      resolve(true);
    });
    watch.addEventListener("click", () => resolve(false));
    clear(root).append(form);
    input.focus();
  });
}

async function join(id, seat) {
  try {
    const body = seat === undefined ? {} : { seat };
    if (playerName()) body.name = playerName();
    const answer = await post(`/api/matches/${id}/join`, body);
    keepTokens(id, { [answer.seat]: answer.token });
    return answer.seat;
  } catch (error) {
    toast(error instanceof ApiError ? error.message : String(error), "error");
    return null;
  }
}

function drawHead(head, frame, seat, held, id, title, textual) {
  const status = { open: "waiting for players", running: "in play", finished: "finished" }[frame.status] ?? frame.status;
  const seats = el("ul", { class: "seat-list" });
  for (const s of frame.seats) {
    const mine = String(s.seat) in held;
    const item = el("li", { class: `${mine ? "mine" : ""}${String(s.seat) === seat ? " playing" : ""}${frame.to_move === s.seat ? " to-move" : ""}` },
      el("span", { class: `dot${s.connected ? " on" : ""}`, title: s.connected ? "here" : "away" }), seatLabel(s));
    if (mine && String(s.seat) !== seat) item.append(el("a", { href: `#/match/${id}?seat=${s.seat}` }, "play this seat"));
    if (s.kind === "open" && frame.status !== "finished") {
      const take = el("button", { class: "quiet" }, "take this seat");
      take.addEventListener("click", async () => {
        const got = await join(id, s.seat);
        if (got !== null) { location.hash = `#/match/${id}?seat=${got}`; }
      });
      item.append(take);
    }
    seats.append(item);
  }
  const tools = el("div", { class: "match-tools" });
  if (frame.seats.some((s) => s.kind === "open") && frame.status !== "finished") {
    const invite = el("button", { class: "primary" }, "Copy invitation link");
    invite.addEventListener("click", async () => {
      const link = `${location.origin}/#/match/${id}?join=1`;
      try {
        await navigator.clipboard.writeText(link);
        toast("Link copied: send it to a friend to take the open seat.");
      } catch {
        toast(`Send this link to a friend: ${link}`);  // no clipboard over plain http
      }
    });
    tools.append(invite);
  }
  if (seat !== null && frame.status !== "finished") {
    const leave = el("button", { class: "quiet" }, "Leave seat");
    leave.addEventListener("click", async () => {
      try {
        await post(`/api/matches/${id}/leave`, { token: held[seat] });
      } catch (error) {
        toast(error.message, "error");
      }
      dropToken(id, seat);
      location.hash = "#/";
    });
    tools.append(leave);
  }
  if (frame.status === "finished") {
    tools.append(el("a", { class: "button", href: `#/replay/${id}` }, "Replay"));
    if (frame.rematch) tools.append(el("a", { class: "button primary", href: `#/match/${frame.rematch}` }, "Go to the new match"));
    else if (seat !== null) {
      const again = el("button", { class: "primary" }, "Play again");
      again.addEventListener("click", async () => {
        try {
          const { match } = await post(`/api/matches/${id}/rematch`, { token: held[seat] });
          keepTokens(match.id, held);  // the same tokens hold the same seats in the new match
          location.hash = `#/match/${match.id}`;
        } catch (error) {
          toast(error.message, "error");
        }
      });
      tools.append(again);
    }
  }
  const here = seat === null ? "" : `seat=${seat}&`;
  tools.append(el("a", { class: "button quiet", href: `#/match/${id}?${here}${textual ? "" : "view=text"}` },
    textual ? "Board view" : "Text view"));
  tools.append(el("a", { class: "button quiet", href: `/api/matches/${id}/record`, download: `${id}.json` }, "Record"));
  const who = seat === null ? "You are watching" : `You play ${frame.seats[seat]?.name ?? `seat ${seat}`}`;
  clear(head).append(
    el("div", { class: "match-title" }, el("h1", {}, title),
      el("span", { class: `status status-${frame.status}` }, status), el("span", { class: "who" }, who)),
    seats, tools);
}

/** The table's chat: players may talk about their cards, never show them (words only). */
function tableChat(token, send) {
  const lines = el("ol", { class: "chat-lines", "aria-live": "polite" });
  const input = el("input", { type: "text", maxlength: "300", placeholder: "Say something to the table",
                              "aria-label": "chat message" });
  const form = el("form", { class: "chat-form" }, input, el("button", { type: "submit" }, "Say"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) send(text);
    input.value = "";
  });
  const root = el("section", { class: "match-chat panel" }, el("h3", {}, "Table talk"), lines,
                  token === null ? el("p", { class: "muted" }, "Join a seat to talk.") : form);
  return {
    root,
    add(messages) {
      for (const said of messages) {
        lines.append(el("li", {}, el("b", {}, said.name), " ", said.text));
      }
      lines.scrollTop = lines.scrollHeight;
    },
  };
}
