// Step forward and back through a match, one action at a time, in the game's own view.

import { get } from "./api.js";
import { el, clear } from "./dom.js";
import { loadView } from "./views.js";

const PLAY_MS = 700;

export async function showReplay(root, id, params) {
  const summary = await get(`/api/matches/${id}`);
  const frames = new Map();  // step -> the server's answer, so stepping back costs nothing
  const fetchStep = async (n) => {
    if (!frames.has(n)) frames.set(n, get(`/api/matches/${id}/replay/${n}`));
    return frames.get(n);
  };
  const first = await fetchStep(0);
  const total = first.total;
  let step = Math.min(total, Math.max(0, Number(params.get("step") ?? total) || 0));

  const slider = el("input", { type: "range", min: 0, max: total, value: step, "aria-label": "step" });
  const counter = el("span", { class: "counter" });
  const said = el("p", { class: "replay-action" });
  const button = (label, title, to) => {
    const b = el("button", { class: "quiet", title, "aria-label": title }, label);
    b.addEventListener("click", () => go(to()));
    return b;
  };
  const play = el("button", { class: "primary", "aria-label": "play" }, "Play");
  const board = el("div", { class: "match-board" });
  clear(root).append(el("div", { class: "replay" },
    el("div", { class: "panel replay-head" },
      el("h1", {}, `Replay: ${summary.title}`),
      el("div", { class: "replay-controls" },
        button("|◀", "first", () => 0), button("◀", "back", () => step - 1), play,
        button("▶", "forward", () => step + 1), button("▶|", "last", () => total), slider, counter),
      said),
    board));

  const names = summary.seats.map((s) => s.name);
  const view = (await loadView(summary.game)).createView(board, { act: () => {}, odds: null, names: () => names });
  let wanted = step;
  async function go(n) {
    wanted = Math.min(total, Math.max(0, n));
    const frame = await fetchStep(wanted);
    if (frame.step !== wanted) return;  // a later click already asked for another step
    step = wanted;
    slider.value = step;
    counter.textContent = `${step} / ${total}`;
    const who = frame.mover === "chance" ? "chance" : frame.mover === null ? "" : names[frame.mover] ?? `seat ${frame.mover}`;
    said.textContent = frame.action ? `${who}: ${frame.action}` : "The table before the first move.";
    view.update({ ...frame, seat: null, legal: [], log: [], seats: summary.seats });
    history.replaceState(null, "", `#/replay/${id}?step=${step}`);
    fetchStep(Math.min(total, step + 1));  // have the next frame ready for a quick step
  }
  slider.addEventListener("input", () => go(Number(slider.value)));

  let timer = null;
  const stop = () => { clearInterval(timer); timer = null; play.textContent = "Play"; };
  play.addEventListener("click", () => {
    if (timer) return stop();
    if (step >= total) go(0);
    play.textContent = "Pause";
    timer = setInterval(() => (step >= total ? stop() : go(step + 1)), PLAY_MS);
  });
  const keys = (event) => {
    if (event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
  };
  document.addEventListener("keydown", keys);
  await go(step);
  return () => { stop(); document.removeEventListener("keydown", keys); view.destroy?.(); };
}
