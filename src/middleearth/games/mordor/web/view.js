// Journey to Mordor at the table: every player's sheet, the dice tray and the log.
//
// The page hands this view a frame ({observation, legal, seat, ...}) after every change and
// a context ({act, odds, names}). The view never applies rules itself: the dice a player may
// set aside together are exactly those of a legal action text ("keep yellow:ring black:tree"),
// so a selection is confirmed only when it equals one of them.

import { el, svg, clear } from "/static/js/dom.js";

const SYMBOL_NAMES = {
  ring: "Ring", gandalf: "Gandalf", fellowship: "Fellowship", orc: "Orc",
  nazgul: "Nazgûl", tree: "White Tree",
};

const FEATURES = {
  none: "",
  identical_symbols: "You may set aside identical symbols",
  no_gandalf: "Gandalf has no effect",
  double_fellowship: "Fellowship members count double",
  reroll_each_roll: "You may reroll each roll once",
  double_orcs: "Orcs count double",
  nazgul_spare_you: "The Nazgûl do not affect you",
  all_nazgul_on_you: "All Nazgûl affect you",
  one_ring_fewer: "Counts one ring fewer",
};

// Simple glyphs on a 24x24 grid, drawn in the ink colour of the die.
const GLYPHS = {
  ring: '<circle cx="12" cy="12" r="6.5" fill="none" stroke="currentColor" stroke-width="3"/>' +
        '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="0.8" opacity="0.6"/>',
  gandalf: '<path d="M12 2.5 L17.5 17 H6.5 Z" fill="currentColor"/>' +
           '<path d="M3 17.5 H21 V20 H3 Z" fill="currentColor"/>',
  fellowship: '<circle cx="12" cy="6.5" r="3.5" fill="currentColor"/>' +
              '<path d="M5.5 21 C5.5 13 8 11 12 11 C16 11 18.5 13 18.5 21 Z" fill="currentColor"/>',
  orc: '<path d="M4 9 L8 3 L12 7 L16 3 L20 9 L18 19 L12 21.5 L6 19 Z" fill="currentColor"/>' +
       '<path d="M7.5 11 L11 12.5 L7.5 13.5 Z M16.5 11 L13 12.5 L16.5 13.5 Z" fill="var(--die)"/>' +
       '<path d="M8.5 16.5 L10 18 L12 16.5 L14 18 L15.5 16.5" fill="none" stroke="var(--die)" stroke-width="1.2"/>',
  nazgul: '<path d="M12 2 C6.5 5.5 5.5 13 4 22 H20 C18.5 13 17.5 5.5 12 2 Z" fill="currentColor"/>' +
          '<ellipse cx="12" cy="10" rx="3" ry="3.6" fill="var(--die)"/>' +
          '<circle cx="10.8" cy="10" r="0.8" fill="#d33"/><circle cx="13.2" cy="10" r="0.8" fill="#d33"/>',
  tree: '<path d="M11.2 12 H12.8 V21 H11.2 Z" fill="currentColor"/>' +
        '<path d="M12 3 C8 6 5 8 5 11 C7 10.5 9.5 11 12 13 C14.5 11 17 10.5 19 11 C19 8 16 6 12 3 Z" fill="currentColor"/>' +
        '<path d="M4 21 H20" stroke="currentColor" stroke-width="1.4"/>' +
        '<circle cx="8" cy="4" r="0.9" fill="currentColor"/><circle cx="12" cy="1.6" r="0.9" fill="currentColor"/>' +
        '<circle cx="16" cy="4" r="0.9" fill="currentColor"/>',
};

/** A die as a button-like tile in its colour, showing one symbol. */
export function dieElement(colour, face, { small = false } = {}) {
  const die = el("div", { class: `die die-${colour}${small ? " die-small" : ""}`,
                          title: `${colour} die: ${SYMBOL_NAMES[face] ?? face}`,
                          "data-colour": colour, "data-face": face });
  die.append(svg(`<svg viewBox="0 0 24 24" aria-hidden="true">${GLYPHS[face] ?? ""}</svg>`));
  die.append(el("span", { class: "sr-only" }, `${colour} ${SYMBOL_NAMES[face] ?? face}`));
  return die;
}

