// Each list's folded "Done" section (reopen one, or Clear all), and the Completed view: four weeks by day.

import { api, post } from "../api.js";
import { addDays, dateIn, dayTitle, timeOfDay, todayIn } from "../dates.js";
import { SAVED_OFFLINE, send } from "../offline.js";
import { tasksChanged, userTimeZone } from "../state.js";
import { button, checkBox, count, emptyState, h, onCheck, openMenu, screenHeader, toast, told } from "../ui.js";

/** The UTC instant at which `day` (YYYY-MM-DD) starts in `tz`. */
function startOfDay(day, tz) {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const local = Date.parse(`${new Date(guess).toLocaleString("sv-SE", { timeZone: tz }).replace(" ", "T")}Z`);
  return new Date(guess - (local - guess));
}

/** Tasks completed since the start of `day` (`where`: "&project_id=…"), newest first, up to 200; offline, none. */
function completedSince(day, where = "") {
  const since = encodeURIComponent(startOfDay(day, userTimeZone()).toISOString());
  const until = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
  return api(`/tasks/completed/by_completion_date?since=${since}&until=${until}&limit=200${where}`).catch(() => ({ items: [] }));
}

/** Everything completed in a project (its Inbox included), for its Done sections. */
export const completedIn = (projectId) => completedSince("2000-01-01", `&project_id=${projectId}`);

/** Which Done sections were left open, by list, so they stay open when the screen redraws. */
const unfolded = new Set();

/** Today's Done section. */
export async function doneToday() {
  const page = await completedSince(todayIn(userTimeZone()));
  return doneSection("today", page.items, page.next_cursor, "done today");
}

/** A "Done" section of `items` with their count (`more`: there are more), or nothing. */
export function doneSection(key, items, more, words = "done") {
  if (!items.length) return null;
  const n = more ? `${items.length}+` : String(items.length);
  return h("details.done-section", { open: unfolded.has(key), on: { toggle: (event) => (event.currentTarget.open ? unfolded.add(key) : unfolded.delete(key)) } },
    h("summary", {}, h("span.grow", { text: "Done" }), h("span.count", { text: n, label: `${n} ${words}` })),
    h("ul.tasks.card", { role: "list" }, items.map(doneRow)),
    h("div.see-all", {}, h("a.link-btn", { href: "#/completed", text: "Completed view" }),
      button({ class: "link-btn", text: "Clear all", on: { click: () => clearAll(items) } })));
}

/** Deletes the completed tasks shown, all or none, once confirmed: they leave the list and the Completed view. */
function clearAll(items) {
  const what = count(items.length, "completed task");
  openMenu(`Delete ${what}?`, [[`Delete ${what}`, () => told(send("/tasks/completed/delete", { body: { ids: items.map((task) => task.id) } }).then(({ queued }) => {
    toast(queued ? SAVED_OFFLINE : `Cleared ${what}`);
    tasksChanged();
  })), "danger"], ["Cancel", () => {}]], { label: "Clear all" });
}

function doneRow(task) {
  const tz = userTimeZone();
  const reopen = checkBox(`Reopen ${task.content}`, true);
  const when = task.completed_at ? h("span.meta", {}, h("span", { text: `Done at ${timeOfDay(new Date(task.completed_at), tz)}` })) : null;
  const row = h("li.task.is-done", { data: { id: task.id } }, reopen, h("div.task-main", {}, h("span.title", { text: task.content }), when));
  onCheck(reopen, row, (done) => post(`/tasks/${task.id}/${done ? "close" : "reopen"}`).then(tasksChanged));
  return row;
}

/** The Completed view: what was completed in the last four weeks, newest day first. */
export async function completedScreen() {
  const tz = userTimeZone();
  const today = todayIn(tz);
  const page = await completedSince(addDays(today, -27));
  const byDay = Map.groupBy(page.items, (task) => dateIn(new Date(task.completed_at), tz));
  const body = [...byDay].map(([day, items]) => {
    const [relative, short] = dayTitle(day, today);
    return h("section.day-group", {}, h("h2.group-label", {}, relative, short && h("span", { text: short })), h("ul.tasks.card", { role: "list" }, items.map(doneRow)));
  });
  if (!body.length) body.push(emptyState("tasks", "Nothing completed yet", "Tasks you complete show here, by day."));
  const subtitle = page.next_cursor ? "The latest 200" : count(page.items.length, "task");
  return { header: screenHeader("Completed", `Last four weeks · ${subtitle}`), body };
}
