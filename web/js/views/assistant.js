// The Assistant tab: a chat with the assistant, each answer streamed in as it is written, and its cards (a
// reminder or a list to add, the user's own tasks) added, dismissed or opened with one tap. Everything the
// assistant says is shown as plain text: its words come from a model or echo the user's own.

import { api, ApiError, clientId, post, readEvents } from "../api.js";
import { describeDue } from "../dates.js";
import { tasksChanged, userTimeZone } from "../state.js";
import { autoGrow, button, count, explain, h, onSubmit, screenHeader, toast } from "../ui.js";
import { openTaskById } from "./detail.js";

const PAGE = 50;

/**
 * The empty chat's prompt chips: [label, text, complete]. A complete one is sent at once; the others go into
 * the composer to be finished, since the offline assistant makes a list (or a plan) of the items named after
 * the colon and, with none named, only proposes an empty one.
 */
const PROMPTS = [
  ["Plan my day", "Plan for today: ", false],
  ["Make a shopping list", "Make a shopping list: ", false],
  ["What's due this week", "What's due this week?", true],
];

/** Draws the chat, newest at the bottom, into `view`; returns what stops it listening. */
export async function renderAssistant(view) {
  const page = await api(`/assistant/messages?limit=${PAGE}`);
  let older = page.next_cursor;
  const drawn = new Map();
  const draw = (message) => {
    const el = messageItem(message, redraw);
    drawn.set(message.id, el);
    return el;
  };
  const redraw = (message) => drawn.get(message.id)?.replaceWith(draw(message));

  const input = h("textarea", { rows: 1, label: "Message the assistant", placeholder: "Ask or tell me something", maxlength: 10000 });
  const send = h("button", { type: "submit", class: "icon-btn send", icon: "send", label: "Send", disabled: true });
  const note = h("p.composer-note.card", { role: "alert", hidden: true });
  const composer = h("form.composer", {}, h("div.composer-above", {}, note), h("div.compose-field", {}, input), send);
  const fit = autoGrow(input, 140);
  let busy = false;
  const refresh = () => (send.disabled = busy || !input.value.trim());
  input.addEventListener("input", refresh);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      composer.requestSubmit();
    }
  });

  const chip = ([label, text, complete]) => button({ class: "chip", text: label, on: { click: () => {
    if (complete) return busy || ask(text);
    input.value = text;
    refresh();
    input.focus();
  } } });
  const empty = h("div.empty.chat-empty", { hidden: page.results.length > 0 }, h("div", { icon: "assistant" }),
    h("p.empty-title", "Ask the assistant"),
    h("p", { text: "Tell it what to remember, have it make a list, or ask what's due." }),
    h("div.chips", {}, PROMPTS.map(chip)));
  const top = h("li.older", { "aria-hidden": "true" });
  const list = h("ol.messages", { label: "Chat with the assistant", "aria-live": "polite" }, top, page.results.reverse().map(draw));

  // The chat holds its end while answers grow, until the user scrolls up; older pages come as the top nears.
  let pinned = true;
  const toEnd = () => pinned && scrollTo(0, document.body.scrollHeight);
  const resized = new ResizeObserver(toEnd);
  resized.observe(list);
  let loading = false;
  const loadOlder = async () => {
    if (!older || loading || !top.isConnected || top.getBoundingClientRect().bottom < -800) return;
    loading = true;
    try {
      const more = await api(`/assistant/messages?limit=${PAGE}&cursor=${encodeURIComponent(older)}`);
      older = more.next_cursor;
      const anchor = top.nextElementSibling;
      const y = anchor?.getBoundingClientRect().top;
      top.after(...more.results.reverse().map(draw));
      if (anchor) scrollBy(0, anchor.getBoundingClientRect().top - y);
    } catch {
      // Scrolling up again asks again.
    } finally {
      loading = false;
      if (older) requestAnimationFrame(loadOlder);
    }
  };
  const onScroll = () => {
    pinned = innerHeight + scrollY >= document.body.scrollHeight - 80;
    loadOlder();
  };
  // Listening from the first frame on, once the scroll of the screen before has been told.
  requestAnimationFrame(() => {
    if (list.isConnected) addEventListener("scroll", onScroll, { passive: true });
    setTimeout(loadOlder);
  });

  // The last message that was not answered, kept with its client_id: sent again, it is a retry the server
  // answers once, even when the first try reached it and only its answer was lost.
  let unsent = null;
  async function ask(text) {
    const cid = unsent?.text === text ? unsent.cid : clientId();
    unsent = null;
    busy = true;
    refresh();
    note.hidden = empty.hidden = pinned = true;
    const question = messageItem({ id: cid, role: "user", text, cards: [] });
    const typing = h("li.msg", { "aria-busy": "true" }, h("div.bubble.dots", { role: "img", label: "The assistant is writing" }, h("i"), h("i"), h("i")));
    list.append(question, typing);
    try {
      const response = await api("/assistant/messages", { method: "POST", body: { text, client_id: cid }, stream: true });
      let answer = null;
      let words = null;
      await readEvents(response.body, (event, data) => {
        if (event === "message") answer = JSON.parse(data);
        if (event !== "delta") return;
        if (!words) typing.replaceChildren((words = h("div.bubble")));
        words.append(JSON.parse(data).text);
      });
      if (!answer) throw new Error("The answer ended early");
      typing.replaceWith(draw(answer));
      if (answer.cards.some((card) => card.state === "added")) tasksChanged();
    } catch (error) {
      question.remove();
      typing.remove();
      unsent = { text, cid };
      input.value = input.value.trim() ? `${text}\n${input.value}` : text;
      fit();
      note.textContent = !navigator.onLine ? "You're offline. Your message is kept below: send it again once you're back online."
        : error instanceof ApiError && error.status < 500 ? explain(error)
        : "The assistant didn't answer. Your message is kept below: try sending it again.";
      note.hidden = false;
      empty.hidden = list.children.length > 1;
    }
    busy = false;
    refresh();
  }
  onSubmit(composer, () => {
    const text = input.value.trim();
    if (!text || busy) return;
    input.value = "";
    fit();
    ask(text);
  });

  view.append(h("div.assistant", {}, screenHeader("Assistant"), empty, list, composer));
  return () => {
    resized.disconnect();
    removeEventListener("scroll", onScroll);
  };
}

