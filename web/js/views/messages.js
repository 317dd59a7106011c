// Messages: the threads list, and a thread with its history, live arrivals, typing, read ticks, files,
// task cards and a composer.

import { api, clientId, post } from "../api.js";
import { dueParts, relativeDay, stamp, todayIn } from "../dates.js";
import { pressable } from "../gestures.js";
import { onLiveEvent, onTyping } from "../live.js";
import { state, tasksChanged, userTimeZone } from "../state.js";
import { avatar, button, checkBox, emptyState, explain, field, fill, formSheet, h, onCheck, rowList, screenHeader, toast, told } from "../ui.js";
import { attachmentList, fileCache } from "./attachments.js";
import { createComposer } from "./composer.js";
import { openTaskById } from "./detail.js";
import { openMessageMenu, openTaskPicker } from "./message-actions.js";
import { commsSegments } from "./notes.js";
import { searchButton } from "./search.js";
import { personRow } from "./sharing.js";
import { openThreadInfo } from "./thread-info.js";
import { backBar } from "./tasks.js";

const TYPING_SHOWN_MS = 6000;

const conversationName = (c) => (c.kind === "group" ? c.name : c.members.find((m) => m.user_id !== state.user.id)?.name ?? "Just you");

const when = (timestamp) => stamp(timestamp, userTimeZone(), true);

/** How a message whose author deleted their account is signed. */
const DELETED_USER = "Deleted user";
const firstName = (name) => (name ?? "Someone").split(" ")[0];

/** How many of a thread's newest messages are drawn before it shows: more than a tall screen holds. */
const FIRST_DRAWN = 30;

/** Who signs `message` (nobody signs a notice); a run of messages from one signer shows their name once. */
const signer = (message) => (!message || message.kind === "system" ? null : message.author_id ?? DELETED_USER);

/** Whether `next` continues `message`'s quick run from one person, which shares one timestamp. */
const sameRun = (message, next) => !!message && !!next && message.author_id === next.author_id && next.kind !== "system" &&
  Date.parse(next.created_at) - Date.parse(message.created_at) < 5 * 60 * 1000;

export async function renderMessages(view) {
  // Drawn into its own element, which the router moves into the page, so live redraws land where they show.
  const screen = h("div.threads-screen");
  view.append(screen);
  let timer = null;
  // Listening before the first draw, so an event that comes while it loads is not missed.
  const unsubscribe = onLiveEvent((event) => {
    if (/^(message|conversation)\./.test(event.kind)) ahead.clear();
    if (!event.kind.startsWith("message.") && !(event.kind === "conversation.read" && event.user_id === state.user.id)) return;
    clearTimeout(timer);
    timer = setTimeout(() => screen.isConnected && drawThreads(screen).catch(() => {}), 150);
  });
  const dispose = () => {
    unsubscribe();
    clearTimeout(timer);
  };
  await drawThreads(screen).catch((error) => {
    dispose();
    throw error;
  });
  return dispose;
}

