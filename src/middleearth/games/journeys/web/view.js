// Journeys in Middle-earth at the table: the hex map of the placed tiles with its figures and
// tokens, the threat bar, the heroes' boards, the enemy menus and the choices of the moment.
//
// The page hands this view a frame ({observation, legal, seat, log, ...}) after every change and a
// context ({act, names}). The view applies no rules and draws only what the observation holds:
// every control is one text of `frame.legal`, placed where it belongs (a move as an arrow on the
// map, an interaction on its token, an attack in its group's menu, a hero's turn on their board)
// when that place is drawn, and as a plain button otherwise, so no legal action is unreachable.

import { el, clear } from "/static/js/dom.js";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 40;  // a hex's corner radius, in map units
const MIN_SCALE = 0.6;  // pixels per map unit at least: a hex 24px in radius, an arrow a finger wide
const ROOT3 = Math.sqrt(3);
const STEPS = { E: [1, 0], NE: [1, -1], NW: [0, -1], W: [-1, 0], SW: [-1, 1], SE: [0, 1] };
const ARROWS = { E: "→", NE: "↗", NW: "↖", W: "←", SW: "↙", SE: "↘" };
const STATS = ["might", "agility", "wisdom", "spirit", "wit"];
const TOKEN_GLYPHS = { search: "?", person: "☺", threat: "!", darkness: "☾" };
const TOKEN_WORDS = { search: "search token", person: "person token", threat: "threat token", darkness: "darkness token" };
// Terrain tokens of battle maps: a symbol each; their names and what they do come with the
// observation (terrain_kinds, from the data). Walls and streams lie on a border and are drawn there.
const TERRAIN_GLYPHS = { table: "π", bush: "♣", barrels: "◎", boulder: "⬢", statue: "♜", mist: "≋", pit: "◌",
  fire_pit: "☼", wall: "▬", stream: "≈" };
const terrainKind = (obs, kind) => ({ glyph: TERRAIN_GLYPHS[kind] ?? "?", name: obs.terrain_kinds?.[kind]?.name ?? kind,
  effect: obs.terrain_kinds?.[kind]?.summary ?? "terrain" });
const BORDER_TERRAIN = new Set(["wall", "stream"]);
const DIRECTIONS = ["E", "NE", "NW", "W", "SW", "SE"];  // counter-clockwise: a clockwise turn steps back
const BOONS = {
  hidden: "when an enemy attack would target you, discard it: the attack does not happen (lost when you attack)",
  emboldened: "during a test, discard it for 1 success",
  determined: "revealing cards for a test, discard it to reveal 2 more",
};
const ENDINGS = { threat: "The threat bar is full.", defeat: "A hero was defeated.",
  rounds: "The app's round limit is reached." };
const PHASES = { setup: "Setup", action: "Action phase", shadow: "Shadow phase", rally: "Rally phase" };
// What each hero board shows in its own place; any other key the observation gains is listed
// under the board as it comes, so a new rule shows up at once.
const HERO_KEYS = new Set(["name", "space", "inspiration", "damage", "fear", "faceup", "prepared", "items",
  "deck", "discard", "defeated", "turn_taken", "facedown", "boons", "trinket_tokens"]);
const GROUP_KEYS = new Set(["id", "enemy", "space", "figures", "wounds", "elite", "exhausted", "banner"]);
const TABLE_KEYS = new Set(["seat", "adventure", "round", "phase", "to_move", "waiting_for", "threat", "damage_deck",
  "fear_deck", "threat_max", "objective", "heroes", "turn", "actions_left", "moves_left", "tiles", "tokens", "enemies",
  "test", "variables", "lore", "xp", "rewards", "log", "result", "over", "spaces", "tile_names", "token_kinds",
  "hero_boards", "enemy_menus", "threat_events", "asked", "end_reason", "terrain", "enemies_waiting", "attack",
  "ability_window", "terrain_kinds"]);
// The plain buttons, grouped by their first word; a verb not listed lands in "Other".
const GROUPS = [
  { name: "turn", title: "Your turn", verbs: ["travel", "end"] },
  { name: "moves", title: "Move", verbs: ["move"] },
  { name: "test", title: "Test", verbs: ["convert", "test"] },
  { name: "choice", title: "Decide", verbs: ["choose", "step", "negate"] },
  { name: "cards", title: "Cards", verbs: ["prepare", "discard"] },
  { name: "party", title: "Next turn", verbs: ["hero"] },
  { name: "story", title: "Interact", verbs: ["interact"] },
  { name: "attack", title: "Attack", verbs: ["attack"] },
];

const words = (text) => String(text).replaceAll("_", " ").replaceAll("-", " ");
const slug = (name) => String(name).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const key = (at) => (at ? `${at[0]},${at[1]}` : "");

/** The centre of axial hex (q, r) on a pointy-topped grid. */
function centre([q, r]) {
  return [SIZE * ROOT3 * (q + r / 2), SIZE * 1.5 * r];
}

