// The hub: the games, a new match with its options and seats, and the lobby's three lists.

import { get, post, keepTokens, heldMatches, toast, playerName, keepPlayerName } from "./api.js";
import { el, clear } from "./dom.js";

const REFRESH_MS = 3000;

export async function showHub(root) {
  const { games, agents } = await get("/api/games");
  const lobby = el("div", { class: "lobby" });
  const form = el("div", { class: "new-match" });
  const list = el("section", { class: "games panel" }, el("h1", {}, "Choose a game"));
  for (const game of games) {
    const start = el("button", { class: "primary", "data-game": game.name }, "New match");
    start.addEventListener("click", () => {
      newMatchForm(clear(form), game, agents);
      form.scrollIntoView({ behavior: "smooth", block: "start" });
    });
    list.append(el("article", { class: "game-card" },
      el("h2", {}, game.title),
      el("p", {}, game.summary),
      el("p", { class: "facts" }, [game.cooperative ? "cooperative" : "competitive",
                                   game.hidden_information ? "hidden information" : "open information"].join(" · ")),
      start));
  }
  const name = el("input", { type: "text", name: "player-name", maxlength: 40, value: playerName(),
                            placeholder: "shown to the other players", autocomplete: "nickname" });
  name.addEventListener("change", () => keepPlayerName(name.value));
  const me = el("label", { class: "field me panel" }, el("span", {}, "Your name"), name);
  clear(root).append(el("div", { class: "hub" }, list, form, el("div", { class: "lobby-column" }, me, lobby)));

  let alive = true;
  async function refresh() {
    try {
      drawLobby(lobby, await get("/api/matches"));
    } catch (error) {
      clear(lobby).append(el("p", { class: "error" }, error.message));
    }
    if (alive) timer = setTimeout(refresh, REFRESH_MS);
  }
  let timer = null;
  await refresh();
  return () => { alive = false; clearTimeout(timer); };
}

/** The form for one game: its options from the spec, then one row per seat. */
function newMatchForm(box, game, agents) {
  const options = game.options.filter((o) => o.kind !== "path");  // a web user names no server folders
  const inputs = {};
  const fields = el("fieldset", { class: "options" }, el("legend", {}, "Options"));
  for (const option of options) {
    const input = optionInput(option);
    inputs[option.name] = input;
    fields.append(el("label", { class: "field" }, el("span", {}, option.name), input, el("small", {}, option.help)));
  }
  const seats = el("fieldset", { class: "seats" }, el("legend", {}, "Seats"));
  const seatCount = () => Number(inputs.players?.value ?? game.options.find((o) => o.name === "players")?.default ?? 1);
  const drawSeats = () => {
    const kept = [...seats.querySelectorAll(".seat-row")].map(readSeat);
    clear(seats).append(el("legend", {}, "Seats"));
    for (let i = 0; i < seatCount(); i++) seats.append(seatRow(i, agents, kept[i]));
  };
  inputs.players?.addEventListener("input", drawSeats);
  drawSeats();

  const create = el("button", { class: "primary", type: "submit" }, `Start ${game.title}`);
  const form = el("form", { class: "panel", "aria-label": `New ${game.title} match` },
    el("h2", {}, `New match: ${game.title}`), fields, seats, create);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    create.disabled = true;
    try {
      const chosen = {};
      for (const option of options) chosen[option.name] = readOption(option, inputs[option.name]);
      const body = { game: game.name, options: chosen, seats: [...seats.querySelectorAll(".seat-row")].map(readSeat) };
      const { match, tokens } = await post("/api/matches", body);
      keepTokens(match.id, tokens);
      location.hash = `#/match/${match.id}`;
    } catch (error) {
      toast(error.message, "error");
      create.disabled = false;
    }
  });
  box.append(form);
}

function optionInput(option) {
  const name = `option-${option.name}`;
  if (option.choices) {
    const select = el("select", { name });
    for (const choice of option.choices) {
      select.append(el("option", { value: String(choice), selected: choice === option.default }, String(choice)));
    }
    return select;
  }
  if (option.kind === "bool") return el("input", { type: "checkbox", name, checked: Boolean(option.default) });
  if (option.kind === "int") {
    return el("input", { type: "number", name, value: option.default ?? "", min: option.minimum ?? false,
                         max: option.maximum ?? false, step: 1, inputmode: "numeric" });
  }
  return el("input", { type: "text", name, value: option.default ?? "", placeholder: "default" });
}

function readOption(option, input) {
  if (option.kind === "bool") return input.checked;
  if (option.kind === "int") return Number(input.value);
  return input.value;
}

/** One seat: you, a friend who joins later, or an AI agent; defaults: you first, AIs after. */
function seatRow(index, agents, previous) {
  const kind = el("select", { name: `seat-${index}`, "aria-label": `seat ${index} is played by` });
  kind.append(el("option", { value: "human" }, "You"));
  kind.append(el("option", { value: "open" }, "Open: a friend joins"));
  for (const agent of agents) kind.append(el("option", { value: `ai:${agent.name}`, title: agent.summary }, `AI: ${agent.name}`));
  const fallback = index === 0 ? "human" : `ai:${agents.find((a) => a.name === "greedy")?.name ?? agents[0]?.name}`;
  kind.value = previous ? seatValue(previous) : fallback;
  const you = !previous && index === 0 ? playerName() : "";
  const name = el("input", { type: "text", name: `seat-name-${index}`, placeholder: "name (optional)", maxlength: 40,
                            value: previous?.name ?? you });
  return el("div", { class: "seat-row" }, el("span", { class: "seat-number" }, `Seat ${index + 1}`), kind, name);
}

const seatValue = (seat) => (seat.type === "ai" ? `ai:${seat.agent}` : seat.type);

function readSeat(row) {
  const [kind, name] = row.querySelectorAll("select, input");
  const seat = kind.value.startsWith("ai:") ? { type: "ai", agent: kind.value.slice(3) } : { type: kind.value };
  if (name.value.trim()) seat.name = name.value.trim();
  return seat;
}

function drawLobby(box, lobby) {
  const held = new Set(heldMatches());
  const section = (title, matches, verb, href, empty) => {
    const rows = el("ul", { class: "match-list" });
    for (const match of matches) {
      const mine = held.has(match.id);
      rows.append(el("li", { "data-match": match.id },
        el("span", { class: "match-title" }, match.title),
        el("span", { class: "match-seats" }, match.seats.map(seatLabel).join(" · ")),
        el("a", { class: `button${mine && verb !== "Replay" ? " primary" : ""}`, href: href(match) },
          mine && verb !== "Replay" ? "Continue" : verb)));
    }
    if (!matches.length) rows.append(el("li", { class: "empty" }, empty));
    return el("section", { class: "panel" }, el("h2", {}, title), rows);
  };
  clear(box).append(
    section("Open matches", lobby.open, "Join", (m) => `#/match/${m.id}?join=1`, "No match is waiting for players."),
    section("Running", lobby.running, "Watch", (m) => `#/match/${m.id}`, "Nobody is playing right now."),
    section("Finished", lobby.finished, "Replay", (m) => `#/replay/${m.id}`, "No match has ended yet."),
  );
}

export function seatLabel(seat) {
  if (seat.kind === "open") return `${seat.name} (open)`;
  if (seat.kind === "ai") return `${seat.name} (AI ${seat.agent})`;
  return seat.name;
}
