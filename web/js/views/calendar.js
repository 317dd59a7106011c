// Calendar: a month grid with a dot on each day that has tasks (today marked); tapping a day lists
// its tasks below. The month and day stay chosen while the screen redraws.

import { addDays, dayText, dayTitle, dueParts, todayIn } from "../dates.js";
import { refreshable } from "../gestures.js";
import { taskList, tasksWhere } from "../tasklist.js";
import { tasksChanged, userTimeZone } from "../state.js";
import { button, count, emptyState, h, screenHeader } from "../ui.js";
import { backBar, quickAdd } from "./tasks.js";

let shown = null; // { month: "YYYY-MM", day: "YYYY-MM-DD" }

export async function renderCalendar(view) {
  const tz = userTimeZone();
  const today = todayIn(tz);
  shown ??= { month: today.slice(0, 7), day: today };
  const first = `${shown.month}-01`;
  const last = addDays(addDays(first, 31).slice(0, 8) + "01", -1);
  const [monthTasks, dayTasks] = await Promise.all([
    tasksWhere(`due after: ${addDays(first, -1)} & due before: ${addDays(last, 1)}`),
    tasksWhere(`due: ${shown.day}`),
  ]);
  const perDay = new Map();
  for (const task of monthTasks) {
    const day = dueParts(task.due, tz).date;
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const monthName = dayText(first, { month: "long", year: "numeric" });
  const move = (months) => {
    const [y, m] = shown.month.split("-").map(Number);
    const next = new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 7);
    shown = { month: next, day: next === today.slice(0, 7) ? today : `${next}-01` };
    tasksChanged();
  };
  const pick = (day) => {
    shown = { ...shown, day };
    tasksChanged();
  };
  const nav = h("div.cal-nav", {},
    button({ class: "icon-btn", icon: "back", label: "Previous month", on: { click: () => move(-1) } }),
    h("h2.cal-month", { text: monthName, "aria-live": "polite" }),
    button({ class: "icon-btn", icon: "chevron", label: "Next month", on: { click: () => move(1) } }));
  const grid = h("div.cal-grid", { role: "grid", label: monthName });
  for (let i = 1; i < 8; i++) grid.append(h("span.cal-wd", { "aria-hidden": "true", text: dayText(`2024-01-0${i}`, { weekday: "narrow" }) }));
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
  for (let i = 0; i < lead; i++) grid.append(h("span", { "aria-hidden": "true" }));
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const planned = perDay.get(day) ?? 0;
    const label = `${dayText(day, { weekday: "long", day: "numeric", month: "long" })}${planned ? `, ${count(planned, "task")}` : ""}`;
    grid.append(button({ class: `cal-day${day === today ? " today" : ""}${day < today ? " past" : ""}`, label, "aria-pressed": String(day === shown.day),
      "aria-current": day === today ? "date" : false, data: { day }, on: { click: () => pick(day) } }, h("span.num", { text: String(Number(day.slice(8))) }), planned ? h("span.dot", { "aria-hidden": "true" }) : null));
  }
  const dayList = dayTasks.length ? taskList(dayTasks, { showProject: true, showDue: "time" }) : h("div.card", {}, emptyState("sun", "Nothing planned", "No tasks are due this day."));
  return refreshable(view, backBar("#/tasks/today", "Tasks"), screenHeader("Calendar", null,
    button({ class: "link-btn", text: "Today", on: { click: () => { shown = null; tasksChanged(); } } })), h("div.card.cal", {}, nav, grid), h("h2.group-label.cal-day-title", { text: dayTitle(shown.day, today).join(" · ") }), dayList,
    quickAdd(`Add to ${dayTitle(shown.day, today).at(-1)}`, { due_date: shown.day }));
}