/** One message of the chat: the user's words, or an answer with its cards; `redraw(message)` shows it changed. */
function messageItem(message, redraw) {
  return h(`li.msg${message.role === "user" ? ".mine" : ""}`, {},
    h("div.msg-body", {}, h("div.bubble", { text: message.text }), message.cards.map((card, index) => cardOf(message, card, index, redraw))));
}

/** A card as the server has it: a task or list to add or dismiss (added, it opens its task), or the user's tasks. */
function cardOf(message, card, index, redraw) {
  const tz = userTimeZone();
  if (card.kind === "tasks") {
    return h("ul.list.card.ai-card", { role: "list", label: "Your tasks" }, card.tasks.map((task) =>
      h("li", {}, button({ class: "row", on: { click: () => openTaskById(task.id) } },
        h("span.grow", { text: task.content }), h("span.value", { text: describeDue(task.due, tz)?.label ?? "" })))));
  }
  const task = card.task;
  const title = task?.title ?? card.title;
  const meta = task ? [describeDue(task.due && { date: task.due }, tz)?.label ?? "No date", task.recurrence, task.list ?? "Inbox"]
    : [card.items.length ? count(card.items.length, "item") : "No items yet"];
  const summary = meta.filter(Boolean).join(" · ");
  // A model's suggestions: each kept unless unticked before Add; once added, the server lists the kept ones.
  const suggested = card.suggestions ?? [];
  const picks = card.state === "proposed" ? suggested.map((s) => h("input", { type: "checkbox", checked: true, label: `Keep ${s.title}` })) : [];
  const act = (action) => async ({ currentTarget }) => {
    const choices = [...currentTarget.parentNode.children];
    choices.forEach((choice) => (choice.disabled = true));
    const body = action === "add" && picks.length ? { suggestions: picks.flatMap((pick, i) => (pick.checked ? [i] : [])) } : undefined;
    try {
      redraw((await post(`/assistant/messages/${message.id}/cards/${index}/${action}`, body)).message);
      if (action === "add") tasksChanged();
    } catch (error) {
      toast(explain(error));
      choices.forEach((choice) => (choice.disabled = false));
    }
  };
  const added = card.state === "added";
  const head = [h("span.title", { text: title }), h("span.meta", { text: summary })];
  return h(`div.card.ai-card.${card.state}`, { role: "group", label: `${task ? "Reminder" : "List"}: ${title}` },
    added ? button({ class: "card-open", label: `Open ${title}`, on: { click: () => openTaskById(card.task_ids[0]) } }, head) : h("div.card-open", {}, head),
    card.items?.length ? h("ul.ai-items", {}, card.items.map((item) => h("li", { text: item }))) : null,
    suggested.length ? h("ul.ai-suggested", { label: "Suggested" }, suggested.map((s, i) => h("li", {}, h("label", {}, picks[i],
      h("span", { text: s.title }), s.group || s.note ? h("span.meta", { text: [s.group, s.note].filter(Boolean).join(" · ") }) : null)))) : null,
    h("div.ai-actions", {}, card.state === "proposed"
      ? [button({ class: "btn small primary", text: "Add", on: { click: act("add") } }), button({ class: "btn small", text: "Dismiss", on: { click: act("dismiss") } })]
      : h("span", { text: added ? "Added" : "Dismissed", icon: added && "check" })));
}
