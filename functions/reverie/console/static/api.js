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

let cognito = null; // on AWS: {domain, client_id, redirect_uri} of the operators' sign-in (config.json)

export async function configure() {
  let config = {};
  try {
    const resp = await fetch("config.json", { cache: "no-store" });
    if (resp.ok) config = await resp.json();
  } catch {
    config = {};
  }
  base = (config.api_base || "").replace(/\/$/, "");
  cognito = config.cognito || null;
  if (cognito) await finishSignIn();
}

export const usesSignIn = () => cognito !== null;

// Cognito's hosted sign-in, authorization code with PKCE (a browser keeps no client secret).
const VERIFIER = "reverie.console.pkce";
const STATE = "reverie.console.state";

function b64url(bytes) {
  return btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function startSignIn() {
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
  const state = b64url(crypto.getRandomValues(new Uint8Array(16)));
  sessionStorage.setItem(VERIFIER, verifier);
  sessionStorage.setItem(STATE, `${state} ${location.hash}`);
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const params = new URLSearchParams({
    response_type: "code",
    client_id: cognito.client_id,
    redirect_uri: cognito.redirect_uri,
    scope: "openid email",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  location.assign(`${cognito.domain}/oauth2/authorize?${params}`);
}

async function finishSignIn() {
  const params = new URLSearchParams(location.search);
  const code = params.get("code");
  if (!code) return;
  const [state, hash] = (sessionStorage.getItem(STATE) || "").split(" ");
  const verifier = sessionStorage.getItem(VERIFIER);
  sessionStorage.removeItem(STATE);
  sessionStorage.removeItem(VERIFIER);
  history.replaceState(null, "", location.pathname + (hash || ""));
  if (!verifier || params.get("state") !== state) throw new Error("The sign-in answer does not match this tab's request: sign in again.");
  const resp = await fetch(`${cognito.domain}/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", client_id: cognito.client_id, code, redirect_uri: cognito.redirect_uri, code_verifier: verifier }),
  });
  if (!resp.ok) throw new Error(`Sign-in failed (${resp.status}): sign in again.`);
  setToken((await resp.json()).id_token); // what the API's Cognito authorizer reads
}

export const hasToken = () => Boolean(sessionStorage.getItem(TOKEN));

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

// A figure the local service keeps beside the console's files (not on a static host: null there).
export async function localFigure(name) {
  try {
    const resp = await fetch(name, { headers: headers(false), cache: "no-store" });
    return resp.ok && (resp.headers.get("Content-Type") || "").startsWith("application/json") ? await resp.json() : null;
  } catch {
    return null;
  }
}