async function drawThreads(screen) {
  const page = await api("/conversations?limit=50");
  const latest = await Promise.all(page.results.map((c) => api(`/conversations/${c.id}/messages?limit=1`).then((p) => p.results[0]).catch(() => null)));
  const compose = button({ class: "icon-btn filled", icon: "compose", label: "New message", on: { click: newConversation } });
  const rows = page.results.map((c, i) => {
    const last = latest[i];
    const name = conversationName(c);
    const unread = c.unread_count && !c.muted ? h("span.badge", { text: c.unread_count, label: `${c.unread_count} unread` }) : null;
    return h("a.row.thread-row", { href: `#/messages/${c.id}` },
      avatar(name),
      h("span.grow", {},
        h("span.top", {}, h("span.name", { text: name }), last ? h("span.when", { text: when(last.created_at) }) : null),
        h("span.top", {}, h("span.preview.grow", { text: last ? previewText(last, c) : "No messages yet" }),
          c.muted ? h("span.muted-icon", { icon: "bellOff", title: "Muted" }) : null, unread)));
  });
  const focused = screen.contains(document.activeElement) ? document.activeElement.getAttribute("href") : null;
  fill(screen, screenHeader("Messages", null, searchButton("#/messages/search", "Search messages"), compose), commsSegments("messages"),
    rows.length ? rowList(".threads", rows) : emptyState("messages", "No conversations yet", "Start one with the button above."));
  if (focused) screen.querySelector(`[href="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  ahead.clear();
  for (const c of page.results.slice(0, THREADS_AHEAD)) ahead.set(c.id, fetchThread(c.id).catch(() => null));
}

/** The first threads of the list, fetched while it shows so that opening one draws at once; a live event drops them. */
const ahead = new Map();
const THREADS_AHEAD = 6;
const fetchThread = (id) => Promise.all([api(`/conversations/${id}`), api(`/conversations/${id}/messages?limit=100`)]);

function previewText(message, conversation) {
  if (message.kind === "system") return message.text;
  const body = message.text || message.attachments.map((a) => a.name).join(", ");
  const author = message.author_id === state.user.id ? "You" : message.author_id == null ? DELETED_USER : conversation.kind === "group" ? firstName(conversation.members.find((m) => m.user_id === message.author_id)?.name) : null;
  return author ? `${author}: ${body}` : body;
}

/** One person picked from the server's directory makes a direct message, several a named group. */
function newConversation() {
  const chosen = new Set();
  const query = h("input.input.search-field", { type: "search", label: "Name or email", placeholder: "Name or email", autofocus: true });
  const found = h("ul.list.card.members");
  const name = h("input.input", { maxlength: 120, label: "Group name" });
  const group = field("Group name", name);
  const pick = ({ target }) => {
    chosen[target.checked ? "add" : "delete"](target.value);
    group.hidden = !(name.required = chosen.size > 1);
  };
  let asked = 0;
  const find = async () => {
    const id = ++asked;
    const { results } = await api(`/people?q=${encodeURIComponent(query.value)}`);
    if (id === asked) fill(found, results.length ? results.map((p) => h("li", {}, h("label", {}, personRow(p, h("span.email", { text: p.email }),
      h("input", { type: "checkbox", value: p.id, checked: chosen.has(p.id), on: { change: pick } })))))
      : h("li.hint", { text: "No one matches." }));
  };
  query.addEventListener("input", find);
  find();
  group.hidden = true;
  formSheet("New message", [query, found, group], "Start conversation", async (sheet) => {
    const ids = [...chosen];
    if (!ids.length) return "Pick someone.";
    const conversation = await post("/conversations", ids[1] ? { kind: "group", name: name.value.trim(), member_ids: ids } : { kind: "dm", user_id: ids[0] });
    sheet.close();
    location.hash = `#/messages/${conversation.id}`;
  });
}

/** How far the other members got: `{delivered, read}` message numbers by user id. */
function receiptsOf(conversation) {
  return new Map(conversation.members.filter((m) => m.user_id !== state.user.id)
    .map((m) => [m.user_id, { delivered: Number(m.last_delivered_message_id ?? 0), read: Number(m.last_read_message_id ?? 0) }]));
}

