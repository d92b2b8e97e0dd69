// The Lord of the Rings at the table: the master board with the corruption track, the Conflict
// board on top of it, the hobbits, your hand and the choices the rules give you now.
//
// The page hands this view a frame ({observation, legal, seat, log, ...}) after every change and a
// context ({act, names}). The view applies no rules: every button is one text of `frame.legal`, and
// a card's plays are the legal texts that name it. Card names and symbols come from cards.json,
// written from the game's data/cards.toml (a test keeps the two in step).

import { el, clear } from "/static/js/dom.js";
import { tokens } from "/static/js/api.js";

const SYMBOLS = { fighting: "⚔", friendship: "♣", hiding: "◐", traveling: "➜", wild: "✶" };
const TOKENS = { heart: "♥", sun: "☀", ring: "○" };
const REWARDS = { rune: "✦", gold: "G", ring: "○", heart: "♥", sun: "☀", die: "⚀", purity: "✚" };
const REWARD_WORDS = { rune: "a rune", gold: "a gold rune", ring: "a Ring token", heart: "a Heart token",
  sun: "a Sun token", die: "a roll of the Threat die", purity: "one step away from Sauron" };
const PLACES = ["bag_end", "rivendell", "moria", "lothlorien", "helms_deep", "shelobs_lair", "mordor"];
const PLACE_NAMES = { bag_end: "Bag End", rivendell: "Rivendell", moria: "Moria", lothlorien: "Lothlórien",
  helms_deep: "Helm's Deep", shelobs_lair: "Shelob's Lair", mordor: "Mordor" };
const ABILITIES = { brown_as_wild: "brown cards count as wild", loyal: "may take Frodo's place",
  any_two_cards: "may play any two cards", one_token_fewer: "needs one Life token fewer",
  draws_after_conflict: "draws after each Conflict" };
const OUTCOMES = { destroyed: "The Ring is destroyed: the Fellowship wins!",
  doom: "Every hobbit fell on Mount Doom before the Ring was destroyed.",
  ring_is_mine: "The Ring is Mine! Sauron has it.", bearer_lost: "The Ring-bearer is lost: Sauron wins.",
  all_lost: "Every hobbit is lost: Sauron wins.", traitor: "The Ring-bearer has joined Sauron." };

// How the legal actions are grouped into rows of buttons, by their first word.
const GROUPS = [
  { name: "plays", title: "Play cards", verbs: ["play", "refresh", "end"] },
  { name: "tracks", title: "Advance a track", verbs: ["advance"] },
  { name: "gives", title: "Give", verbs: ["give"] },
  { name: "window", title: "Act out of turn", verbs: ["ring", "call", "gandalf", "use"] },
  { name: "choices", title: "Choose", verbs: ["choose", "volunteer", "decline", "prepare", "draw", "arrange", "discard", "done"] },
  { name: "pass", title: "", verbs: ["pass"] },
];

let cardsLoaded = null;
function loadCards() {
  cardsLoaded ??= fetch("/static/games/fellowship/cards.json")
    .then((answer) => (answer.ok ? answer.json() : { cards: {} }))
    .then((data) => data.cards)
    .catch(() => ({}));
  return cardsLoaded;
}

const words = (text) => text.replaceAll("_", " ").replaceAll("-", " ");