/** The two ends of the border of the hex centred at `at` towards `direction`. */
function borderEnds(at, direction) {
  const a = bearing(direction);
  return [a - Math.PI / 6, a + Math.PI / 6].map((angle) => [at[0] + SIZE * Math.cos(angle), at[1] + SIZE * Math.sin(angle)]);
}

/** One border's key, the same from either side: its two spaces, sorted. */
function borderKey(at, direction) {
  const [dq, dr] = STEPS[direction];
  return [key(at), key([at[0] + dq, at[1] + dr])].sort().join("|");
}

/** A border terrain's direction on the map: the observation gives it on its tile, which may be turned. */
function mapDirection(toward, rotation) {
  return DIRECTIONS[(((DIRECTIONS.indexOf(toward) - (rotation ?? 0)) % 6) + 6) % 6];
}

function corners([x, y], radius = SIZE) {
  return Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 180) * (60 * i - 30);
    return [x + radius * Math.cos(angle), y + radius * Math.sin(angle)];
  });
}

/** The angle (radians) from a hex's centre towards its neighbour in `direction`. */
function bearing(direction) {
  const [dx, dy] = centre(STEPS[direction]);
  return Math.atan2(dy, dx);
}

function node(tag, attrs = {}, ...children) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== false && value !== null && value !== undefined) made.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false || child === "") continue;
    made.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return made;
}

const points = (list) => list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

/** A tile's colour from its id, so each tile of the map reads as one piece. */
function tileHue(tile) {
  let hash = 0;
  for (const ch of tile) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return 40 + ((hash * 7) % 110);  // from ochre through grass to moss: open country
}

