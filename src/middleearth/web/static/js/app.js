// The page's router: the URL hash names the screen, so the server serves one page and a link
// to a match or a replay can be shared or reloaded.

import { showHub } from "./hub.js";
import { showMatch } from "./match.js";
import { showReplay } from "./replay.js";
import { el, clear } from "./dom.js";

const app = document.getElementById("app");
let leave = null;  // the screen's clean-up (close sockets, stop timers)

async function route() {
  if (leave) leave();
  leave = null;
  const [path, query = ""] = location.hash.replace(/^#/, "").split("?");
  const parts = path.split("/").filter(Boolean);
  const params = new URLSearchParams(query);
  try {
    if (parts[0] === "match" && parts[1]) leave = await showMatch(app, parts[1], params);
    else if (parts[0] === "replay" && parts[1]) leave = await showReplay(app, parts[1], params);
    else leave = await showHub(app);
  } catch (error) {
    clear(app).append(el("section", { class: "panel" },
      el("h1", {}, "This page cannot be shown"),
      el("p", { class: "error" }, error.message ?? String(error)),
      el("p", {}, el("a", { href: "#/" }, "Back to the hub"))));
  }
}

window.addEventListener("hashchange", route);
route();
