// Small DOM helpers: every text goes in as a text node, never as HTML, so nothing a memory says can run.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "value") el.value = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function when(iso) {
  if (!iso) return "—";
  const d = new Date(iso);
  return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

export function time(iso) {
  return iso ? h("time", { datetime: iso }, when(iso)) : "—";
}

let counter = 0;
export function uid(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}

// A labelled form control: the label names it for screen readers and for the tests.
export function field(label, control, hint) {
  const id = control.id || uid("f");
  control.id = id;
  const hintId = hint ? `${id}-hint` : null;
  if (hintId) control.setAttribute("aria-describedby", hintId);
  return h("div", { class: "field" }, h("label", { for: id }, label), control, hint ? h("small", { id: hintId }, hint) : null);
}

export function select(name, options, value) {
  return h(
    "select",
    { name },
    options.map(([v, text]) => h("option", { value: v, selected: v === value ? true : false }, text)),
  );
}

export function table(caption, headers, rows, className = "") {
  return h(
    "div",
    { class: "scroll", tabindex: "0", role: "region", "aria-label": caption },
    h(
      "table",
      { class: className },
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, headers.map((x) => (x instanceof Node ? x : h("th", { scope: "col" }, x))))),
      h("tbody", {}, rows),
    ),
  );
}

export function say(message, kind = "ok") {
  const box = document.getElementById("status");
  box.dataset.fresh = "1"; // kept over the navigation that usually follows
  box.replaceChildren(h("p", { class: `note ${kind}` }, message));
}

export function alertBox(message, ...extra) {
  return h("div", { class: "note error", role: "alert" }, h("p", {}, message), ...extra);
}

export function badge(text, kind = text) {
  return h("span", { class: `badge b-${String(kind).replace(/[^a-z_]/gi, "")}` }, text);
}
