// The JSON API client: the bearer token, error shapes and cursor pages in one place.

const TOKEN_KEY = "kairos.token";

/** An answer the API refused, with its `{"error": {"code", "message"}}` body. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Fired on `window` when the server no longer accepts the token. */
export const SIGNED_OUT = "kairos:signed-out";

export const session = {
  get token() {
    return localStorage.getItem(TOKEN_KEY);
  },
  set token(value) {
    if (value) localStorage.setItem(TOKEN_KEY, value);
    else localStorage.removeItem(TOKEN_KEY);
  },
};

/** Forgets the token and revokes it on the server (offline, it is only forgotten). */
export async function endSession() {
  const token = session.token;
  session.token = null;
  if (token) await fetch("/api/v1/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` } }).catch(() => {});
}

/**
 * Calls `/api/v1{path}` with `body` as JSON, or as it is when it is a file; resolves to the JSON answer
 * (null for 204), or with `stream` to the response itself; rejects with ApiError.
 */
export async function api(path, { method = "GET", body, stream = false } = {}) {
  const headers = { Accept: stream ? "text/event-stream" : "application/json" };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  const file = body instanceof Blob;
  if (body !== undefined) headers["Content-Type"] = file ? body.type || "application/octet-stream" : "application/json";
  const response = await fetch(`/api/v1${path}`, {
    method,
    headers,
    body: body === undefined || file ? body : JSON.stringify(body),
    cache: "no-store",
  });
  if (response.ok) return stream ? response : response.status === 204 ? null : response.json().catch(() => null);
  if (response.status === 401 && session.token) window.dispatchEvent(new Event(SIGNED_OUT));
  const error = (await response.json().catch(() => null))?.error ?? {};
  throw new ApiError(response.status, error.code ?? "http_error", error.message ?? response.statusText);
}

/** POSTs `body` (if any) to `/api/v1{path}`, as `api` does. */
export const post = (path, body) => api(path, { method: "POST", body });

export async function listAll(path, max = 5000) {
  const items = [];
  let cursor = null;
  const join = path.includes("?") ? "&" : "?";
  do {
    const page = await api(`${path}${join}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    items.push(...page.results);
    cursor = page.next_cursor;
  } while (cursor && items.length < max);
  return items;
}

/** A fresh id for idempotent sends; crypto.randomUUID only exists on secure origins. */
export function clientId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Reads the server-sent events of `body` as they arrive, calling `on(event, data)` for each. An event may come
 * split over several chunks, and a character over two: it is read once its blank line has come.
 */
export async function readEvents(body, on) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const blocks = (buffer += value).split(/\r?\n\r?\n/);
    buffer = blocks.pop();
    for (const block of blocks) {
      let event = "message";
      const data = [];
      for (const line of block.split(/\r?\n/)) {
        const [, field, text = ""] = line.match(/^([^:]*)(?:: ?(.*))?$/);
        if (field === "event") event = text;
        else if (field === "data") data.push(text);
      }
      if (data.length) on(event, data.join("\n"));
    }
  }
}
