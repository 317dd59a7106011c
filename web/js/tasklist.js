// Task rows: tap the circle to complete (with Undo), tap the row for the detail sheet; swipe left to
// delete (with Undo), swipe right to reschedule, long-press or right-click for more.

import { listAll } from "./api.js";
import { addDays, clockTime, describeDue, dueParts, todayIn } from "./dates.js";
import { swipeable } from "./gestures.js";
import { SAVED_OFFLINE, send, withPending } from "./offline.js";
import { projectById, projectPeople, tasksChanged, userTimeZone } from "./state.js";
import { avatar, button, checkBox, explain, h, motion, openMenu, toast, told } from "./ui.js";
import { openTaskDetail } from "./views/detail.js";

/** The open tasks a filter query (Todoist's syntax: "overdue | today") finds. */
export const tasksWhere = (query) => listAll(`/tasks/filter?query=${encodeURIComponent(query)}`);

/** Most urgent first (p1 is API priority 4), then by due time, undated last, then manual order. */
export function byPriorityAndTime(tasks, tz) {
  const keyed = tasks.map((task) => {
    const due = describeDue(task.due, tz);
    return { task, when: due ? `${due.date}T${due.time ?? "99:99"}` : "9999" };
  });
  keyed.sort((a, b) => b.task.priority - a.task.priority || (a.when < b.when ? -1 : a.when > b.when ? 1 : 0) || a.task.child_order - b.task.child_order);
  return keyed.map(({ task }) => task);
}

/**
 * A `<ul>` of task rows; `showDue` is true (the day and time), "time" (the time alone, for lists of one
 * day) or false.
 */
export function taskList(tasks, { showProject = false, showDue = true } = {}) {
  tasks = withPending(tasks);
  const list = h("ul.tasks.card", { role: "list" });
  // The first screenful now, the rest a few hundred rows per frame, so a long list shows at once.
  const append = (from) => {
    const end = Math.min(tasks.length, from + (from === 0 ? FIRST_ROWS : ROWS_PER_FRAME));
    const rows = document.createDocumentFragment();
    for (let i = from; i < end; i++) rows.append(taskRow(tasks[i], { showProject, showDue }));
    list.append(rows);
    if (end < tasks.length) requestAnimationFrame(() => append(end));
  };
  append(0);
  return list;
}

const FIRST_ROWS = 60;
const ROWS_PER_FRAME = 300;
const checkTemplate = checkBox();

function taskRow(task, { showProject, showDue }) {
  const tz = userTimeZone();
  const due = showDue ? describeDue(task.due, tz) : null;
  const meta = h("span.meta");
  if (due?.state === "past") meta.append(h("span.still", { text: `Still on your list · ${due.label}` }));
  else if (due && showDue !== "time") meta.append(h("span", { class: `due ${due.state}`, text: due.label }));
  else if (due?.time) meta.append(h("span", { class: `due ${due.state}`, text: clockTime(due.time) }));
  if (task.priority > 1) meta.append(h("span.prio", { text: `P${5 - task.priority}` }));
  if (showProject) {
    const project = projectById(task.project_id);
    if (project && !project.inbox_project) meta.append(h("span", { text: project.name }));
  }
  for (const label of task.labels) meta.append(h("span.chip", { text: `@${label}` }));
  const people = task.assignee_ids?.length && projectById(task.project_id)?.is_shared ? assignees(task) : null;
  if (people) meta.append(people);

  const check = checkTemplate.cloneNode(true);
  check.setAttribute("aria-label", `Complete ${task.content}`);
  const main = button({ class: "task-main", label: `Open ${task.content}`, "aria-describedby": people?.id },
    h("span.title", { text: task.content }), meta.childElementCount ? meta : null);
  const row = h("li.task", { data: { id: task.id, priority: String(task.priority) } }, check, main);

  check.addEventListener("click", () => complete(task, row, check));
  main.addEventListener("click", () => openTaskDetail(task));
  swipeable(row, {
    onLeft: () => remove(task, row),
    onRight: () => reschedule(task),
    onLongPress: () => moreActions(task, row, check),
  });
  return row;
}

/**
 * The first two assignees' initials, then "+N" for the others, at the end of the row's second line; each
 * is named, and the row's button is described by them, for screen readers.
 */
function assignees(task) {
  const box = h("span.assignees", { id: `assigned-${task.id}` });
  projectPeople(task.project_id).then((all) => {
    const people = task.assignee_ids.map((id) => all.find((p) => p.id === id)?.name).filter(Boolean);
    box.append(...people.slice(0, 2).map((name) => avatar(name, "tiny", true)));
    if (people.length > 2) box.append(h("span.avatar.tiny", { role: "img", label: `and ${people.slice(2).join(", ")}`, text: `+${people.length - 2}` }));
  });
  return box;
}

const UNDO_MS = 5000;

/** Hides the row at once; the task is deleted only when the Undo toast has gone unanswered. */
function remove(task, row) {
  row.hidden = true;
  let undone = false;
  const timer = setTimeout(async () => {
    if (undone) return;
    try {
      await send(`/tasks/${task.id}`, { method: "DELETE", taskId: task.id });
      row.remove();
    } catch (error) {
      row.hidden = false;
      toast(explain(error));
    }
  }, UNDO_MS);
  toast(`Deleted: ${task.content}`, {
    action: "Undo",
    duration: UNDO_MS,
    onAction: () => {
      undone = true;
      clearTimeout(timer);
      row.hidden = false;
      row.querySelector(".task-main")?.focus({ preventScroll: true });
    },
  });
}

/** Today, Tomorrow and Next week (the coming Monday), keeping the task's time of day. */
function rescheduleChoices() {
  const today = todayIn(userTimeZone());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return [["Today", today], ["Tomorrow", addDays(today, 1)], ["Next week", addDays(today, ((8 - weekday) % 7) || 7)]];
}

function reschedule(task) {
  const time = dueParts(task.due, userTimeZone())?.time;
  const choose = (day) => told(send(`/tasks/${task.id}`, { body: time ? { due_datetime: `${day}T${time}:00` } : { due_date: day }, taskId: task.id }).then(({ queued }) => {
    tasksChanged();
    toast(queued ? SAVED_OFFLINE : "Rescheduled");
  }));
  openMenu("Reschedule", rescheduleChoices().map(([label, day]) => [label, () => choose(day)]), { label: `Reschedule ${task.content}` });
}

function moreActions(task, row, check) {
  openMenu(task.content, [
    ["Open", () => openTaskDetail(task)],
    ["Complete", () => complete(task, row, check)],
    ["Reschedule…", () => reschedule(task)],
    ["Delete", () => remove(task, row), "danger"],
  ], { label: `Actions for ${task.content}` });
}

async function complete(task, row, check) {
  if (row.classList.contains("completing")) return;
  row.classList.add("completing");
  check.setAttribute("aria-checked", "true");
  try {
    await send(`/tasks/${task.id}/close`, { taskId: task.id });
  } catch (error) {
    row.classList.remove("completing");
    check.setAttribute("aria-checked", "false");
    toast(explain(error));
    return;
  }
  setTimeout(() => {
    row.classList.add("leaving");
    setTimeout(() => row.remove(), motion(350));
  }, motion(420));
  toast(`Done: ${task.content}`, {
    action: "Undo",
    onAction: () => told(send(`/tasks/${task.id}/reopen`, { taskId: task.id }).then(tasksChanged)),
  });
}
