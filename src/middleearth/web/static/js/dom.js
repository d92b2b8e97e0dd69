// Tiny helpers to build the page from data, so no view needs a framework or a build step.

/** An element with attributes and children; false, null and "" children are skipped. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === false || child === null || child === undefined || child === "") continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** An inline SVG from trusted markup written in this project (never from the server). */
export function svg(markup) {
  const holder = document.createElement("template");
  holder.innerHTML = markup.trim();
  return holder.content.firstChild;
}

export function clear(node) {
  node.replaceChildren();
  return node;
}
