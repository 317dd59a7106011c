// The outbox: changes made while the server cannot be reached wait in localStorage and go out in
// order once it answers again. Replays are safe: updates, moves, closes and deletes land the same way
// twice, and a create carries its own client_id from the first try on, so the server makes it once.

import { api, ApiError, clientId } from "./api.js";
import { tasksChanged } from "./state.js";
import { count, h, toast } from "./ui.js";

const KEY = "kairos.outbox";

/** What a change made offline says: it is kept here until the server answers. */
export const SAVED_OFFLINE = "Saved on this device. It goes out when you're back online.";
const RETRY_MS = 3000;

const load = () => {
  try {
    return JSON.parse(localStorage.getItem(KEY)) ?? [];
  } catch {
    return [];
  }
};

function save(ops) {
  if (ops.length) localStorage.setItem(KEY, JSON.stringify(ops));
  else localStorage.removeItem(KEY);
  showStatus(ops.length);
}

/**
 * Sends a change to `/api/v1{path}` now, or keeps it for later when the server cannot be reached (or
 * earlier changes still wait, so the order holds). Resolves `{queued, result}`; a refusal (4xx) rejects.
 * `taskId` names the task it changes; `create` marks a task creation.
 */
export async function send(path, { method = "POST", body, taskId, create = false } = {}) {
  if (create) body = { ...body, client_id: clientId() };
  if (!load().length && navigator.onLine) {
    try {
      return { queued: false, result: await api(path, { method, body }) };
    } catch (error) {
      if (error instanceof ApiError) throw error;
    }
  }
  save([...load(), { id: clientId(), path, method, body, taskId, create }]);
  scheduleFlush();
  return { queued: true, result: null };
}

/** `tasks` as they will be once the waiting changes go out: closed and deleted ones left out, edits applied. */
export function withPending(tasks) {
  const ops = load();
  if (!ops.length) return tasks;
  const gone = new Set();
  for (const op of ops) {
    if (op.method === "DELETE" || op.path.endsWith("/close")) gone.add(op.taskId);
    else if (op.path.endsWith("/reopen")) gone.delete(op.taskId);
  }
  const edits = new Map();
  for (const op of ops) if (op.taskId && op.path === `/tasks/${op.taskId}`) edits.set(op.taskId, { ...edits.get(op.taskId), ...op.body });
  return tasks.filter((task) => !gone.has(task.id)).map((task) => {
    const edit = edits.get(task.id);
    if (!edit) return task;
    const changed = { ...task };
    for (const key of ["content", "description", "priority", "labels"]) if (key in edit) changed[key] = edit[key];
    if (edit.due_date || edit.due_datetime) changed.due = { ...task.due, date: edit.due_date ?? edit.due_datetime, is_recurring: false };
    return changed;
  });
}

export function pendingCreations() {
  return load().filter((op) => op.create).map((op) => op.body);
}

let flushing = false;
let timer = null;

function scheduleFlush() {
  clearTimeout(timer);
  if (load().length) timer = setTimeout(flush, RETRY_MS);
}

/** Sends the waiting changes, oldest first; stops at the first one the server cannot be reached for. */
export async function flush() {
  if (flushing) return;
  flushing = true;
  let sent = 0;
  try {
    for (let ops = load(); ops.length; ops = load()) {
      const op = ops[0];
      try {
        await api(op.path, { method: op.method, body: op.body });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) break;
        // Refused for good (the task is gone, a field no longer fits): tell the user and move on.
        if (error.status !== 404) toast(`A change made offline wasn't saved: ${error.message}`);
      }
      save(load().filter((waiting) => waiting.id !== op.id));
      sent += 1;
    }
  } finally {
    flushing = false;
    scheduleFlush();
    if (sent) tasksChanged();
  }
}

let status = null;

function showStatus(waiting) {
  if (!status) {
    status = h("p.outbox", { role: "status", hidden: true });
    document.getElementById("app").prepend(status);
  }
  status.hidden = waiting === 0;
  status.textContent = `Offline · ${count(waiting, "change")} waiting to be sent`;
}

/** Starts sending what earlier sessions left waiting, and again whenever the device comes back online. */
export function startOutbox() {
  window.addEventListener("online", flush);
  showStatus(load().length);
  flush();
}
