// Live updates, in this one module. The transport today polls GET /api/v1/events every 2.5 s while the
// page is visible; it speaks the frames of the WebSocket /api/v1/ws ({"type": "ready", "seq"} and
// {"type": "event", "event"}), so moving to the socket replaces `pollTransport` and nothing else.

import { api } from "./api.js";

const POLL_MS = 2500;
const listeners = new Set();
let seq = 0;
let userId = null;
let transport = null;

/** Calls `fn(event)` for each new event (an item of /events results); returns the unsubscribe function. */
export function onLiveEvent(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Starts following the signed-in user's events, from where this browser left off. */
export function startLive(user) {
  stopLive();
  userId = user.id;
  seq = Number(localStorage.getItem(seqKey()) || 0);
  transport = pollTransport(handleFrame);
}

export function stopLive() {
  transport?.close();
  transport = null;
}

function seqKey() {
  return `kairos.seq.${userId}`;
}

/** One frame, whichever transport brought it; events at or below the known seq are duplicates. */
function handleFrame(frame) {
  if (frame.type === "ready") {
    seq = Math.max(seq, frame.seq);
  } else if (frame.type === "event") {
    if (frame.event.seq <= seq) return;
    seq = frame.event.seq;
    for (const fn of listeners) fn(frame.event);
  }
  localStorage.setItem(seqKey(), String(seq));
}

/**
 * Polls /events. On start it skips the backlog (the screens load fresh data) and reports `ready`;
 * then each new event becomes an `event` frame. It pauses while the page is hidden.
 */
function pollTransport(onFrame) {
  let closed = false;
  let timer = null;
  let cursor = seq;
  let ready = false;
  let busy = false;

  const readPage = async () => {
    const page = await api(`/events?after=${cursor}&limit=200`);
    for (const event of page.results) {
      cursor = event.seq;
      if (ready) onFrame({ type: "event", event });
    }
    return page.next_cursor !== null;
  };
  const poll = async () => {
    clearTimeout(timer);
    if (closed || busy) return;
    busy = true;
    if (document.visibilityState === "visible") {
      try {
        while ((await readPage()) && !closed);
        if (!ready) {
          ready = true;
          onFrame({ type: "ready", seq: cursor });
        }
      } catch {
        // Offline or the server restarting: the next poll catches up from the same cursor.
      }
    }
    busy = false;
    if (!closed) timer = setTimeout(poll, POLL_MS);
  };
  const onVisible = () => document.visibilityState === "visible" && poll();
  document.addEventListener("visibilitychange", onVisible);
  poll();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    },
  };
}