export function createView(root, ctx) {
  const master = el("section", { class: "fs-master panel", "aria-label": "Master board" });
  const conflict = el("section", { class: "fs-conflict", "aria-label": "Conflict board" });
  const hobbits = el("section", { class: "fs-hobbits", "aria-label": "Hobbits" });
  const hand = el("section", { class: "fs-hand panel", "aria-label": "Your hand" });
  const decision = el("section", { class: "fs-decision panel", "aria-label": "Decision" });
  const side = el("aside", { class: "fs-side" });
  clear(root).append(el("div", { class: "fellowship" },
    el("div", { class: "fs-main" }, decision, master, conflict, hobbits, hand), side));

  let frame = null;
  let cards = {};
  let picked = null;  // the card whose plays are open
  loadCards().then((found) => { cards = found; if (frame) draw(); });

  const cardName = (id) => cards[id]?.name ?? words(id);

  /** A legal action's text for people: card ids become card names. */
  function label(text) {
    const [verb, ...rest] = text.split(" ");
    const named = rest.map((word) => (cards[word] ? cards[word].name : words(word)));
    const title = { call: "Call", end: "End turn", pass: "Pass", ring: "Put on the Ring", done: "Done",
      refresh: "Refresh:", choose: "Option", use: "Use", gandalf: "Gandalf:" }[verb];
    if (verb === "end" || verb === "pass" || verb === "ring" || verb === "done") return title;
    return `${title ?? verb[0].toUpperCase() + verb.slice(1)} ${named.join(" ")}`;
  }

  /** Send a choice once: the buttons stay disabled until the next frame (or a refusal) redraws. */
  function send(text) {
    for (const button of root.querySelectorAll("button.fs-action")) button.disabled = true;
    root.querySelector(".fellowship").classList.add("waiting");
    ctx.act(text);
  }

  function actionButton(text) {
    const button = el("button", { class: `fs-action verb-${text.split(" ")[0]}`, "data-action": text, title: text }, label(text));
    button.addEventListener("click", () => send(text));
    return button;
  }

  /** Hot seat: this browser holds several seats and the page has just passed to another one, whose
   * hand (and what it knows of the others') stays covered until that player says they are alone. */
  function covered() {
    const id = root.closest("[data-match]")?.dataset.match;
    if (!id || frame.seat === null || frame.seat === undefined || frame.status === "finished") return false;
    if (Object.keys(tokens(id)).length < 2) return false;
    return sessionStorage.getItem(`fellowship:shown:${id}`) !== String(frame.seat);
  }

  function drawCover(obs) {
    const id = root.closest("[data-match]").dataset.match;
    const hobbit = obs.players[frame.seat]?.hobbit ?? `seat ${frame.seat}`;
    const show = el("button", { class: "primary fs-reveal" }, `I am ${hobbit}: show my hand`);
    show.addEventListener("click", () => {
      sessionStorage.setItem(`fellowship:shown:${id}`, String(frame.seat));
      draw();
    });
    clear(decision).append(el("h2", {}, `Pass the device to ${hobbit}`),
      el("p", {}, `${hobbit}'s hand is shown next: the others look away.`), show);
    decision.classList.remove("window", "mine");
    decision.classList.add("cover");
    clear(hand).classList.add("hidden");
  }

  function draw() {
    const obs = frame.observation;
    root.querySelector(".fellowship").classList.remove("waiting");
    const cover = covered();
    decision.classList.remove("cover");
    if (cover) drawCover(obs);
    else {
      drawDecision(obs);
      drawHand(obs);
    }
    drawMaster(obs);
    drawConflict(obs);
    drawHobbits(obs, cover);
    drawSide(obs);
  }

  function drawDecision(obs) {
    clear(decision);
    const legal = frame.legal ?? [];
    const names = ctx.names?.() ?? [];
    if (obs.outcome) {
      decision.append(el("h2", { class: `fs-outcome outcome-${obs.outcome}` }, OUTCOMES[obs.outcome] ?? obs.outcome),
        el("p", {}, `Score: ${obs.score}`));
      return;
    }
    if (frame.status === "open") {
      decision.append(el("h2", {}, "Waiting for every seat to be taken…"));
      return;
    }
    const outOfTurn = /may act now/.test(obs.deciding ?? "");
    const mine = legal.length > 0;
    const mover = obs.to_move;
    const who = mover && names[obs.players.findIndex((p) => p.hobbit === mover)];
    const heading = mine ? (outOfTurn ? `${mover}, you may act now` : `${mover}, your move`)
      : mover ? `${mover}${who && who !== mover ? ` (${who})` : ""} is deciding…` : "…";
    decision.classList.toggle("window", outOfTurn);
    decision.classList.toggle("mine", mine);
    decision.append(el("h2", { class: "fs-turn" }, heading));
    decision.append(el("p", { class: `fs-deciding${outOfTurn ? " fs-window" : ""}` },
      outOfTurn ? `${obs.deciding.replace(" or pass", "")}: act, or pass.` : obs.deciding));
    if (!mine) return;
    const groups = el("div", { class: "fs-groups" });
    for (const group of GROUPS) {
      const own = legal.filter((text) => group.verbs.includes(text.split(" ")[0]));
      if (!own.length) continue;
      const row = el("div", { class: `fs-group group-${group.name}`, "data-group": group.name },
        group.title ? el("span", { class: "fs-group-title" }, group.title) : "");
      row.append(el("div", { class: "fs-buttons" }, own.map(actionButton)));
      groups.append(row);
    }
    decision.append(groups);
    if (legal.some((text) => /^(play|give|discard) /.test(text))) {
      decision.append(el("p", { class: "hint" }, "Click a card in your hand to see what it can do now."));
    }
  }

  function drawMaster(obs) {
    clear(master);
    const path = el("ol", { class: "fs-path", "aria-label": "The path to Mordor" });
    const here = PLACES.indexOf(obs.location);
    PLACES.forEach((place, i) => path.append(el("li", {
      class: i < here ? "passed" : i === here ? "here" : "ahead" }, PLACE_NAMES[place])));
    const track = el("div", { class: "fs-corruption", role: "list", "aria-label": "Corruption track" });
    for (let space = 0; space <= obs.corruption_spaces; space++) {
      const cell = el("div", { class: `fs-space${space === obs.sauron ? " sauron" : ""}`, role: "listitem", "data-space": space },
        el("span", { class: "fs-number" }, String(space)));
      if (space === obs.sauron) cell.append(el("span", { class: "fs-eye", title: "Sauron" }, "◉"));
      obs.players.forEach((player, seat) => {
        if (!player.eliminated && player.corruption === space) {
          cell.append(el("span", { class: `fs-pawn pawn-${seat}`, title: `${player.hobbit}: ${space}` }, player.hobbit[0]));
        }
      });
      track.append(cell);
    }
    const facts = el("p", { class: "fs-facts" },
      el("span", { class: "fs-bearer" }, obs.ring_bearer ? `○ Ring-bearer: ${obs.ring_bearer}` : "The Ring is on Mount Doom"),
      obs.ring_used ? el("span", { class: "dim" }, " (the Ring was used this Conflict)") : "",
      ` · Sauron on ${obs.sauron} · Gandalf cards left: ${obs.gandalf.length ? obs.gandalf.join(", ") : "none"}`,
      ` · gold runes left: ${obs.gold_runes_left}`,
      ` · deck ${obs.deck}, discard ${obs.discard.length}`);
    master.append(el("h3", {}, "Master board"), path, track, facts);
  }

  function drawConflict(obs) {
    clear(conflict);
    const board = obs.conflict;
    if (!board) {
      conflict.classList.add("hidden");
      return;
    }
    conflict.classList.remove("hidden");
    const ahead = obs.location === board.id ? "" : " (the next Conflict)";
    conflict.append(el("h3", {}, `Conflict: ${board.name}${ahead}`));
    for (const track of board.tracks) {
      const main = track.activity === board.main;
      const row = el("div", { class: `fs-track${main ? " main" : ""}`, "data-activity": track.activity });
      row.append(el("span", { class: `fs-track-name sym-${track.activity}` }, `${SYMBOLS[track.activity]} ${track.activity}`));
      const spaces = el("div", { class: "fs-spaces" });
      for (let space = 0; space <= track.length; space++) {
        const reward = space === 0 ? "start" : track.rewards[space - 1];
        const cell = el("div", { class: `fs-cell${space === track.position ? " marker" : ""}${space < track.position ? " passed" : ""}`,
          title: space === 0 ? "start" : rewardTitle(reward) });
        cell.append(el("span", { class: "fs-reward" }, space === 0 ? "▶" : rewardGlyph(reward)));
        if (main && space > 0 && track.scores[space - 1] !== undefined) cell.append(el("span", { class: "fs-score" }, String(track.scores[space - 1])));
        spaces.append(cell);
      }
      row.append(spaces, el("span", { class: "fs-progress" }, `${track.position}/${track.length}${track.position >= track.length ? " ✓" : ""}`));
      conflict.append(row);
    }
    const events = el("ol", { class: "fs-events", "aria-label": "Event track" });
    board.events.forEach((name, i) => {
      const number = i + 1;
      events.append(el("li", { class: number === board.event ? "current" : number < board.event ? "passed" : "" }, name));
    });
    conflict.append(el("div", { class: "fs-event-row" }, el("span", { class: "fs-track-name" }, "Events"), events));
    const notes = el("p", { class: "fs-facts" }, `Story tiles left: ${board.story_tiles_left}`);
    if (obs.tile) notes.append(" · Story tile: ", el("strong", { class: "fs-tile" }, words(obs.tile)));
    if (obs.last_event) notes.append(` · last event: ${obs.last_event}`);
    conflict.append(notes);
    if (obs.offered.length) conflict.append(el("p", { class: "fs-offered" }, "Offered: ",
      obs.offered.map((o) => `${o.hobbit} ${cardName(o.item)}`).join(", ")));
    if (obs.revealed.length) conflict.append(el("p", {}, "Face up: ", obs.revealed.map(cardName).join(", ")));
  }

  function drawHobbits(obs, cover) {
    clear(hobbits);
    const names = ctx.names?.() ?? [];
    obs.players.forEach((player, seat) => {
      const mine = String(seat) === String(frame.seat);
      const card = el("div", { class: `fs-hobbit pawn-${seat}${player.hobbit === obs.to_move ? " to-move" : ""}`
        + `${player.eliminated ? " out" : ""}${mine ? " mine" : ""}`, "data-seat": seat });
      const title = el("header", {}, el("strong", {}, player.hobbit));
      if (names[seat] && names[seat] !== player.hobbit) title.append(el("span", { class: "who" }, names[seat]));
      if (player.hobbit === obs.ring_bearer) title.append(el("span", { class: "badge bearer" }, "Ring-bearer"));
      if (player.hobbit === obs.active && !obs.outcome) title.append(el("span", { class: "badge active" }, "active"));
      if (player.eliminated) title.append(el("span", { class: "badge lost" }, "lost"));
      card.append(title, el("p", { class: "dim" }, ABILITIES[player.ability] ?? player.ability));
      const tokens = Object.entries(player.tokens).filter(([, n]) => n)
        .map(([name, n]) => el("span", { class: `fs-token token-${name}`, title: `${n} ${name}` }, `${TOKENS[name]}${n > 1 ? n : ""}`));
      card.append(el("p", { class: "fs-stats" },
        el("span", { title: "cards in hand" }, `cards ${player.cards}`),
        el("span", { class: "fs-runes", title: "runes" }, `runes ${player.runes ?? "?"}`),
        el("span", { title: "corruption" }, `corruption ${player.corruption}`),
        el("span", { class: "fs-tokens" }, tokens.length ? tokens : el("span", { class: "dim" }, "no tokens"))));
      if (player.known_cards?.length && !cover) card.append(el("p", { class: "fs-known" }, "You know they hold: ", player.known_cards.map(cardName).join(", ")));
      hobbits.append(card);
    });
  }

  function drawHand(obs) {
    clear(hand);
    if (!obs.hand) {
      hand.classList.add("hidden");
      return;
    }
    hand.classList.remove("hidden");
    const me = obs.players[frame.seat]?.hobbit ?? "Your";
    hand.append(el("h3", {}, `${me}'s hand (${obs.hand.length})`));
    const legal = frame.legal ?? [];
    const playsOf = (id) => legal.filter((text) => text.split(" ")[1] === id);
    if (picked && !obs.hand.includes(picked)) picked = null;
    const row = el("div", { class: "fs-cards" });
    for (const id of new Set(obs.hand)) {
      const copies = obs.hand.filter((c) => c === id).length;
      const info = cards[id] ?? { name: words(id), colour: "brown", symbols: [] };
      const plays = playsOf(id);
      const card = el("button", { class: `fs-card colour-${info.colour}${plays.length ? " playable" : ""}${picked === id ? " picked" : ""}`,
        "data-card": id, "aria-pressed": String(picked === id), title: `${info.name} (${info.colour})` },
        el("span", { class: "fs-card-name" }, info.name),
        el("span", { class: "fs-symbols" }, info.symbols.length
          ? info.symbols.map((s) => el("span", { class: `sym sym-${s}`, title: s }, SYMBOLS[s] ?? s))
          : el("span", { class: "fs-story" }, "story card")),
        copies > 1 ? el("span", { class: "fs-copies" }, `×${copies}`) : "");
      card.addEventListener("click", () => { picked = picked === id ? null : id; drawHand(obs); });
      row.append(card);
    }
    if (!obs.hand.length) row.append(el("p", { class: "dim" }, "No cards."));
    hand.append(row);
    if (picked) {
      const info = cards[picked] ?? { name: words(picked), colour: "", symbols: [] };
      const plays = playsOf(picked);
      const detail = el("div", { class: "fs-card-plays", "aria-live": "polite" },
        el("strong", {}, info.name), ` · ${info.colour}`,
        info.symbols.length ? ` · ${info.symbols.join(", ")}` : info.ability ? ` · ${words(info.ability)}` : "");
      detail.append(plays.length ? el("div", { class: "fs-buttons" }, plays.map(actionButton))
        : el("p", { class: "dim" }, legal.length ? "This card has no use in this decision." : "Not your move."));
      hand.append(detail);
    }
    if (obs.passing) hand.append(el("p", { class: "dim" }, `Passing face down: ${cardName(obs.passing)}`));
    if (obs.story_top?.length) hand.append(el("p", { class: "dim" }, `Next Story tiles (you arranged them): ${obs.story_top.map(words).join(", ")}`));
  }

  function drawSide(obs) {
    clear(side);
    const names = ctx.names?.() ?? [];
    const log = el("ol", { class: "log", "aria-label": "Log" });
    const entries = frame.log ?? [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const who = entry.mover === "chance" ? "chance" : obs.players[entry.mover]?.hobbit ?? names[entry.mover] ?? `seat ${entry.mover}`;
      if (entry.action === null) {  // hidden outcomes in a row (a deal of six cards) make one line
        let last = i;
        while (entries[last + 1]?.action === null && entries[last + 1]?.mover === entry.mover) last++;
        const count = last - i + 1;
        const step = count > 1 ? `#${entry.version}–${entries[last].version}` : `#${entry.version}`;
        log.append(el("li", { class: "hidden-draw" }, el("span", { class: "step" }, step), ` ${who}: `,
          el("span", { class: "dim" }, count > 1 ? `${count} outcomes not shown to the table` : "an outcome not shown to the table")));
        i = last;
        continue;
      }
      log.append(el("li", {}, el("span", { class: "step" }, `#${entry.version}`), ` ${who}: `, label(entry.action)));
    }
    if (!(frame.log ?? []).length) log.append(el("li", { class: "empty" }, "The quest begins at Bag End."));
    side.append(el("h3", {}, "What happened"), log);
    log.scrollTop = log.scrollHeight;
  }

  return {
    update(next) {
      if (next.version !== frame?.version) picked = null;  // a new moment: the open card closes
      frame = next;
      draw();
    },
  };
}

function rewardGlyph(reward) {
  if (!reward || reward === "-") return "·";
  return reward.split("+").map((part) => (part.startsWith("card:") ? "▭" : REWARDS[part] ?? part)).join("");
}

function rewardTitle(reward) {
  if (!reward || reward === "-") return "no reward";
  return reward.split("+").map((part) => (part.startsWith("card:") ? `the card ${words(part.slice(5))}` : REWARD_WORDS[part] ?? part)).join(" and ");
}