export async function renderThread(view, { id, at }) {
  // Events that come while the history loads are kept and applied after it (applying one twice is harmless).
  const early = [];
  let onEvent = (event) => early.push(event);
  const unsubscribe = onLiveEvent((event) => onEvent(event));
  let conversation, page;
  try {
    const kept = ahead.get(id);
    ahead.delete(id);
    [conversation, page] = (await kept) ?? (await fetchThread(id));
  } catch (error) {
    unsubscribe();
    throw error;
  }
  const app = document.getElementById("app");
  app.classList.add("no-tabbar");
  const me = state.user.id;
  const members = new Map(conversation.members.map((m) => [m.user_id, m.name]));
  let receipts = receiptsOf(conversation);
  const files = fileCache();
  const localUrls = new Map();
  const list = h("ol.messages", { label: "Messages", "aria-live": "polite" });
  const byKey = new Map();
  const shown = new WeakMap();
  let latestFromOthers = null;

  // ---- Read ticks: sent, delivered to everyone else, read by everyone else.
  const ticks = (messageId) => {
    if (!receipts.size || !/^\d+$/.test(messageId)) return null;
    const n = Number(messageId);
    const all = [...receipts.values()];
    const label = all.every((r) => r.read >= n) ? "Read" : all.every((r) => r.delivered >= n) ? "Delivered" : "Sent";
    return h("span.ticks", { role: "img", label, title: label, data: { state: label.toLowerCase() }, icon: label === "Sent" ? "tick" : "ticks" });
  };
  const refreshTicks = () => {
    for (const el of list.querySelectorAll(".msg.mine[data-id] .ticks")) el.replaceWith(ticks(el.closest(".msg").dataset.id) ?? "");
  };
  const undelivered = () => [...list.querySelectorAll(".msg.mine[data-id] .ticks")].some((t) => t.dataset.state === "sent");
  let deliveryTimer = null;
  // Asks again, less and less often, whether sent messages reached the others.
  const watchDelivery = (attempt = 0) => {
    clearTimeout(deliveryTimer);
    deliveryTimer = setTimeout(async () => {
      if (!list.isConnected) return;
      try {
        receipts = receiptsOf(await api(`/conversations/${id}`));
        refreshTicks();
      } catch {
        // Receipts are a courtesy: the next check or event brings them.
      }
      if (undelivered()) watchDelivery(attempt + 1);
    }, Math.min(2000 * 2 ** attempt, 15000));
  };

  // `before` is the message above: a run of messages from one person is signed once.
  const render = (message, before) => {
    const mine = message.author_id === me;
    if (message.kind === "system") return h("li.msg.system", { text: message.text });
    // A deleted account's messages stay, without an author: named as such, in direct messages too.
    const showAuthor = !mine && (conversation.kind === "group" || message.author_id == null) && signer(before) !== signer(message);
    const sent = !String(message.id).startsWith("pending-");
    const menu = () => openMessageMenu(message, { conversationId: id, onShared: upsertAndScroll });
    const body = message.kind === "task_card" && message.task ? taskCard(message.task)
      : message.text ? h("div.bubble", {}, textWithMentions(message)) : null;
    const attachments = message.attachments?.length ? attachmentList(message.attachments, files, localUrls) : null;
    const content = h("div.msg-body", {}, attachments, body, sent && button({ class: "icon-btn msg-more", icon: "more", label: "Message actions", "aria-haspopup": "dialog", on: { click: menu } }));
    const el = h("li", { class: `msg${mine ? " mine" : ""}`, data: { id: message.id } },
      showAuthor ? h("span.author", { text: message.author_id == null ? DELETED_USER : members.get(message.author_id) ?? "Someone" }) : null,
      content, h("time.time", { datetime: message.created_at }, when(message.created_at), mine ? ticks(message.id) : null));
    if (sent) pressable(content, menu);
    return el;
  };
  const record = (el, message) => {
    shown.set(el, message);
    byKey.set(message.id, el);
    if (message.client_id) byKey.set(`c:${message.client_id}`, el);
    return el;
  };
  const heard = (message) => {
    if (message.author_id !== me && /^\d+$/.test(message.id) && Number(message.id) > Number(latestFromOthers?.id ?? 0)) latestFromOthers = message;
  };
  const messageAbove = (el) => {
    for (let above = el?.previousElementSibling; above; above = above.previousElementSibling) if (shown.has(above)) return shown.get(above);
    return null;
  };
  const upsert = (message) => {
    heard(message);
    const existing = byKey.get(message.id) ?? (message.client_id && byKey.get(`c:${message.client_id}`));
    // An edit of a message not drawn yet is drawn as edited when the user scrolls up to it.
    const waiting = existing ? -1 : history.findIndex((m) => m.id === message.id);
    if (waiting >= 0) {
      history[waiting] = message;
      return null;
    }
    let el;
    if (existing) {
      el = render(message, messageAbove(existing));
      if (existing.classList.contains("grouped")) el.classList.add("grouped");
      existing.replaceWith(el);
    } else {
      const last = list.lastElementChild;
      const before = last && (shown.get(last) ?? messageAbove(last));
      // Messages in a quick run from one person share one timestamp, under the last of them.
      if (sameRun(before, message)) last.classList.add("grouped");
      list.append((el = render(message, before)));
    }
    record(el, message);
    if (message.task) updateCards(message.task);
    return el;
  };
  const upsertAndScroll = (message) => {
    const el = upsert(message);
    toEnd();
    return el;
  };

  // The history, oldest first, each task card showing its task as the latest message about it has it.
  const history = page.results.reverse();
  history.forEach(heard);
  const latestTasks = new Map(history.filter((m) => m.task).map((m) => [m.task.id, m.task]));
  for (const message of history) if (message.task) message.task = latestTasks.get(message.task.id);
  const drawHistory = (from, to) => history.slice(from, to).map((message, i) => {
    const el = record(render(message, history[from + i - 1]), message);
    if (sameRun(message, history[from + i + 1])) el.classList.add("grouped");
    return el;
  });
  // The first message from others after the user's read position opens under a "New messages" divider.
  let readUpTo = Number(conversation.last_read_message_id ?? 0);
  const firstUnread = conversation.unread_count ? history.findIndex((m) => m.author_id !== me && Number(m.id) > readUpTo) : -1;
  let divider = firstUnread < 0 ? null : h("li.msg.system.unread-divider", { text: "New messages" });
  // The thread opens on its newest screenful (from the divider, when that is further up); older
  // messages go above as the user scrolls up towards them: those fetched with it, then earlier pages.
  // Opened at a message (a mention, a search answer, a task's source): drawn from there, and held in view as the
  // divider is.
  const atIndex = at ? history.findIndex((m) => m.id === at) : -1;
  let drawnFrom = Math.max(0, Math.min(history.length - FIRST_DRAWN, ...[firstUnread, atIndex].filter((i) => i >= 0)));
  let olderPages = page.next_cursor;
  const opening = drawHistory(drawnFrom, history.length);
  if (divider && firstUnread >= drawnFrom) opening.splice(firstUnread - drawnFrom, 0, divider);
  const top = h("li.older", { "aria-hidden": "true" });
  list.append(top, ...opening);
  if (atIndex >= 0) {
    divider = byKey.get(at);
    divider.classList.add("focused");
  }
  let drawingOlder = false;
  const drawOlder = async () => {
    if (drawingOlder) return;
    drawingOlder = true;
    try {
      if (!drawnFrom && olderPages) {
        const more = await api(`/conversations/${id}/messages?limit=100&cursor=${encodeURIComponent(olderPages)}`);
        olderPages = more.next_cursor;
        for (const message of more.results) if (message.task) message.task = latestTasks.get(message.task.id) ?? message.task;
        history.unshift(...more.results.reverse());
        drawnFrom += more.results.length;
      }
      const from = Math.max(0, drawnFrom - FIRST_DRAWN);
      // Kept in place on screen whether or not the browser anchors scrolling itself.
      const anchor = top.nextElementSibling;
      const y = anchor?.getBoundingClientRect().top;
      top.after(...drawHistory(from, drawnFrom));
      drawnFrom = from;
      if (anchor) scrollBy(0, anchor.getBoundingClientRect().top - y);
    } catch {
      // Scrolling up again asks again.
    } finally {
      drawingOlder = false;
      if (!drawnFrom && !olderPages) top.remove();
      // A top still within reach draws the next batch.
      else requestAnimationFrame(drawOlderNearTop);
    }
  };
  // Older messages are drawn while the top of the thread is less than a screenful or so above the view.
  const drawOlderNearTop = () => top.isConnected && top.getBoundingClientRect().bottom > -800 && drawOlder();
  // Checked once the thread has been placed and painted, so opening it draws no more than it must.
  if (drawnFrom || olderPages) requestAnimationFrame(() => setTimeout(drawOlderNearTop));
  else top.remove();

  // A card shows its task as it is now: any message about the task (a card, a notice) updates them all.
  function updateCards(task) {
    for (const card of list.querySelectorAll(`.task-card[data-task-id="${CSS.escape(task.id)}"]`)) card.replaceWith(taskCard(task));
  }

  const markRead = () => {
    const upTo = Number(latestFromOthers?.id ?? 0);
    if (upTo <= readUpTo || document.visibilityState !== "visible") return;
    readUpTo = upTo;
    post(`/conversations/${id}/read`, { message_id: latestFromOthers.id }).catch(() => {});
  };
  markRead();
  document.addEventListener("visibilitychange", markRead);

  // ---- Typing: "Bob is typing…" while their typing frames keep coming.
  const typers = new Map();
  const drawTyping = () => {
    const names = [...typers.keys()].map((userId) => firstName(members.get(userId)));
    composer.typingLine.textContent = !names.length ? "" : names.length > 2 ? "Several people are typing…" : `${names.join(" and ")} ${names[1] ? "are" : "is"} typing…`;
  };
  const stopTyping = (userId) => {
    clearTimeout(typers.get(userId));
    if (typers.delete(userId)) drawTyping();
  };
  const unsubscribeTyping = onTyping((conversationId, userId) => {
    if (conversationId !== id || userId === me) return;
    clearTimeout(typers.get(userId));
    typers.set(userId, setTimeout(() => stopTyping(userId), TYPING_SHOWN_MS));
    drawTyping();
  });

  const deliver = async ({ text, attachments, cid, pending }) => {
    try {
      const posted = await post(`/conversations/${id}/messages`, { text, client_id: cid, attachment_ids: attachments.map((a) => a.id) });
      upsert(posted);
      if (posted.mentions_without_task_access?.length) offerToShare(posted.mentions_without_task_access);
      watchDelivery();
    } catch (error) {
      pending.classList.remove("pending");
      pending.querySelector(".time").textContent = "Not sent. Tap to try again.";
      pending.addEventListener("click", () => {
        pending.classList.add("pending");
        deliver({ text, attachments, cid, pending });
      }, { once: true });
      toast(explain(error));
    }
  };
  const sendText = ({ text, attachments = [], localUrls: previews = [] }) => {
    for (const [attachmentId, url] of previews) localUrls.set(attachmentId, url);
    const cid = clientId();
    const pending = upsertAndScroll({ id: `pending-${cid}`, client_id: cid, author_id: me, kind: "text", text, attachments, created_at: new Date().toISOString() });
    pending.classList.add("pending");
    deliver({ text, attachments, cid, pending });
  };
  // Shows a message, drawing older ones until it is drawn, and holds it in view.
  const jump = async (messageId) => {
    for (let tries = 0; tries < 100 && !byKey.get(messageId) && (drawnFrom || olderPages); tries++) {
      await drawOlder();
      await new Promise(requestAnimationFrame);
    }
    const el = byKey.get(messageId);
    if (!el) return toast("That message is no longer in this conversation.");
    pinned = false;
    divider = null;
    for (const other of list.querySelectorAll(".msg.focused")) other.classList.remove("focused");
    el.classList.add("focused");
    el.scrollIntoView({ block: "center" });
  };
  const ai = (name) => () => import("./thread-ai.js").then((chips) => chips[name]({ id, jump, onShare: (text) => sendText({ text }) }));
  const composer = createComposer({
    conversation,
    onShareTask: () => openTaskPicker(id, upsertAndScroll),
    onSend: sendText,
    tools: h("div.ai-chips", {},
      button({ class: "chip", text: "Summarize", on: { click: ai("openSummary") } }),
      button({ class: "chip", text: "Extract tasks", on: { click: ai("openActions") } })),
  });

  // The server says who was mentioned but cannot open a task shared here: offer to share its list.
  async function offerToShare(withoutAccess) {
    const first = withoutAccess[0];
    const name = firstName(members.get(first.user_id));
    const task = await api(`/tasks/${first.task_ids[0]}`).catch(() => null);
    if (!task) return;
    const project = state.projects.find((p) => p.id === task.project_id);
    const text = h("p.note-text", { text: `${name} can't open “${task.content}” yet.` });
    if (!project || project.inbox_project || project.role !== "owner") {
      text.textContent += project?.inbox_project ? " It is in your Inbox; move it to a list to share it." : "";
      return composer.showNote(text);
    }
    const shareButton = button({ class: "btn small primary", text: `Share ${project.name} with ${name}` });
    const close = composer.showNote(text, h("p.note-hint", { text: `${name} will be able to read and comment.` }), shareButton);
    shareButton.addEventListener("click", () => told(post(`/projects/${project.id}/members`, { user_id: first.user_id, role: "commenter" }).then(() => {
      close();
      toast(`${name} can now open ${project.name}.`);
    })));
  }

  const title = conversationName(conversation);
  const head = h("header.thread-head", {},
    h("div.nav-bar", {}, backBar("#/messages", "Messages").firstChild,
      h("h1", {}, title, conversation.kind === "group" && h("span.people", { text: conversation.members.filter((m) => m.user_id !== me).map((m) => m.name).join(", ") })),
      h("span", {}, h("a.icon-btn", { href: `#/messages/search/${id}`, label: "Search this conversation", icon: "search" }),
        button({ class: "icon-btn", icon: "people", label: "Conversation details", on: {
          click: () => openThreadInfo(conversation, title, () => dispatchEvent(new HashChangeEvent("hashchange"))),
        } }))));
  fill(view, head, list, composer.element);

  // The thread holds the divider, else its end, while images load and messages come, until the user
  // scrolls away; back at the end, it holds the end again.
  let pinned = true;
  let placedAt = 0;
  const place = () => {
    if (pinned) divider ? divider.scrollIntoView() : scrollTo(0, document.body.scrollHeight);
    placedAt = scrollY;
  };
  const toEnd = () => {
    pinned = true;
    divider = null;
    place();
  };
  const onScroll = () => {
    if (Math.abs(scrollY - placedAt) > 1 && (pinned = innerHeight + scrollY >= document.body.scrollHeight - 80)) divider = null;
    drawOlderNearTop();
  };
  const resized = new ResizeObserver(place);
  resized.observe(list);
  addEventListener("scroll", onScroll, { passive: true });
  if (undelivered()) watchDelivery();
  // A message older than the first page is drawn and shown once the thread is up.
  if (at && atIndex < 0) requestAnimationFrame(() => jump(at));

  onEvent = (event) => {
    if (event.conversation_id !== id) {
      if (event.kind === "task.updated" && list.querySelector(`.task-card[data-task-id="${CSS.escape(event.task_id)}"]`)) {
        api(`/tasks/${event.task_id}`).then((task) => updateCards({ id: task.id, content: task.content, due_date: task.due?.date ?? null, is_completed: task.checked }), () => {});
      }
      return;
    }
    if (event.kind === "conversation.read" && event.user_id !== me) {
      const r = receipts.get(event.user_id);
      if (r) {
        r.read = Math.max(r.read, Number(event.message_id));
        r.delivered = Math.max(r.delivered, r.read);
        refreshTicks();
      }
      return;
    }
    if (!event.message) return;
    upsert(event.message);
    if (event.kind === "message.created") {
      if (event.message.author_id) stopTyping(event.message.author_id);
      markRead();
    }
  };
  for (const event of early) onEvent(event);
  return () => {
    unsubscribe();
    unsubscribeTyping();
    clearTimeout(deliveryTimer);
    resized.disconnect();
    removeEventListener("scroll", onScroll);
    for (const timer of typers.values()) clearTimeout(timer);
    document.removeEventListener("visibilitychange", markRead);
    composer.dispose();
    files.release();
    for (const url of localUrls.values()) URL.revokeObjectURL(url);
    app.classList.remove("no-tabbar");
  };
}

function textWithMentions(message) {
  if (!message.mentions?.length) return message.text;
  return message.text.split(/((?<![\p{L}\p{N}])@[\p{L}\p{N}._+-]*[\p{L}\p{N}])/u)
    .map((part, i) => (i % 2 ? h("span.mention", { text: part }) : part));
}

function taskCard(task) {
  const tz = userTimeZone();
  const day = dueParts(task.due_date && { date: task.due_date }, tz)?.date;
  const check = checkBox(`Complete ${task.content}`, task.is_completed);
  const open = button({ class: "card-open grow", label: `Open ${task.content}` },
    h("span.title", { text: task.content }), day ? h("span.meta", { text: relativeDay(day, todayIn(tz)) }) : null);
  const card = h("div", { class: `bubble task-card task${task.is_completed ? " is-done" : ""}`, data: { taskId: task.id } }, check, open);
  onCheck(check, card, (done) => post(`/tasks/${task.id}/${done ? "close" : "reopen"}`).then(tasksChanged));
  open.addEventListener("click", () => openTaskById(task.id, "This task is in a list that isn't shared with you."));
  return card;
}