/** The legal "keep" actions as sets of colours, with "reroll" apart. */
function parseLegal(legal) {
  const keeps = [];
  let reroll = false;
  for (const text of legal) {
    const [verb, ...dice] = text.split(" ");
    if (verb === "reroll") reroll = true;
    if (verb === "keep") keeps.push({ text, colours: new Set(dice.map((d) => d.split(":")[0])) });
  }
  return { keeps, reroll };
}

const isSubset = (small, big) => [...small].every((x) => big.has(x));
const sameSet = (a, b) => a.size === b.size && isSubset(a, b);

/** Group the route's spaces by location: [{name, feature, first, last}, ...]. */
function locations(obs) {
  const groups = [];
  obs.route.forEach((name, i) => {
    const last = groups[groups.length - 1];
    if (last && last.name === name) last.last = i;
    else groups.push({ name, feature: obs.route_features?.[i] ?? "none", first: i, last: i });
  });
  return groups;
}

function ringRoute(obs, player) {
  const route = el("div", { class: "ring-route", role: "list", "aria-label": "Ring-bearer's route" });
  for (const place of locations(obs)) {
    const here = player.ring >= place.first && player.ring <= place.last;
    const group = el("div", { class: `place${here ? " here" : ""}${place.feature !== "none" ? " featured" : ""}`,
                              role: "listitem", title: FEATURES[place.feature] || place.name });
    const spaces = el("div", { class: "spaces" });
    for (let i = place.first; i <= place.last; i++) {
      const state = i < player.ring ? "passed" : i === player.ring ? "current" : "ahead";
      spaces.append(el("span", { class: `space ${state}` }));
    }
    group.append(spaces, el("span", { class: "place-name" }, place.name));
    if (place.feature !== "none") group.append(el("span", { class: "place-feature" }, FEATURES[place.feature]));
    route.append(group);
  }
  return route;
}

function nazgulRoute(player) {
  const route = el("div", { class: "nazgul-route", "aria-label": "Nazgûl route" });
  player.nazgul_route.forEach((space, i) => {
    const last = i === player.nazgul_route.length - 1;
    const box = el("span", { class: `square${space.split ? " split" : ""}${last ? " doom" : ""}`,
                             title: `${space.split ? "split, " : ""}${space.marked} marked` });
    const halves = space.split ? 2 : 1;
    for (let h = 0; h < halves; h++) box.append(el("span", { class: `half${h < space.marked ? " marked" : ""}` }));
    route.append(box);
  });
  return route;
}

function sheet(obs, player, names, mine) {
  const active = obs.winners === null && player.seat === obs.turn_of;
  const won = obs.winners?.includes(player.seat);
  const status = player.eliminated ? "eliminated" : won ? "winner" : player.reached_mordor ? "in Mordor" : "";
  const card = el("section", {
    class: `sheet colour-${player.colour}${active ? " active" : ""}${player.eliminated ? " out" : ""}${mine ? " mine" : ""}`,
    "data-seat": player.seat,
  });
  card.append(el("header", {},
    el("span", { class: `token token-${player.colour}` }),
    el("strong", {}, player.hobbit),
    names[player.seat] && names[player.seat] !== player.hobbit ? el("span", { class: "who" }, names[player.seat]) : "",
    status ? el("span", { class: `badge ${status.replace(" ", "-")}` }, status) : "",
    active ? el("span", { class: "badge turn" }, "to play") : "",
  ));
  card.append(el("div", { class: "route-label" }, "Ring-bearer's route"), ringRoute(obs, player));
  card.append(el("div", { class: "route-label" }, `Nazgûl route · ${player.unmarked} unmarked`), nazgulRoute(player));
  return card;
}

