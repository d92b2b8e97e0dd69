// The view every game gets: its text for this seat, the legal actions as buttons, the log.

import { el, clear } from "./dom.js";

const FILTER_FROM = 12;  // with more actions than this, a filter box saves scrolling

export function createView(root, ctx) {
  const text = el("pre", { class: "game-text", "aria-label": "The table" });
  const actions = el("div", { class: "legal" });
  const log = el("ol", { class: "log", "aria-label": "Log" });
  clear(root).append(el("div", { class: "generic" },
    el("section", { class: "panel" }, text, actions),
    el("aside", { class: "side" }, el("h3", {}, "Log"), log)));
  let filter = "";

  function drawActions(legal) {
    clear(actions);
    if (!legal.length) return;
    actions.append(el("h3", {}, "Your move"));
    if (legal.length > FILTER_FROM) {
      const box = el("input", { type: "search", placeholder: "filter actions", value: filter, "aria-label": "filter actions" });
      box.addEventListener("input", () => { filter = box.value.toLowerCase(); drawButtons(); });
      actions.append(box);
    }
    const buttons = el("div", { class: "buttons" });
    actions.append(buttons);
    function drawButtons() {
      clear(buttons);
      for (const action of legal.filter((a) => a.toLowerCase().includes(filter))) {
        const button = el("button", { class: "action" }, action);
        button.addEventListener("click", () => {
          for (const other of actions.querySelectorAll("button")) other.disabled = true;  // once until redrawn
          ctx.act(action);
        });
        buttons.append(button);
      }
    }
    drawButtons();
  }

  return {
    update(frame) {
      text.textContent = frame.text;
      drawActions(frame.legal ?? []);
      clear(log);
      for (const entry of frame.log ?? []) {
        const who = entry.mover === "chance" ? "chance" : ctx.names?.()[entry.mover] ?? `seat ${entry.mover}`;
        log.append(el("li", {}, el("span", { class: "step" }, `#${entry.version}`), ` ${who}: ${entry.action}`));
      }
      log.scrollTop = log.scrollHeight;
    },
  };
}
