// The Trivia Game at the table: the road to Mount Doom, each player's chips and helps, the
// location card, and the question with its options as buttons.
//
// The page hands this view a frame ({observation, legal, seat, ...}) after every change and a
// context ({act, names}). The view applies no rules: every button is a legal action's text, and
// an option of the question is a button only when "answer N" is legal for this seat. The right
// answer is drawn only when the observation holds the card (the reader's seat).

import { el, clear } from "/static/js/dom.js";

const CHIPS = { ring: "Ring", combat: "Combat", travel: "Travel" };
const SYMBOLS = {
  companions: "Companions", gandalfs_hat: "Gandalf's Hat", haste: "Haste", healing: "Healing",
  protection: "Protection", strength: "Strength",
};

function chips(counts) {
  return el("span", { class: "tv-chips" },
    Object.entries(counts).map(([kind, n]) =>
      el("span", { class: `tv-chip tv-${kind}`, title: `${n} ${CHIPS[kind]}` }, `${CHIPS[kind][0]}${n}`)));
}

function road(obs) {
  const bySpace = new Map();
  for (const p of obs.players) bySpace.set(p.space, [...(bySpace.get(p.space) ?? []), p.name]);
  return el("ol", { class: "tv-road" }, obs.road.map((place, i) =>
    el("li", { class: `tv-place${place.safe ? " safe" : ""}${place.special ? " special" : ""}`,
               title: place.cost ? `to enter: ${place.cost}` : "the start" },
      place.eye ? el("span", { class: `tv-eye tv-eye-${place.eye}`, title: `${place.eye} eye` }) : "",
      el("span", { class: "tv-name" }, place.name),
      (bySpace.get(i) ?? []).map((who) => el("span", { class: "tv-hobbit" }, who)))));
}

function players(obs, seat) {
  return el("div", { class: "tv-players" }, obs.players.map((p, i) =>
    el("div", { class: `tv-player${i === seat ? " mine" : ""}${p.name === obs.to_move ? " to-move" : ""}` },
      el("h3", {}, p.name, p.name === obs.reader && obs.question ? " (reader)" : ""),
      el("div", {}, p.location), chips(p.chips),
      el("ul", { class: "tv-helps" }, p.helps.map((h) => el("li", {}, `${h.id} (${SYMBOLS[h.symbol] ?? h.symbol})`))))));
}

function locationCard(card) {
  if (!card) return "";
  const notes = [card.eye ? `${card.eye} eye` : "", card.danger ? "Danger in Delay" : "",
    Object.entries(card.damage).filter(([, n]) => n).map(([k, n]) => `damage ${n} ${CHIPS[k]}`).join(", "),
    card.symbol ? SYMBOLS[card.symbol] : "", card.final ? "the final challenge" : ""].filter(Boolean);
  return el("div", { class: `tv-location-card ${card.border}` }, el("strong", {}, card.name), ` · ${notes.join(" · ")}`);
}

function question(obs, legal, act) {
  const parts = [];
  if (obs.card_back.length) {
    parts.push(el("p", { class: "tv-back" }, `${obs.difficulty} question · rewards: `,
      obs.card_back.map((r, i) => el("span", { class: "tv-reward" }, `${i + 1}: ${r}`))));
  }
  for (const q of obs.card ?? []) {
    parts.push(el("p", { class: "tv-reader-card" }, `${q.number}. [${q.difficulty}] ${q.text} `,
      q.options.map((o, i) => el("span", { class: i === q.correct ? "tv-right" : "" }, i === q.bracket ? `(${o}) ` : `${o} `))));
  }
  if (obs.question) {
    parts.push(el("p", { class: "tv-question-text" }, obs.question.text));
    parts.push(el("div", { class: "tv-options" }, obs.question.options.map((option, i) => {
      const text = `answer ${i + 1}`;
      const mine = legal.includes(text);
      const button = el("button", { class: "tv-option", "data-action": text, disabled: !mine }, `${i + 1}) ${option}`);
      if (mine) button.addEventListener("click", () => act(text));
      return button;
    })));
  }
  if (!parts.length && obs.last_answer) {
    const last = obs.last_answer;
    parts.push(el("p", { class: "tv-last" }, `Last question: ${last.question} → ${last.answer} `,
      last.given === null ? `(${last.how})` : last.right ? "(right)" : `(wrong: ${last.given})`));
  }
  return parts.length ? el("section", { class: "tv-question" }, parts) : "";
}

export function createView(root, ctx) {
  const board = el("div", { class: "trivia" });
  root.append(board);
  return {
    update(frame) {
      const obs = frame.observation;
      const legal = frame.legal ?? [];
      const act = (text) => ctx.act(text);
      const others = legal.filter((text) => !text.startsWith("answer "));
      clear(board).append(
        road(obs), players(obs, frame.seat), locationCard(obs.location_card), question(obs, legal, act),
        el("p", { class: "tv-deciding" }, obs.over ? (obs.winner ? `${obs.winner} wins.` : "Game over.") : obs.deciding),
        el("div", { class: "tv-actions" }, others.map((text) => {
          const button = el("button", { class: "tv-action", "data-action": text }, text);
          button.addEventListener("click", () => act(text));
          return button;
        })),
      );
    },
  };
}