/** The view object the page drives: update(frame) redraws, keeping the player's die selection. */
export function createView(root, ctx) {
  const board = el("div", { class: "mordor" });
  const sheets = el("div", { class: "sheets" });
  const table = el("section", { class: "tray", "aria-label": "Dice tray" });
  const side = el("aside", { class: "side" });
  board.append(el("div", { class: "board" }, table, sheets), side);
  clear(root).append(board);

  let selected = new Set();
  let frame = null;
  let lastRoll = null;
  let tumble = false;  // the dice were just thrown: they land with a short tumble
  let seen = Infinity;  // the last log entry shown; later ones are highlighted as they arrive
  let keys = {};  // this moment's keyboard shortcuts: "1".."5" toggle dice, Enter sets aside, r rerolls

  const onKey = (event) => {
    if (event.target.closest?.("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    const run = keys[event.key.toLowerCase()];
    if (run) {
      event.preventDefault();
      run();
    }
  };
  document.addEventListener("keydown", onKey);

  /** Send a choice once: the tray is frozen until the server's next state (or a refusal) redraws it. */
  function send(text) {
    keys = {};
    for (const button of table.querySelectorAll("button")) button.disabled = true;
    table.classList.add("waiting");
    ctx.act(text);
  }

  /** Select the dice of a legal keep (a click on a row of the odds). */
  function choose(text) {
    if (!(frame.legal ?? []).includes(text) || !text.startsWith("keep ")) return;
    selected = new Set(text.split(" ").slice(1).map((d) => d.split(":")[0]));
    drawTray(frame.observation, ctx.names?.() ?? []);
  }

  function draw() {
    const obs = frame.observation;
    const names = ctx.names?.() ?? [];
    clear(sheets);
    for (const player of obs.players) sheets.append(sheet(obs, player, names, player.seat === frame.seat));
    drawTray(obs, names);
    tumble = false;
    drawSide(obs);
  }

  function drawTray(obs, names) {
    clear(table).classList.remove("waiting");
    const { keeps, reroll } = parseLegal(frame.legal ?? []);
    const myMove = keeps.length > 0 || reroll;
    const mover = obs.players[obs.turn_of];
    const heading = obs.winners !== null ? winnersText(obs)
      : frame.status === "open" ? "Waiting for every seat to be taken…"
      : `${mover.hobbit}${names[mover.seat] && names[mover.seat] !== mover.hobbit ? ` (${names[mover.seat]})` : ""}`
        + (myMove ? ": your move" : " is playing");
    table.append(el("h2", { class: "turn-line" }, heading));
    keys = {};
    if (obs.winners !== null) {
      table.append(standings(obs, names));
      return;
    }
    if (obs.final_round && obs.winners === null) table.append(el("p", { class: "notice" }, "Final round: a hobbit has reached Mordor."));
    if (obs.dice.feature !== "none" && obs.winners === null) {
      table.append(el("p", { class: "notice feature" }, `${mover.location}: ${FEATURES[obs.dice.feature]}`));
    }

    const rolled = el("div", { class: "dice rolled", "aria-label": "Rolled dice" });
    const roll = obs.dice.roll ?? [];
    // Only dice that can still join some legal selection are offered.
    const reachable = (colour) => keeps.some((k) => k.colours.has(colour) && isSubset(selected, k.colours));
    roll.forEach(({ colour, face }, index) => {
      const die = dieElement(colour, face);
      if (face === "nazgul") die.title = `Nazgûl on the ${colour} die${dieOwner(obs, colour)}`;
      if (tumble) die.classList.add("tumble");
      if (myMove) {
        const on = selected.has(colour);
        const usable = on || reachable(colour);
        die.classList.add(on ? "selected" : usable ? "choosable" : "blocked");
        die.setAttribute("role", "button");
        die.setAttribute("tabindex", usable ? "0" : "-1");
        die.setAttribute("aria-pressed", String(on));
        if (usable) {
          const toggle = () => { on ? selected.delete(colour) : selected.add(colour); drawTray(obs, names); };
          die.addEventListener("click", toggle);
          die.addEventListener("keydown", (e) => { if (e.key === " ") { e.preventDefault(); toggle(); } });
          keys[String(index + 1)] = toggle;
        }
      }
      rolled.append(die);
    });
    if (!roll.length) {
      const waiting = obs.winners === null ? `${obs.dice.in_hand.length} dice to roll…` : "";
      rolled.append(el("span", { class: "placeholder" }, waiting));
    }
    table.append(el("div", { class: "tray-row" }, el("span", { class: "tray-label" }, "Rolled"), rolled));

    const kept = el("div", { class: "dice kept", "aria-label": "Set aside" });
    for (const { colour, face } of obs.dice.kept) kept.append(dieElement(colour, face, { small: true }));
    if (!obs.dice.kept.length) kept.append(el("span", { class: "placeholder" }, "nothing yet"));
    table.append(el("div", { class: "tray-row" }, el("span", { class: "tray-label" }, "Set aside"), kept));

    if (myMove) {
      const match = keeps.find((k) => sameSet(k.colours, selected));
      const stops = match && /:tree\b/.test(match.text);
      const confirm = el("button", { class: "primary confirm", disabled: !match }, match
        ? (stops ? "Set aside and stop (White Tree)" : `Set aside ${selected.size} ${selected.size === 1 ? "die" : "dice"}`)
        : !selected.size ? "Choose dice to set aside"
        : keeps.some((k) => isSubset(selected, k.colours)) ? "Choose more dice" : "Not a legal choice");
      confirm.addEventListener("click", () => { if (match) send(match.text); });
      if (match) keys.enter = () => send(match.text);
      const actions = el("div", { class: "tray-actions" }, confirm);
      if (reroll) {
        const again = el("button", { class: "reroll" }, "Reroll (Rohan)");
        again.addEventListener("click", () => send("reroll"));
        keys.r = () => send("reroll");
        actions.append(again);
      }
      if (selected.size) {
        const none = el("button", { class: "quiet" }, "Clear");
        none.addEventListener("click", () => { selected = new Set(); drawTray(obs, names); });
        actions.append(none);
      }
      table.append(actions);
      table.append(el("p", { class: "hint" }, hint(obs, keeps),
        el("span", { class: "keys" }, ` Keys: 1–${roll.length} pick dice, Enter sets them aside${reroll ? ", R rerolls" : ""}.`)));
    } else if (lastTurn(obs).length) {
      table.append(el("div", { class: "tray-row" }, el("span", { class: "tray-label" }, "Last turn"),
        el("ul", { class: "last-turn" }, lastTurn(obs).map((text) => el("li", {}, text)))));
    }
  }

  function drawSide(obs) {
    clear(side);
    if (ctx.odds && obs.dice.roll && obs.winners === null) {
      const box = el("div", { class: "odds" });
      const ask = el("button", { class: "quiet odds-button" }, "Odds of this decision");
      ask.addEventListener("click", async () => {
        ask.disabled = true;
        ask.textContent = "Working out the odds…";
        try {
          clear(box).append(oddsTable(await ctx.odds(), choose));
        } catch (error) {
          clear(box).append(el("p", { class: "error" }, String(error.message ?? error)));
        }
      });
      box.append(ask);
      side.append(box);
    }
    const log = el("ol", { class: "log", "aria-label": "Log" });
    for (const entry of obs.log) {
      log.append(el("li", { class: entry.action > seen ? "fresh" : "" }, el("span", { class: "step" }, `#${entry.action}`), " ", entry.text));
    }
    if (!obs.log.length) log.append(el("li", { class: "empty" }, "The journey begins at Bag End."));
    seen = obs.log.length ? obs.log[obs.log.length - 1].action : 0;
    side.append(el("h3", {}, "What happened"), log);
    log.scrollTop = log.scrollHeight;
  }

  return {
    destroy() {
      document.removeEventListener("keydown", onKey);
    },
    update(next) {
      const roll = JSON.stringify(next.observation.dice.roll);
      if (roll !== lastRoll || !next.legal?.length) selected = new Set();  // a new roll: start afresh
      tumble = roll !== lastRoll && next.observation.dice.roll !== null;
      lastRoll = roll;
      frame = next;
      draw();
    },
  };
}

/** The end of the journey: every hobbit, the farthest first, and where they stopped. */
function standings(obs, names) {
  const order = [...obs.players].sort((a, b) => Number(obs.winners.includes(b.seat)) - Number(obs.winners.includes(a.seat))
    || Number(a.eliminated) - Number(b.eliminated) || b.ring - a.ring || b.unmarked - a.unmarked);
  const list = el("ol", { class: "standings" });
  for (const player of order) {
    const fate = obs.winners.includes(player.seat) ? "reached Mount Doom"
      : player.eliminated ? `fell to the Nazgûl at ${player.location}`
      : player.reached_mordor ? "reached Mordor too, with fewer free Nazgûl spaces" : `stopped at ${player.location}`;
    const who = names[player.seat] && names[player.seat] !== player.hobbit ? ` (${names[player.seat]})` : "";
    list.append(el("li", {}, el("span", { class: `token token-${player.colour}` }), el("strong", {}, player.hobbit),
      `${who} ${fate}`));
  }
  return list;
}

function winnersText(obs) {
  if (!obs.winners.length) return "Everyone is eliminated: Sauron wins.";
  const names = obs.winners.map((s) => obs.players[s].hobbit);
  return `${names.join(" and ")} ${names.length === 1 ? "destroys the Ring and wins!" : "share the win!"}`;
}

/** Whose colour a die is: the colour matters only for a Nazgûl (the rules decide whom it marks). */
function dieOwner(obs, colour) {
  const owner = obs.players.find((p) => p.colour === colour);
  return owner ? ` (${owner.hobbit}'s colour)` : "";
}

/** The results of the most recent turn that ended, as the log tells them. */
function lastTurn(obs) {
  const last = obs.log[obs.log.length - 1]?.action;
  return obs.log.filter((entry) => entry.action === last).map((entry) => entry.text);
}

function hint(obs, keeps) {
  const nazgul = (obs.dice.roll ?? []).some((d) => d.face === "nazgul");
  const parts = ["Click dice to set them aside, each with a different symbol."];
  if (nazgul) parts.push("A Nazgûl was rolled: one must be set aside.");
  if (keeps.some((k) => /:tree\b/.test(k.text))) parts.push("Setting aside the White Tree ends your turn now.");
  return parts.join(" ");
}

const mean = (distribution = {}) => Object.entries(distribution).reduce((sum, [n, p]) => sum + Number(n) * p, 0);
const percent = (p) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 2 : 1)}%`;

/** decision_odds as a table: each choice (drawn as its dice), its chance to win and what the turn brings. */
function oddsTable(rows, choose) {
  if (!Array.isArray(rows) || !rows.length) return el("p", {}, "No choice to weigh.");
  const table = el("table", { class: "odds-table" });
  table.append(el("tr", {}, el("th", {}, "choice"), el("th", { title: "estimated chance to win after this turn" }, "win"),
    el("th", { title: "spaces advanced on average" }, "ring"), el("th", { title: "Nazgûl marks on you on average" }, "Nazgûl")));
  for (const row of rows) {
    const text = row.action;
    const dice = text === "reroll" ? "reroll"
      : el("span", { class: "odds-dice" }, text.split(" ").slice(1).map((d) => dieElement(...d.split(":"), { small: true })));
    const line = el("tr", { class: row.best ? "best" : "", title: `${text}: click to choose it`, "data-action": text },
      el("td", {}, dice), el("td", {}, percent(row.value)),
      el("td", {}, `+${mean(row.advance).toFixed(2)}`), el("td", {}, mean(row.marks_on_you).toFixed(2)));
    line.addEventListener("click", () => choose(text));
    table.append(line);
  }
  return el("div", {}, table, el("p", { class: "hint" }, "Exact, with the rest of the turn played well. The best choice is in bold; click a row to choose it."));
}
