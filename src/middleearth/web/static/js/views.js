// Finding a game's own view: /static/games/<game>/view.js when the game ships one, else the
// generic view, so every game is playable in the browser the day it lands.

import * as generic from "./generic.js";

const loaded = new Map();

export async function loadView(game) {
  if (!loaded.has(game)) loaded.set(game, find(game));
  return loaded.get(game);
}

async function find(game) {
  const base = `/static/games/${encodeURIComponent(game)}`;
  const probe = await fetch(`${base}/view.js`).catch(() => null);
  if (!probe?.ok) return generic;
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = `${base}/view.css`;
  document.head.append(style);
  return import(`${base}/view.js`);
}
