// Live updates, in this one module: the WebSocket /api/v1/ws, reconnecting with backoff and resuming
// after the last seq it handled (the server replays what was missed), and polling GET /api/v1/events
// only while the socket cannot open. Both transports speak the socket's frames, so the rest of the app
// sees one stream of events in seq order, each once.

import { api, session } from "./api.js";

const POLL_MS = 2500;
const PING_MS = 25000;
const PONG_WAIT_MS = 10000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
/** After this many attempts in a row that never reached `ready`, events come by polling meanwhile. */
const FAILURES_BEFORE_POLLING = 3;

const listeners = new Set();
const typingListeners = new Set();
/** The newest seq handled; null until the first `ready` (the screens load fresh data, so no backlog). */
let seq = null;
let connection = null;

/** Calls `fn(event)` for each new event (an item of /events results); returns the unsubscribe function. */
export function onLiveEvent(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Calls `fn(conversationId, userId)` when someone else types in one of the user's conversations. */
export function onTyping(fn) {
  typingListeners.add(fn);
  return () => typingListeners.delete(fn);
}

/** Tells the conversation's other members that the user is typing; dropped while the socket is down. */
export function sendTyping(conversationId) {
  connection?.send({ type: "typing", conversation_id: conversationId });
}

export function startLive() {
  stopLive();
  seq = null;
  connection = connect();
}

export function stopLive() {
  connection?.close();
  connection = null;
}

/** One frame, whichever transport brought it; events at or below the known seq are duplicates. */
function handleFrame(frame) {
  if (frame.type === "ready") {
    seq ??= frame.seq;
  } else if (frame.type === "event") {
    if (seq !== null && frame.event.seq <= seq) return;
    seq = frame.event.seq;
    for (const fn of listeners) fn(frame.event);
  } else if (frame.type === "typing") {
    for (const fn of typingListeners) fn(frame.conversation_id, frame.user_id);
  }
}

/** The socket, its reconnects, and polling while it stays down. */
function connect() {
  let socket = null;
  let closed = false;
  let failures = 0;
  let retryTimer = null;
  let pingTimer = null;
  let pongTimer = null;
  let poller = null;

  const open = () => {
    clearTimeout(retryTimer);
    if (closed || socket) return;
    const url = new URL("/api/v1/ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    let ready = false;
    let refused = false;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token: session.token, after: seq ?? undefined }));
    ws.onmessage = (message) => {
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      clearTimeout(pongTimer);
      if (frame.type === "ready") {
        ready = true;
        failures = 0;
        poller?.close();
        poller = null;
        keepAlive(ws);
      } else if (frame.type === "error" && frame.code === "unauthorized") {
        refused = true;
      }
      handleFrame(frame);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      clearInterval(pingTimer);
      clearTimeout(pongTimer);
      if (closed) return;
      // A refused token: asking the API again signs the user out if it is really gone.
      if (refused) api("/user").catch(() => {});
      if (!ready) failures += 1;
      // Whatever happens from now on must not be lost, even before the socket first opens.
      if (seq === null) catchUp().catch(() => {});
      if (failures >= FAILURES_BEFORE_POLLING && !poller) poller = pollEvents();
      const delay = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)];
      retryTimer = setTimeout(open, delay * (0.8 + Math.random() * 0.4));
    };
  };

  // A socket that stops answering (a sleeping laptop, a changed network) is closed and opened again.
  const keepAlive = (ws) => {
    clearInterval(pingTimer);
    pingTimer = setInterval(() => {
      ws.send(JSON.stringify({ type: "ping" }));
      clearTimeout(pongTimer);
      pongTimer = setTimeout(() => ws.close(), PONG_WAIT_MS);
    }, PING_MS);
  };

  const retryNow = () => {
    if (!socket && !closed && document.visibilityState === "visible") {
      failures = Math.min(failures, FAILURES_BEFORE_POLLING - 1);
      open();
    }
  };
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", retryNow);
  open();

  return {
    send(frame) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      clearTimeout(pongTimer);
      poller?.close();
      window.removeEventListener("online", retryNow);
      document.removeEventListener("visibilitychange", retryNow);
      const ws = socket;
      socket = null;
      ws?.close();
    },
  };
}

/**
 * Reads /events after the known seq, page by page. With no seq yet it skips the backlog (the screens
 * load fresh data) and reports `ready`, as the socket does.
 */
async function catchUp() {
  let skipped = 0;
  let more = true;
  while (more) {
    const page = await api(`/events?after=${seq ?? skipped}&limit=200`);
    more = page.next_cursor !== null;
    if (seq === null) {
      skipped = page.results.at(-1)?.seq ?? skipped;
      if (!more) handleFrame({ type: "ready", seq: skipped });
    } else {
      for (const event of page.results) handleFrame({ type: "event", event });
    }
  }
}

function pollEvents() {
  let closed = false;
  let timer = null;
  const poll = async () => {
    if (closed) return;
    if (document.visibilityState === "visible") {
      // Offline or the server restarting: the next poll catches up from the same seq.
      await catchUp().catch(() => {});
    }
    if (!closed) timer = setTimeout(poll, POLL_MS);
  };
  poll();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
