// A thread's AI chips: "Summarize" (the latest messages as bullets, decisions, blockers, open questions and
// next steps, streamed in as the server makes them, seen only by the one who asked until they share it) and
// "Extract tasks" (the thread's action items as cards; one tap makes the task, assigned, dated and linked).

import { api, post, readEvents } from "../api.js";
import { clockTime, relativeDay, todayIn } from "../dates.js";
import { state, tasksChanged, userTimeZone } from "../state.js";
import { button, explain, h, openSheet, toast } from "../ui.js";
import { openTaskById } from "./detail.js";

const SECTIONS = [["summary", "Summary"], ["decisions", "Decisions"], ["blockers", "Blockers"], ["open_questions", "Open questions"], ["next_steps", "Next steps"]];

/** Why an answer did not come, offline said as such: both chips need the server. */
const failed = (error) => (navigator.onLine ? explain(error) : "You're offline. This needs the server: try again once you're back online.");

/** What the model line says under an answer: nothing offline, that the server's model wrote it otherwise. */
const byModel = (model) => (model?.used ? h("p.hint", { text: "Written by your server's AI model." }) : null);

/**
 * Opens the summary of conversation `id`; tapping a point shows its message with `jump(messageId)`, and
 * "Share in thread" hands the summary's text to `onShare(text)`.
 */
export async function openSummary({ id, jump, onShare }) {
  const status = h("p.hint", { role: "status", text: "Summarizing the latest messages…" });
  const lists = new Map(SECTIONS.map(([key, title]) => [key, h("section.ai-part", { hidden: true }, h("h3", { text: title }), h("ul.ai-points"))]));
  const foot = h("div.ai-foot");
  const sheet = openSheet({ title: "Summary", content: h("div.ai-sheet", {}, status, ...lists.values(), foot) });
  const points = [];
  const add = (section, item) => {
    const part = lists.get(section);
    if (!part) return;
    part.hidden = false;
    const who = section === "next_steps" ? item.assignee ?? "Anyone" : item.sender ?? "Someone";
    const text = item.text ?? item.title;
    points.push([section, text, who]);
    part.lastChild.append(h("li", {}, button({ class: "ai-point", on: { click: () => { sheet.close(); jump(item.message_id); } } },
      h("span", { text }), h("span.meta", { text: ` · ${who}` }))));
    status.textContent = "";
  };
  try {
    const response = await api(`/conversations/${id}/summary`, { method: "POST", body: { last: 50 }, stream: true });
    let whole = null;
    await readEvents(response.body, (event, data) => {
      if (event === "item") {
        const { section, item } = JSON.parse(data);
        add(section, item);
      } else if (event === "summary") whole = JSON.parse(data);
    });
    if (!points.length) status.textContent = "Nothing to summarize yet: the thread has no messages with words in them.";
    const share = points.length && button({ class: "btn small", text: "Share in thread", on: { click: () => {
      const lines = SECTIONS.flatMap(([key, title]) => {
        const mine = points.filter(([section]) => section === key);
        return mine.length ? [`${title}:`, ...mine.map(([, text, who]) => `• ${text} (${who})`)] : [];
      });
      sheet.close();
      onShare(lines.join("\n"));
    } } });
    foot.replaceChildren(byModel(whole?.model) ?? h("p.hint", { text: "Only you see this summary." }), share || "");
  } catch (error) {
    status.textContent = failed(error);
  }
}

/** Opens the action items of conversation `id` as cards; each one's "Add" makes its task. */
export async function openActions({ id, jump }) {
  const status = h("p.hint", { role: "status", text: "Looking for tasks in the latest messages…" });
  const cards = h("ul.ai-actions");
  const foot = h("div.ai-foot");
  const sheet = openSheet({ title: "Tasks in this thread", content: h("div.ai-sheet", {}, status, cards, foot) });
  let found;
  try {
    found = await post(`/conversations/${id}/actions`, { last: 50 });
  } catch (error) {
    status.textContent = failed(error);
    return;
  }
  status.textContent = found.actions.length ? "" : "No tasks found in the latest messages.";
  const tz = userTimeZone();
  const leaving = (then) => () => {
    sheet.close();
    then();
  };
  cards.replaceChildren(...found.actions.map((action) => actionCard(action, tz, leaving, jump)));
  foot.replaceChildren(byModel(found.model) ?? "");
}

/**
 * "Bob · Friday 9:00 AM · Launch · 90% sure", and the "Add" button, or "Added" with "Open" once made;
 * `leaving(then)` closes the sheet before showing the message or the task.
 */
function actionCard(action, tz, leaving, jump) {
  const where = action.placement;
  const due = action.due && `${relativeDay(action.due.slice(0, 10), todayIn(tz))} ${clockTime(action.due.slice(11))}`;
  const who = where.assignee_id === state.user.id ? "You" : where.assignee_id ? action.assignee : action.assignee_id ? null : "Anyone";
  const meta = [who, due, where.project_name ?? "Inbox", `${Math.round(action.confidence * 100)}% sure`].filter(Boolean).join(" · ");
  const standing = h("div.ai-action-state");
  const added = (taskId) => standing.replaceChildren(h("span.added", { text: "Added" }),
    button({ class: "btn small", text: "Open", on: { click: leaving(() => openTaskById(taskId)) } }));
  const add = button({ class: "btn small primary", text: "Add", label: `Add ${action.title}`, on: { click: () => {
    add.disabled = true;
    post(`/messages/${action.message_id}/task`, {
      content: action.title, project_id: where.project_id ?? undefined, assignee_id: where.assignee_id ?? undefined,
      due_datetime: action.due ?? undefined,
    }).then((task) => {
      added(task.id);
      tasksChanged();
      toast(`Added “${task.content}”.`);
    }, (error) => {
      add.disabled = false;
      toast(explain(error));
    });
  } } });
  if (action.task_id) added(action.task_id);
  else standing.append(add);
  return h("li.ai-action.card", {},
    h("p.title", { text: action.title }), h("p.meta", { text: meta }),
    where.note ? h("p.hint", { text: where.note }) : null,
    h("div.ai-action-foot", {}, button({ class: "link-btn", text: `From ${action.sender ?? "a former member"}'s message`, on: { click: leaving(() => jump(action.message_id)) } }), standing));
}