/** A value of an unknown key, in words: lists joined, records as "name value". */
function plainValue(value) {
  if (value === null || value === undefined) return "–";
  if (Array.isArray(value)) return value.length ? value.map(plainValue).join(", ") : "none";
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${words(k)} ${plainValue(v)}`).join(", ") || "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return words(value);
}

function extras(record, known, className) {
  const rest = Object.entries(record).filter(([name]) => !known.has(name));
  if (!rest.length) return "";
  return el("dl", { class: `jm-extras ${className}` }, rest.map(([name, value]) =>
    el("div", { "data-key": name }, el("dt", {}, words(name)), el("dd", {}, plainValue(value)))));
}

/** A meter of pips: `value` of `limit` filled (more than the limit shows as over); the last
 * `facedown` of them are cards lying facedown, unread. */
function pips(value, limit, kind, facedown = 0) {
  const shown = Math.max(value, limit ?? 0);
  return el("span", { class: `jm-pips jm-${kind}`, title: `${kind} ${value}${limit ? ` of ${limit}` : ""}`
    + `${facedown ? `, ${facedown} facedown` : ""}` },
    Array.from({ length: shown }, (_, i) => el("span", { class: `pip${i < value ? " on" : ""}`
      + `${i < value && i >= value - facedown ? " facedown" : ""}${limit && i >= limit ? " over" : ""}` })));
}

export function createView(root, ctx) {
  const status = el("section", { class: "jm-status panel", "aria-label": "The adventure" });
  const decision = el("section", { class: "jm-decision panel", "aria-label": "Decision" });
  const mapPanel = el("section", { class: "jm-map-panel panel", "aria-label": "Map" });
  const heroes = el("section", { class: "jm-heroes", "aria-label": "Heroes" });
  const enemies = el("section", { class: "jm-enemies", "aria-label": "Enemies" });
  const side = el("aside", { class: "jm-side" });
  clear(root).append(el("div", { class: "journeys" },
    el("div", { class: "jm-main" }, status, decision, mapPanel, heroes, enemies), side));

  const mapFrame = el("div", { class: "jm-map-frame" });
  const terrainKey = el("p", { class: "jm-legend jm-terrain-key dim" });
  mapPanel.append(el("h3", {}, "The map"), mapFrame, el("p", { class: "jm-legend dim" },
    "☾ darkness · hatched: unexplored · ? search · ☺ person · ! threat · "
    + "n×E: an enemy group of n figures (grey: exhausted) · red edges: black borders"), terrainKey);
  let lastFocus = null;
  let frame = null;

  /** Send a choice once: every control stays off until the next frame (or a refusal) redraws. */
  function send(text) {
    for (const control of root.querySelectorAll(".jm-action")) {
      control.setAttribute("aria-disabled", "true");
      if (control.tagName === "BUTTON") control.disabled = true;
    }
    root.querySelector(".journeys").classList.add("waiting");
    ctx.act(text);
  }

  function button(text, label, extraClass = "") {
    const made = el("button", { class: `jm-action verb-${text.split(" ")[0]} ${extraClass}`.trim(), "data-action": text, title: text }, label ?? text);
    made.addEventListener("click", () => send(text));
    return made;
  }

  /** An SVG shape that acts like a button: clicked, or Enter/Space with the keyboard. */
  function svgControl(shape, text, label) {
    const made = node("g", { class: "jm-action", "data-action": text, role: "button", tabindex: "0", "aria-label": label },
      node("title", {}, label), shape);
    made.addEventListener("click", () => { if (made.getAttribute("aria-disabled") !== "true") send(text); });
    made.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && made.getAttribute("aria-disabled") !== "true") {
        event.preventDefault();
        send(text);
      }
    });
    return made;
  }

  /** Where each legal action goes: on the map, a token, a group's menu, a hero's board, or plain. */
  function place(obs, legal) {
    const spaces = new Set((obs.spaces ?? []).map((s) => key(s.at)));
    const turnHero = obs.heroes.find((h) => h.name === obs.turn);
    const heroSlugs = new Set(obs.heroes.map((h) => slug(h.name)));
    const tokenAt = new Map(obs.tokens.map((t) => [t.id, key(t.space)]));
    const groups = new Set(obs.enemies.map((g) => g.id));
    const placed = { moves: [], steps: [], tokens: new Map(), attacks: new Map(), heroes: new Map(), plain: [] };
    for (const text of legal) {
      const [verb, first] = text.split(" ");
      if (verb === "move" && turnHero?.space && spaces.has(key(turnHero.space)) && STEPS[first]) placed.moves.push(text);
      else if (verb === "step" && obs.asked?.kind === "step" && spaces.has(key(obs.asked.space)) && STEPS[first]) placed.steps.push(text);
      else if (verb === "interact" && spaces.has(tokenAt.get(first))) placed.tokens.set(first, text);
      else if (verb === "attack" && groups.has(first)) placed.attacks.set(first, [...(placed.attacks.get(first) ?? []), text]);
      else if (verb === "hero" && heroSlugs.has(first)) placed.heroes.set(first, text);
      else placed.plain.push(text);
    }
    return placed;
  }

  function draw() {
    const obs = frame.observation;
    root.querySelector(".journeys").classList.remove("waiting");
    const legal = frame.legal ?? [];
    const placed = place(obs, legal);
    drawStatus(obs);
    drawDecision(obs, legal, placed);
    drawMap(obs, placed);
    drawHeroes(obs, placed);
    drawEnemies(obs, placed);
    drawSide(obs);
  }

  function drawStatus(obs) {
    clear(status);
    const max = obs.threat_max || 1;
    const bar = el("div", { class: "jm-threat", role: "meter", "aria-valuemin": 0, "aria-valuemax": max,
      "aria-valuenow": obs.threat, "aria-label": `threat ${obs.threat} of ${max}` },
      el("div", { class: "jm-threat-fill", style: `width:${Math.min(100, (100 * obs.threat) / max)}%` }),
      (obs.threat_events ?? []).map((event) => el("span", {
        class: `jm-threshold${obs.threat >= event.at ? " passed" : ""}`, style: `left:${(100 * event.at) / max}%`,
        title: `${event.at}: ${event.text}` }, String(event.at))));
    const facts = [`Round ${obs.round}`, PHASES[obs.phase] ?? words(obs.phase),
      `damage deck ${obs.damage_deck}`, `fear deck ${obs.fear_deck}`, `lore ${obs.lore}`, `xp ${obs.xp}`];
    if (Object.keys(obs.variables ?? {}).length) facts.push(plainValue(obs.variables));
    if (obs.rewards?.length) facts.push(`rewards: ${obs.rewards.join(", ")}`);
    status.append(
      el("h2", {}, obs.adventure),
      el("p", { class: "jm-objective" }, el("strong", {}, "Objective: "), obs.objective ?? (obs.over ? "–" : "none")),
      el("div", { class: "jm-threat-row" }, el("span", { class: "jm-threat-label" }, `Threat ${obs.threat}/${obs.threat_max}`), bar),
      el("p", { class: "jm-facts" }, facts.join(" · ")),
      extras(obs, TABLE_KEYS, "table-extras"));
  }

  function drawDecision(obs, legal, placed) {
    clear(decision);
    decision.classList.toggle("mine", legal.length > 0);
    if (obs.over) {
      decision.append(el("h2", { class: `jm-outcome ${obs.result ?? ""}` },
        obs.result === "win" ? "The heroes win the adventure." : "The heroes lose the adventure."));
      const why = ENDINGS[obs.end_reason];
      if (why) decision.append(el("p", { class: "jm-ending" }, why));
      return;
    }
    if (frame.status === "open") {
      decision.append(el("h2", {}, "Waiting for every seat to be taken…"));
      return;
    }
    const me = frame.seat !== null && frame.seat !== undefined ? obs.heroes[frame.seat]?.name : null;
    const mover = obs.to_move === "chance" ? "The app" : obs.to_move;
    decision.append(el("h2", { class: "jm-turn" }, legal.length ? `${me ?? mover}, your move` : `${mover ?? "…"} is deciding…`));
    if (obs.turn) {
      decision.append(el("p", { class: "jm-turn-facts" }, `${obs.turn}'s turn: ${obs.actions_left} action${obs.actions_left === 1 ? "" : "s"}`
        + ` and ${obs.moves_left} move${obs.moves_left === 1 ? "" : "s"} left`));
    } else if (obs.waiting_for === "order") {
      decision.append(el("p", {}, "The party picks who takes the next turn."));
    }
    if (obs.test) {
      const t = obs.test;
      decision.append(el("p", { class: "jm-test" }, `${t.hero} ${t.stat === "scout" ? "scouts" : `tests ${t.stat}`}: `,
        el("span", { class: "jm-revealed" }, t.revealed.length ? t.revealed.map(words).join(", ") : "nothing revealed yet"),
        t.stat === "scout" ? "" : ` · ${t.successes} success${t.successes === 1 ? "" : "es"}, ${t.fate} fate`,
        ` · ${t.to_reveal} to reveal`));
    }
    if (obs.attack) {
      const a = obs.attack;
      decision.append(el("p", { class: "jm-attack" }, `${a.hero} attacks ${words(a.group)}${a.items.length ? ` with ${a.items.join(", ")}` : ""}: `,
        el("strong", {}, `${a.successes_left} success${a.successes_left === 1 ? "" : "es"} left to spend`),
        ` · bought: ${a.bought.length ? a.bought.join(", ") : "nothing yet"} · hits added: ${a.added_hits}`
        + ` · modifiers: ${a.added_modifiers.length ? a.added_modifiers.join(", ") : "none"}`));
    }
    if (obs.ability_window) decision.append(el("p", { class: "jm-window dim" }, `A moment to use abilities: ${words(obs.ability_window)}.`));
    const asked = obs.asked;
    if (asked?.kind === "choice") decision.append(el("p", { class: "jm-asked" }, asked.text));
    if (asked?.kind === "split") {
      decision.append(el("p", { class: "jm-asked" }, `${asked.successes} success${asked.successes === 1 ? "" : "es"} against `
        + `${asked.damage} damage and ${asked.fear} fear: how many go against damage?`));
    }
    if (asked?.kind === "step") {
      decision.append(el("p", { class: "jm-asked" }, `The party picks where ${words(asked.group)} steps`
        + `${placed.steps.length ? ": an arrow on the map" : ""}.`));
    }
    if (!legal.length) return;
    const label = (text) => {
      const [verb, arg] = text.split(" ");
      if (verb === "choose" && asked?.kind === "choice") return asked.options[Number(arg) - 1] ?? text;
      if (verb === "negate" && asked?.kind === "split") {
        const n = Number(arg);
        return `${n} against damage, ${asked.successes - n} against fear`;
      }
      if (verb === "move" || verb === "step") return `${words(text)} ${ARROWS[arg] ?? ""}`;
      if (verb === "end") return "End the turn";
      if (verb === "convert") return `Spend ${arg} inspiration on fate`;
      if (verb === "prepare") return arg === "none" ? "Prepare none" : `Prepare ${words(arg)}`;
      return words(text);
    };
    const rows = el("div", { class: "jm-groups" });
    const grouped = new Set();
    for (const group of GROUPS) {
      const own = placed.plain.filter((text) => group.verbs.includes(text.split(" ")[0]));
      own.forEach((text) => grouped.add(text));
      if (own.length) rows.append(row(group.name, group.title, own.map((text) => button(text, label(text)))));
    }
    const other = placed.plain.filter((text) => !grouped.has(text));
    if (other.length) rows.append(row("other", "Other", other.map((text) => button(text, label(text)))));
    decision.append(rows);
    const elsewhere = [placed.moves.length || placed.steps.length ? "arrows on the map" : "",
      placed.tokens.size ? "a glowing token" : "", placed.attacks.size ? "an enemy's menu" : "",
      placed.heroes.size ? "a hero's board" : ""].filter(Boolean);
    if (elsewhere.length) decision.append(el("p", { class: "hint" }, `Also choose with ${elsewhere.join(", ")}.`));
  }

  function row(name, title, buttons) {
    return el("div", { class: `jm-group group-${name}`, "data-group": name },
      el("span", { class: "jm-group-title" }, title), el("div", { class: "jm-buttons" }, buttons));
  }

  function drawMap(obs, placed) {
    const spaces = obs.spaces ?? [];
    if (!spaces.length) {
      clear(mapFrame).append(el("p", { class: "dim" }, "No tile is on the table yet."));
      return;
    }
    const explored = new Map((obs.tiles ?? []).map((t) => [t.tile, t.explored]));
    const rotation = new Map((obs.tiles ?? []).map((t) => [t.tile, t.rotation]));
    const terrain = obs.terrain ?? [];
    const terrainIds = new Set(terrain.map((t) => t.id));
    const darkTokens = new Set(obs.tokens.filter((t) => obs.token_kinds?.[t.id] === "darkness").map((t) => key(t.space)));
    const xs = [], ys = [];
    for (const space of spaces) {
      const [x, y] = centre(space.at);
      xs.push(x);
      ys.push(y);
    }
    const pad = SIZE * 1.15;
    const left = Math.min(...xs) - pad, top = Math.min(...ys) - pad;
    const width = Math.max(...xs) - left + pad, height = Math.max(...ys) - top + pad;
    const map = node("svg", { class: "jm-map", viewBox: `${left.toFixed(1)} ${top.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
      role: "img", "aria-label": `map of ${spaces.length} spaces on ${explored.size} tiles`,
      // On a narrow screen the map keeps hexes big enough to tap and scrolls inside its frame.
      style: `aspect-ratio:${(width / height).toFixed(3)};min-width:${Math.round(width * MIN_SCALE)}px` });
    map.append(node("defs", {}, node("pattern", { id: "jm-unexplored", width: 8, height: 8, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" }, node("rect", { width: 8, height: 8, fill: "rgba(60,45,30,0.35)" }),
      node("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "rgba(255,245,220,0.35)", "stroke-width": 3 }))));
    const ground = node("g", { class: "jm-ground" });
    const edges = node("g", { class: "jm-tile-edges" });
    const walls = node("g", { class: "jm-walls" });
    const things = node("g", { class: "jm-things" });
    const controls = node("g", { class: "jm-controls" });
    map.append(ground, edges, walls, things, controls);
    const byTile = new Map();
    const tileAt = new Map(spaces.map((space) => [key(space.at), space.tile]));
    // Walls and streams on their borders, turned with their tile; a wall is drawn instead of the
    // black border it makes.
    const onBorders = terrain.filter((t) => BORDER_TERRAIN.has(t.terrain) && t.toward && tileAt.has(key(t.space)))
      .map((t) => ({ ...t, direction: mapDirection(t.toward, rotation.get(tileAt.get(key(t.space)))) }));
    const walled = new Set(onBorders.filter((t) => t.terrain === "wall").map((t) => borderKey(t.space, t.direction)));
    for (const space of spaces) {
      const at = centre(space.at);
      const open = explored.get(space.tile) !== false;
      const dark = space.darkness || darkTokens.has(key(space.at));
      const hue = tileHue(space.tile);
      const cell = node("g", { class: `jm-space${open ? "" : " unexplored"}${dark ? " dark" : ""}`, "data-at": key(space.at), "data-tile": space.tile },
        node("title", {}, `${space.tile} ${obs.tile_names?.[space.tile] ?? ""} (${key(space.at)})${open ? "" : ", unexplored"}${dark ? ", in darkness" : ""}`),
        node("polygon", { class: "jm-hex", points: points(corners(at)), fill: `hsl(${hue} 32% 72%)` }));
      if (!open) cell.append(node("polygon", { class: "jm-fog", points: points(corners(at)), fill: "url(#jm-unexplored)" }));
      if (dark) {
        cell.append(node("polygon", { class: "jm-darkness", points: points(corners(at, SIZE * 0.9)) }),
          node("text", { class: "jm-moon", x: at[0] - SIZE * 0.55, y: at[1] - SIZE * 0.3 }, "☾"));
      }
      if (space.exploration_box && !open) {
        cell.append(node("rect", { class: "jm-box", x: at[0] + SIZE * 0.3, y: at[1] - SIZE * 0.62, width: 12, height: 12, rx: 2 },
          node("title", {}, "exploration token: not explored yet")));
      }
      ground.append(cell);
      byTile.set(space.tile, [...(byTile.get(space.tile) ?? []), at]);
      for (const direction of Object.keys(STEPS)) {  // a tile's own outline, where it meets another tile or nothing
        const [dq, dr] = STEPS[direction];
        if (tileAt.get(key([space.at[0] + dq, space.at[1] + dr])) === space.tile) continue;
        const a = bearing(direction);
        const ends = [a - Math.PI / 6, a + Math.PI / 6].map((angle) => [at[0] + SIZE * Math.cos(angle), at[1] + SIZE * Math.sin(angle)]);
        edges.append(node("line", { class: "jm-tile-edge", x1: ends[0][0], y1: ends[0][1], x2: ends[1][0], y2: ends[1][1] }));
      }
      for (const direction of space.black ?? []) {
        if (walled.has(borderKey(space.at, direction))) continue;
        const ends = borderEnds(at, direction);
        walls.append(node("line", { class: "jm-black", x1: ends[0][0], y1: ends[0][1], x2: ends[1][0], y2: ends[1][1] }));
      }
    }
    for (const token of onBorders) {
      const [a, b] = borderEnds(centre(token.space), token.direction);
      const kind = terrainKind(obs, token.terrain);
      let shape;
      if (token.terrain === "stream") {  // a wavy line: four half-waves across the border
        const along = [(b[0] - a[0]) / 4, (b[1] - a[1]) / 4];
        const length = Math.hypot(...along);
        const side = [(-along[1] / length) * 4.5, (along[0] / length) * 4.5];
        let d = `M${a[0].toFixed(1)},${a[1].toFixed(1)}`;
        for (let i = 0; i < 4; i++) {
          const sign = i % 2 ? -1 : 1;
          const c = [a[0] + along[0] * (i + 0.5) + side[0] * sign, a[1] + along[1] * (i + 0.5) + side[1] * sign];
          const end = [a[0] + along[0] * (i + 1), a[1] + along[1] * (i + 1)];
          d += ` Q${c[0].toFixed(1)},${c[1].toFixed(1)} ${end[0].toFixed(1)},${end[1].toFixed(1)}`;
        }
        shape = node("path", { d });
      } else shape = node("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1] });
      walls.append(node("g", { class: `jm-terrain jm-${token.terrain} on-border`, "data-terrain": token.id,
        "data-kind": token.terrain, "data-at": key(token.space), "data-toward": token.direction },
        node("title", {}, `${kind?.name ?? words(token.terrain)} (${words(token.id)}): ${kind?.effect ?? "terrain"}`), shape));
    }
    for (const [tile, centres] of byTile) {  // the tile's id, at the middle of its spaces
      const x = centres.reduce((sum, c) => sum + c[0], 0) / centres.length;
      const y = Math.min(...centres.map((c) => c[1])) - SIZE * 0.62;
      ground.append(node("text", { class: "jm-tile-label", x, y, "text-anchor": "middle" }, tile));
    }
    // What stands on each space: tokens at the top, heroes across the middle, enemies below.
    const on = (list, at) => list.filter((item) => key(item.space) === key(at));
    for (const space of spaces) {
      const [x, y] = centre(space.at);
      const tokens = on(obs.tokens.filter((t) => !terrainIds.has(t.id)), space.at);
      tokens.forEach((token, i) => {
        const kind = obs.token_kinds?.[token.id] ?? "token";
        const tx = x + (i - (tokens.length - 1) / 2) * 20, ty = y - SIZE * 0.5;
        const shape = node("g", { class: `jm-token kind-${kind}`, "data-token": token.id },
          node("circle", { cx: tx, cy: ty, r: 8.5 }),
          node("text", { x: tx, y: ty + 4, "text-anchor": "middle" }, TOKEN_GLYPHS[kind] ?? "•"));
        const text = placed.tokens.get(token.id);
        const label = `${TOKEN_WORDS[kind] ?? kind}: ${words(token.id)}`;
        if (text) {
          shape.classList.add("live");
          controls.append(svgControl(shape, text, `Interact with ${words(token.id)}`));
        } else things.append(node("g", {}, node("title", {}, label), shape));
      });
      // Terrain standing in the space: low on its left, clear of the heroes and beside the enemies.
      const features = on(terrain.filter((t) => !BORDER_TERRAIN.has(t.terrain)), space.at);
      features.forEach((token, i) => {
        const kind = terrainKind(obs, token.terrain);
        const fx = x - SIZE * 0.56 + i * 17, fy = y + SIZE * 0.36;
        const shape = node("g", { class: `jm-terrain kind-${token.terrain}`, "data-terrain": token.id, "data-kind": token.terrain,
          "data-at": key(space.at) },
          node("rect", { x: fx - 8, y: fy - 8, width: 16, height: 16, rx: 4 }),
          node("text", { x: fx, y: fy + 4.5, "text-anchor": "middle" }, kind.glyph));
        const label = `${kind.name} (${words(token.id)}): ${kind.effect}`;
        const text = placed.tokens.get(token.id);
        if (text) {
          shape.classList.add("live");
          controls.append(svgControl(shape, text, `Interact with the ${kind.name.toLowerCase()}: ${label}`));
        } else things.append(node("g", {}, node("title", {}, label), shape));
      });
      const standing = obs.heroes.filter((h) => h.space && key(h.space) === key(space.at));
      standing.forEach((hero, i) => {
        const seat = obs.heroes.indexOf(hero);
        const hx = x + (i - (standing.length - 1) / 2) * 21, hy = y - 2;
        things.append(node("g", { class: `jm-hero pawn-${seat}${hero.name === obs.turn ? " turn" : ""}${hero.defeated ? " defeated" : ""}`,
          "data-hero": hero.name, "data-at": key(space.at) },
          node("title", {}, `${hero.name}${hero.defeated ? " (defeated)" : ""}`),
          node("circle", { cx: hx, cy: hy, r: 10 }),
          node("text", { x: hx, y: hy + 4.5, "text-anchor": "middle" }, hero.name[0])));
      });
      const here = on(obs.enemies, space.at);
      here.forEach((group, i) => {
        const gx = x + (i - (here.length - 1) / 2) * 30, gy = y + SIZE * 0.5;
        things.append(node("g", { class: `jm-group${group.exhausted ? " exhausted" : ""}${group.elite.length ? " elite" : ""}`,
          "data-group": group.id, "data-at": key(space.at) },
          node("title", {}, `${group.figures} ${group.enemy}${group.elite.length ? ` (elite: ${group.elite.join(", ")})` : ""}`
            + `${group.exhausted ? ", exhausted" : ", readied"}`),
          node("rect", { x: gx - 13, y: gy - 8, width: 26, height: 16, rx: 3 }),
          node("text", { x: gx, y: gy + 4, "text-anchor": "middle" }, `${group.figures}×${group.enemy[0]}`)));
      });
    }
    // Arrows at the edge of the space a figure leaves: the turn's hero moves, or an enemy steps.
    const arrows = (texts, from) => {
      const [x, y] = centre(from);
      for (const text of texts) {
        const direction = text.split(" ")[1];
        const a = bearing(direction);
        const tip = [x + SIZE * 0.98 * Math.cos(a), y + SIZE * 0.98 * Math.sin(a)];
        const base = [x + SIZE * 0.62 * Math.cos(a), y + SIZE * 0.62 * Math.sin(a)];
        const side = [-Math.sin(a) * 9, Math.cos(a) * 9];
        const shape = node("polygon", { class: `jm-arrow verb-${text.split(" ")[0]}`,
          points: points([tip, [base[0] + side[0], base[1] + side[1]], [base[0] - side[0], base[1] - side[1]]]) });
        // A round target under the arrow, larger than the arrow, for a finger or a pointer.
        const middle = [(tip[0] + base[0]) / 2, (tip[1] + base[1]) / 2];
        const target = node("circle", { class: "jm-hit", cx: middle[0], cy: middle[1], r: 12 });
        controls.append(svgControl([target, shape], text, text.startsWith("move") ? `Move ${direction}` : `The enemy steps ${direction}`));
      }
    };
    const turnHero = obs.heroes.find((h) => h.name === obs.turn);
    if (placed.moves.length) arrows(placed.moves, turnHero.space);
    if (placed.steps.length) arrows(placed.steps, obs.asked.space);
    const present = new Set(terrain.map((t) => t.terrain));
    clear(terrainKey).append(...[...present].map((name) => [name, terrainKind(obs, name)]).map(([name, kind], i) =>
      el("span", { class: `jm-key-${name}`, title: kind.effect }, `${i ? " · " : "Terrain: "}${kind.glyph} ${kind.name.toLowerCase()}`)));
    const scrolled = mapFrame.scrollLeft;
    clear(mapFrame).append(map);
    mapFrame.scrollLeft = scrolled;
    // Bring the space where things happen into sight when it changes (the frame may scroll).
    const focus = obs.asked?.kind === "step" ? obs.asked.space : turnHero?.space;
    if (focus && key(focus) !== lastFocus && mapFrame.scrollWidth > mapFrame.clientWidth) {
      const share = (centre(focus)[0] - left) / width;
      mapFrame.scrollLeft = share * map.getBoundingClientRect().width - mapFrame.clientWidth / 2;
    }
    lastFocus = focus ? key(focus) : null;
  }

  function drawHeroes(obs, placed) {
    clear(heroes);
    const names = ctx.names?.() ?? [];
    obs.heroes.forEach((hero, seat) => {
      const board = obs.hero_boards?.[hero.name] ?? {};
      const limits = board.limits ?? {};
      const mine = String(seat) === String(frame.seat);
      const card = el("article", { class: `jm-hero-board pawn-${seat}${hero.name === obs.turn ? " turn" : ""}`
        + `${hero.defeated ? " defeated" : ""}${mine ? " mine" : ""}`, "data-hero": hero.name });
      const title = el("header", {}, el("strong", {}, hero.name));
      if (names[seat] && names[seat] !== hero.name) title.append(el("span", { class: "who" }, names[seat]));
      if (hero.name === obs.turn) title.append(el("span", { class: "badge turn" }, "taking a turn"));
      else if (hero.turn_taken && obs.phase === "action") title.append(el("span", { class: "badge done" }, "turn taken"));
      if (hero.defeated) title.append(el("span", { class: "badge lost" }, "defeated"));
      card.append(title);
      if (board.stats) {
        card.append(el("ul", { class: "jm-stats" }, STATS.filter((s) => s in board.stats).map((s) =>
          el("li", { title: s }, el("span", { class: "stat-name" }, s.slice(0, 3)), el("span", { class: "stat-value" }, String(board.stats[s]))))));
      }
      const down = hero.facedown ?? {};
      card.append(el("div", { class: "jm-meters" },
        el("span", { class: "meter" }, `damage ${hero.damage}${limits.damage ? `/${limits.damage}` : ""}`, pips(hero.damage, limits.damage, "damage", down.damage ?? 0)),
        el("span", { class: "meter" }, `fear ${hero.fear}${limits.fear ? `/${limits.fear}` : ""}`, pips(hero.fear, limits.fear, "fear", down.fear ?? 0)),
        el("span", { class: "meter" }, `inspiration ${hero.inspiration}${limits.inspiration ? `/${limits.inspiration}` : ""}`,
          pips(hero.inspiration, limits.inspiration, "inspiration"))));
      const list = (name, items) => el("p", { class: `jm-list jm-${name}` }, el("span", { class: "label" }, `${name}: `),
        items.length ? items.map((item) => el("span", { class: "chip" }, words(item))) : el("span", { class: "dim" }, "none"));
      card.append(list("prepared", hero.prepared));
      // Items, a trinket with its depletion tokens left (at none it is spent until the next adventure).
      const trinkets = hero.trinket_tokens ?? {};
      card.append(el("p", { class: "jm-list jm-items" }, el("span", { class: "label" }, "items: "),
        hero.items.length ? hero.items.map((item) => {
          const chip = el("span", { class: "chip", "data-item": item }, words(item));
          if (item in trinkets) {
            const left = trinkets[item];
            chip.classList.add("trinket");
            chip.append(el("span", { class: `jm-trinket-tokens${left ? "" : " spent"}`, "data-tokens": left,
              title: `${left} depletion token${left === 1 ? "" : "s"} left` }, left ? ` ${"●".repeat(left)}` : " spent"));
          }
          return chip;
        }) : el("span", { class: "dim" }, "none")));
      if (hero.faceup.length) card.append(list("faceup", hero.faceup));
      if ((down.damage ?? 0) + (down.fear ?? 0) > 0) {
        card.append(el("p", { class: "jm-facedown", title: "facedown cards count against the limits but are not read" },
          el("span", { class: "label" }, "facedown: "), `${down.damage ?? 0} damage · ${down.fear ?? 0} fear`));
      }
      if (hero.boons?.length) {
        card.append(el("p", { class: "jm-list jm-boons" }, el("span", { class: "label" }, "boons: "),
          hero.boons.map((boon) => el("span", { class: "chip boon", "data-boon": boon, title: BOONS[boon] ?? boon }, words(boon)))));
      }
      card.append(el("p", { class: "dim jm-deck" }, `deck ${hero.deck} · discard ${hero.discard}`
        + `${hero.space ? ` · at ${key(hero.space)}` : ""}`));
      if (board.ability) card.append(el("p", { class: "jm-ability" }, board.ability));
      card.append(extras(hero, HERO_KEYS, "hero-extras"));
      const pick = placed.heroes.get(slug(hero.name));
      if (pick) card.append(button(pick, `${hero.name} takes the next turn`, "primary"));
      heroes.append(card);
    });
  }

  function drawEnemies(obs, placed) {
    clear(enemies);
    const waiting = obs.enemies_waiting ?? [];
    if (!obs.enemies.length && !waiting.length) {
      enemies.classList.add("empty");
      return;
    }
    enemies.classList.remove("empty");
    enemies.append(el("h3", {}, "Enemy menus"));
    if (waiting.length) {
      enemies.append(el("p", { class: "jm-waiting" }, "Waiting for figures (each comes when a group of its enemy is defeated): ",
        waiting.map(words).join(", ")));
    }
    const menus = el("div", { class: "jm-menus" });
    for (const group of obs.enemies) {
      const menu = obs.enemy_menus?.[group.id] ?? {};
      const card = el("article", { class: `jm-menu${group.exhausted ? " exhausted" : ""}`, "data-group": group.id },
        el("header", {}, el("strong", {}, `${group.figures} × ${group.enemy}`), el("span", { class: "dim" }, ` ${words(group.id)}`),
          group.exhausted ? el("span", { class: "badge done" }, "exhausted") : el("span", { class: "badge ready" }, "readied"),
          group.elite.length ? el("span", { class: "badge elite" }, `elite: ${group.elite.join(", ")}`) : "",
          group.banner ? el("span", { class: "badge banner", title: "its banner token on the map" }, `⚑ banner ${group.banner}`) : ""));
      if (menu.health !== undefined) {
        card.append(el("p", { class: "jm-enemy-stats" },
          `health ${menu.health - group.wounds}/${menu.health} (front figure) · armor ${menu.armor} · sorcery ${menu.sorcery}`
          + ` · move ${menu.move}${menu.ranged ? " · ranged" : ""}`));
      } else card.append(el("p", { class: "jm-enemy-stats" }, `wounds on the front figure: ${group.wounds}`));
      card.append(el("p", { class: "dim" }, `at ${key(group.space)}`), extras(group, GROUP_KEYS, "group-extras"));
      const attacks = placed.attacks.get(group.id) ?? [];
      if (attacks.length) {
        card.append(el("div", { class: "jm-buttons" }, attacks.map((text) => {
          const [, , item, stat] = text.split(" ");
          return button(text, `Attack: ${words(item)} (${stat})`);
        })));
      }
      menus.append(card);
    }
    enemies.append(menus);
  }

  function drawSide(obs) {
    clear(side);
    const story = el("ol", { class: "jm-story", "aria-label": "What the app says" });
    for (const line of obs.log ?? []) story.append(el("li", {}, line));
    const log = el("ol", { class: "log", "aria-label": "Log" });
    for (const entry of frame.log ?? []) {
      const who = entry.mover === "chance" ? "the app" : obs.heroes[entry.mover]?.name ?? `seat ${entry.mover}`;
      log.append(el("li", {}, el("span", { class: "step" }, `#${entry.version}`), ` ${who}: `, entry.action === null ? "…" : words(entry.action)));
    }
    side.append(el("h3", {}, "The story"), story, el("h3", {}, "Every move"), log);
    log.scrollTop = log.scrollHeight;
  }

  return {
    update(next) {
      frame = next;
      draw();
    },
  };
}
