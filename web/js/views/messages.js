// Messages: the threads list, and a thread with its history, live arrivals and a composer.

import { api, clientId } from "../api.js";
import { dateIn, shortDate, timeOfDay, todayIn } from "../dates.js";
import { onLiveEvent } from "../live.js";
import { state, tasksChanged, userTimeZone } from "../state.js";
import { emptyState, explain, fill, h, initials, openSheet, screenHeader, toast } from "../ui.js";
import { backBar } from "./tasks.js";

function conversationName(conversation) {
  if (conversation.kind === "group") return conversation.name;
  const other = conversation.members.find((m) => m.user_id !== state.user.id);
  return other?.name ?? "Just you";
}

function when(timestamp) {
  const tz = userTimeZone();
  const instant = new Date(timestamp);
  const day = dateIn(instant, tz);
  if (day === todayIn(tz)) return timeOfDay(instant, tz);
  return shortDate(day, todayIn(tz));
}

export async function renderMessages(view) {
  await drawThreads(view);
  return onLiveEvent((event) => event.kind.startsWith("message.") && drawThreads(view).catch(() => {}));
}

async function drawThreads(view) {
  const page = await api("/conversations?limit=50");
  const latest = await Promise.all(page.results.map((c) => api(`/conversations/${c.id}/messages?limit=1`).then((p) => p.results[0]).catch(() => null)));
  const compose = h("button", { type: "button", class: "icon-btn filled", icon: "compose", "aria-label": "New message", on: { click: newConversation } });
  const rows = page.results.map((c, i) => {
    const last = latest[i];
    const name = conversationName(c);
    const unread = c.unread_count && !c.muted ? h("span", { class: "badge", text: String(c.unread_count), "aria-label": `${c.unread_count} unread` }) : null;
    return h("li", {},
      h("a", { class: "row thread-row", href: `#/messages/${c.id}` },
        h("span", { class: "avatar", text: initials(name), "aria-hidden": "true" }),
        h("span", { class: "grow" },
          h("span", { class: "top" }, h("span", { class: "name", text: name }), last ? h("span", { class: "when", text: when(last.created_at) }) : null),
          h("span", { class: "top" }, h("span", { class: "preview grow", text: last ? previewText(last, c) : "No messages yet" }),
            c.muted ? h("span", { class: "muted-icon", icon: "bellOff", title: "Muted" }) : null, unread))));
  });
  fill(view, screenHeader("Messages", null, compose),
    rows.length ? h("ul", { class: "list card threads", role: "list" }, rows) : emptyState("messages", "No conversations yet", "Start one with the button above."));
}

function previewText(message, conversation) {
  if (message.kind === "system") return message.text;
  const author = message.author_id === state.user.id ? "You" : conversation.kind === "group" ? conversation.members.find((m) => m.user_id === message.author_id)?.name.split(" ")[0] : null;
  return author ? `${author}: ${message.text}` : message.text;
}

function newConversation() {
  const email = h("input", { class: "input", type: "email", autocomplete: "email", "aria-label": "Their email", placeholder: "name@example.com", autofocus: true });
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h("form", {}, h("label", { class: "field" }, h("span", { text: "Message someone on this server" }), email), error,
    h("button", { type: "submit", class: "btn primary block", text: "Start conversation" }));
  const sheet = openSheet({ title: "New message", content: form });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const conversation = await api("/conversations", { method: "POST", body: { kind: "dm", email: email.value.trim() } });
      sheet.close();
      location.hash = `#/messages/${conversation.id}`;
    } catch (failure) {
      error.textContent = failure.status === 404 ? "No one on this server has that email." : explain(failure);
    }
  });
}

