// The hub's HTTP API (docs/api.md) and the seat tokens this browser holds.

/** Error from the server, carrying its code ("stale", "illegal", ...) and its sentence. */
export class ApiError extends Error {
  constructor(code, reason) {
    super(reason);
    this.code = code;
  }
}

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("offline", "The hub cannot be reached: is the server running?");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(data?.error ?? "http", data?.reason ?? `The hub answered ${response.status}.`);
  }
  return data;
}

export const get = (path) => call("GET", path);
export const post = (path, body = {}) => call("POST", path, body);

// Tokens are kept per match as {seat: token}: one browser may hold several seats (hot seat).
const key = (id) => `middleearth:${id}`;

export function tokens(id) {
  try {
    const stored = JSON.parse(localStorage.getItem(key(id)) ?? "{}");
    return stored && typeof stored === "object" ? stored : {};
  } catch {
    return {};
  }
}

export function keepTokens(id, given) {
  localStorage.setItem(key(id), JSON.stringify({ ...tokens(id), ...given }));
}

export function dropToken(id, seat) {
  const held = tokens(id);
  delete held[seat];
  localStorage.setItem(key(id), JSON.stringify(held));
}

/** The name this browser's player goes by (empty: the seat's own name, e.g. the hobbit). */
export const playerName = () => localStorage.getItem("middleearth-name") ?? "";
export const keepPlayerName = (name) => localStorage.setItem("middleearth-name", name.trim());

/** The ids of matches this browser holds a seat in. */
export function heldMatches() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const name = localStorage.key(i);
    if (name.startsWith("middleearth:") && Object.keys(tokens(name.slice(12))).length) ids.push(name.slice(12));
  }
  return ids;
}

/** A short message in the corner, for refusals and errors a player should read. */
export function toast(message, kind = "info") {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = kind;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, kind === "error" ? 6000 : 3000);
}
