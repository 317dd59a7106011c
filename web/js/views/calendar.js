// Calendar: a month grid with a dot on each day that has tasks (today marked); tapping a day lists
// its tasks below. The month and day stay chosen while the screen redraws.

import { listAll } from "../api.js";
import { addDays, dueParts, relativeDay, shortDate, todayIn } from "../dates.js";
import { refreshable } from "../gestures.js";
import { byPriorityAndTime, taskList } from "../tasklist.js";
import { tasksChanged, userTimeZone } from "../state.js";
import { button, emptyState, h, screenHeader } from "../ui.js";
import { backBar } from "./tasks.js";

const locale = navigator.language || "en-US";
let shown = null; // { month: "YYYY-MM", day: "YYYY-MM-DD" }

const filtered = (query) => listAll(`/tasks/filter?query=${encodeURIComponent(query)}`);

export async function renderCalendar(view) {
  const tz = userTimeZone();
  const today = todayIn(tz);
  shown ??= { month: today.slice(0, 7), day: today };
  const first = `${shown.month}-01`;
  const last = addDays(addDays(first, 31).slice(0, 8) + "01", -1);
  const [monthTasks, dayTasks] = await Promise.all([
    filtered(`due after: ${addDays(first, -1)} & due before: ${addDays(last, 1)}`),
    filtered(`due: ${shown.day}`),
  ]);
  const perDay = new Map();
  for (const task of monthTasks) {
    const day = dueParts(task.due, tz).date;
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const monthName = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${first}T00:00:00Z`));
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
  const weekdays = [...Array(7)].map((_, i) => new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 1 + i))));
  grid.append(...weekdays.map((letter) => h("span.cal-wd", { "aria-hidden": "true", text: letter })));
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
  for (let i = 0; i < lead; i++) grid.append(h("span", { "aria-hidden": "true" }));
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const count = perDay.get(day) ?? 0;
    const label = `${new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`))}${count ? `, ${count} ${count === 1 ? "task" : "tasks"}` : ""}`;
    grid.append(button({ class: `cal-day${day === today ? " today" : ""}${day < today ? " past" : ""}`, label, "aria-pressed": String(day === shown.day),
      "aria-current": day === today ? "date" : false, data: { day }, on: { click: () => pick(day) } }, h("span.num", { text: String(Number(day.slice(8))) }), count ? h("span.dot", { "aria-hidden": "true" }) : null));
  }
  const tasks = byPriorityAndTime(dayTasks, tz);
  const dayTitle = relativeDay(shown.day, today) === shortDate(shown.day, today) ? shortDate(shown.day, today) : `${relativeDay(shown.day, today)} · ${shortDate(shown.day, today)}`;
  const dayList = tasks.length ? taskList(tasks, { showProject: true, showDue: "time" }) : h("div.card", {}, emptyState("sun", "Nothing planned", "No tasks are due this day."));
  return refreshable(view, backBar("#/tasks/today", "Tasks"), screenHeader("Calendar", null,
    button({ class: "link-btn", text: "Today", on: { click: () => { shown = null; tasksChanged(); } } })), h("div.card.cal", {}, nav, grid), h("h2.group-label.cal-day-title", { text: dayTitle }), dayList);
}