export async function renderThread(view, { id }) {
  const [conversation, page] = await Promise.all([api(`/conversations/${id}`), api(`/conversations/${id}/messages?limit=100`)]);
  const app = document.getElementById("app");
  app.classList.add("no-tabbar");
  const members = new Map(conversation.members.map((m) => [m.user_id, m.name]));
  const list = h("ol", { class: "messages", "aria-label": "Messages", "aria-live": "polite" });
  const byKey = new Map();
  let lastAuthor = null;
  let previous = null;

  const render = (message) => {
    const mine = message.author_id === state.user.id;
    if (message.kind === "system") return h("li", { class: "msg system", text: message.text });
    const showAuthor = !mine && conversation.kind === "group" && lastAuthor !== message.author_id;
    const content = message.kind === "task_card" && message.task ? taskCard(message.task) : h("div", { class: "bubble", text: message.text });
    return h("li", { class: `msg${mine ? " mine" : ""}` },
      showAuthor ? h("span", { class: "author", text: members.get(message.author_id) ?? "Someone" }) : null,
      content, h("time", { class: "time", datetime: message.created_at, text: when(message.created_at) }));
  };
  const upsert = (message) => {
    const existing = byKey.get(message.id) ?? (message.client_id && byKey.get(`c:${message.client_id}`));
    const el = render(message);
    if (existing) {
      existing.replaceWith(el);
    } else {
      // Messages in a quick run from one person share one timestamp, under the last of them.
      const sameRun = previous && previous.author_id === message.author_id && message.kind !== "system" &&
        Date.parse(message.created_at) - Date.parse(previous.created_at) < 5 * 60 * 1000;
      if (sameRun) list.lastElementChild?.classList.add("grouped");
      list.append(el);
      previous = message;
    }
    byKey.set(message.id, el);
    if (message.client_id) byKey.set(`c:${message.client_id}`, el);
    lastAuthor = message.kind === "system" ? null : message.author_id;
    return el;
  };
  for (const message of page.results.reverse()) upsert(message);

  const markRead = (message) => {
    if (message && message.author_id !== state.user.id) api(`/conversations/${id}/read`, { method: "POST", body: { message_id: message.id } }).catch(() => {});
  };
  markRead(page.results[page.results.length - 1]);

  const input = h("textarea", { rows: 1, "aria-label": "Message", placeholder: "Message", maxlength: 10000 });
  const send = h("button", { type: "submit", class: "icon-btn send", icon: "send", "aria-label": "Send", disabled: true });
  const composer = h("form", { class: "composer" }, input, send);
  input.addEventListener("input", () => {
    send.disabled = !input.value.trim();
    input.style.height = "auto";
    input.style.height = `${Math.min(input.scrollHeight + 2, 140)}px`;
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      composer.requestSubmit();
    }
  });
  const post = async (text, cid, pending) => {
    try {
      upsert(await api(`/conversations/${id}/messages`, { method: "POST", body: { text, client_id: cid } }));
    } catch (error) {
      pending.classList.remove("pending");
      pending.querySelector(".time").textContent = "Not sent. Tap to try again.";
      pending.addEventListener("click", () => {
        pending.classList.add("pending");
        post(text, cid, pending);
      }, { once: true });
      toast(explain(error));
    }
  };
  composer.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const cid = clientId();
    const pending = upsert({ id: `pending-${cid}`, client_id: cid, author_id: state.user.id, kind: "text", text, created_at: new Date().toISOString() });
    pending.classList.add("pending");
    input.value = "";
    send.disabled = true;
    input.style.height = "";
    scrollToEnd();
    post(text, cid, pending);
  });

  const people = conversation.members.filter((m) => m.user_id !== state.user.id).map((m) => m.name).join(", ");
  const head = h("header", { class: "thread-head" },
    h("div", { class: "nav-bar" }, backBar("#/messages", "Messages").firstChild,
      h("h1", {}, conversationName(conversation), conversation.kind === "group" ? h("span", { class: "people", text: people }) : null),
      h("span", {})));
  fill(view, head, page.results.length ? null : h("p", { class: "hint", style: "text-align:center;margin-top:32px", text: "Say hello." }), list, composer);
  scrollToEnd();

  const unsubscribe = onLiveEvent((event) => {
    if (event.conversation_id !== id || !event.message) return;
    const nearEnd = window.innerHeight + window.scrollY >= document.body.scrollHeight - 120;
    upsert(event.message);
    if (event.kind === "message.created") markRead(event.message);
    if (nearEnd) scrollToEnd();
  });
  return () => {
    unsubscribe();
    app.classList.remove("no-tabbar");
  };
}

function taskCard(task) {
  const check = h("button", { type: "button", class: "check", role: "checkbox", "aria-checked": String(task.is_completed), "aria-label": `Complete ${task.content}` },
    h("span", { class: "ring", icon: "check" }));
  const card = h("div", { class: `bubble task-card task${task.is_completed ? " is-done" : ""}`, style: "white-space:normal" },
    check, h("span", { class: "grow" }, h("span", { class: "title", text: task.content }),
      task.due_string ? h("span", { class: "meta", text: task.due_string }) : null));
  check.addEventListener("click", async () => {
    const done = card.classList.toggle("is-done");
    check.setAttribute("aria-checked", String(done));
    try {
      await api(`/tasks/${task.id}/${done ? "close" : "reopen"}`, { method: "POST" });
      tasksChanged();
    } catch (error) {
      card.classList.toggle("is-done");
      check.setAttribute("aria-checked", String(!done));
      toast(explain(error));
    }
  });
  return card;
}

function scrollToEnd() {
  requestAnimationFrame(() => window.scrollTo({ top: document.body.scrollHeight }));
}
