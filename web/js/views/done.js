// The Today screen's "Done" section: what was completed today, folded away, each one can be reopened.

import { api, post } from "../api.js";
import { timeOfDay, todayIn } from "../dates.js";
import { tasksChanged, userTimeZone } from "../state.js";
import { checkBox, h, onCheck } from "../ui.js";

/** The UTC instant at which `day` (YYYY-MM-DD) starts in `tz`. */
function startOfDay(day, tz) {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const local = Date.parse(`${new Date(guess).toLocaleString("sv-SE", { timeZone: tz }).replace(" ", "T")}Z`);
  return new Date(guess - (local - guess));
}

/** Whether the section was last left open, so it stays open when the screen redraws. */
let unfolded = false;

export async function doneToday() {
  const tz = userTimeZone();
  const since = startOfDay(todayIn(tz), tz).toISOString();
  const until = new Date(Date.now() + 60_000).toISOString();
  const page = await api(`/tasks/completed/by_completion_date?since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}&limit=200`);
  const items = page.items;
  if (!items.length) return null;
  const count = page.next_cursor ? `${items.length}+` : String(items.length);
  return h("details.done-section", { open: unfolded, on: { toggle: (event) => (unfolded = event.currentTarget.open) } },
    h("summary", {}, h("span.grow", { text: "Done" }), h("span.count", { text: count, label: `${count} done today` })),
    h("ul.tasks.card", { role: "list" }, items.map((task) => doneRow(task, tz))));
}

function doneRow(task, tz) {
  const reopen = checkBox(`Reopen ${task.content}`, true);
  const when = task.completed_at ? h("span.meta", {}, h("span", { text: `Done at ${timeOfDay(new Date(task.completed_at), tz)}` })) : null;
  const row = h("li.task.is-done", { data: { id: task.id } }, reopen, h("div.task-main", {}, h("span.title", { text: task.content }), when));
  onCheck(reopen, row, (done) => post(`/tasks/${task.id}/${done ? "close" : "reopen"}`).then(tasksChanged));
  return row;
}
