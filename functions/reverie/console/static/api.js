// The one way the console reaches the Reverie API: JSON over fetch, with the operator's bearer token when
// the service asks for one (kept for this tab only, in sessionStorage).

const TOKEN = "reverie.console.token";
let base = "";

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export async function configure() {
  try {
    const resp = await fetch("config.json", { cache: "no-store" });
    if (resp.ok) base = ((await resp.json()).api_base || "").replace(/\/$/, "");
  } catch {
    base = "";
  }
}

export function setToken(token) {
  if (token) sessionStorage.setItem(TOKEN, token);
  else sessionStorage.removeItem(TOKEN);
}

function headers(json) {
  const out = { Accept: "application/json" };
  if (json) out["Content-Type"] = "application/json";
  const token = sessionStorage.getItem(TOKEN);
  if (token) out.Authorization = `Bearer ${token}`;
  return out;
}

export async function raw(method, path, body) {
  const resp = await fetch(base + path, {
    method,
    headers: headers(body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await resp.text();
  if (!resp.ok) {
    let parsed = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { message: text };
    }
    throw new ApiError(resp.status, parsed);
  }
  return text;
}

export async function api(method, path, body) {
  const text = await raw(method, path, body);
  return text ? JSON.parse(text) : null;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);
export const patch = (path, body) => api("PATCH", path, body);
export const del = (path) => api("DELETE", path);

export function q(params) {
  const parts = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return parts.length ? "?" + parts.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&") : "";
}

export const u = (id) => encodeURIComponent(id);

// Every item of a paged listing (`next_cursor`), up to `most` items: the console shows what it holds.
export async function getAll(path, key, most = 5000) {
  const items = [];
  let cursor = null;
  let total = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const page = await get(cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    items.push(...page[key]);
    total = page.total ?? items.length;
    cursor = page.next_cursor || null;
  } while (cursor && items.length < most);
  return { items, total };
}
