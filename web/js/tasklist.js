// Task rows: tap the circle to complete (with Undo), tap the row for the detail sheet; swipe left to
// delete (with Undo), swipe right to reschedule, long-press or right-click for more, drag to reorder.

import { listAll } from "./api.js";
import { addDays, clockTime, describeDue, dueParts, todayIn } from "./dates.js";
import { reorderable, swipeable } from "./gestures.js";
import { SAVED_OFFLINE, send, withPending } from "./offline.js";
import { projectById, projectPeople, tasksChanged, userTimeZone } from "./state.js";
import { avatar, button, checkBox, explain, field, formSheet, h, motion, openMenu, toast, told } from "./ui.js";
import { openTaskDetail } from "./views/detail.js";

/** A list's sorts, remembered per list on this device and applied by the server; "manual" is the user's order. */
const SORTS = [["manual", "Manual"], ["priority", "Priority"], ["due", "Due date"]];
const sortOf = (list) => localStorage.getItem(`kairos.sort.${list}`) ?? "manual";

/** The open tasks of `path` (a `/tasks` list with a query), in `list`'s sort. */
export const listTasks = (path, list) => listAll(`${path}&sort=${sortOf(list)}`);

/** The open tasks a filter query (Todoist's syntax: "overdue | today") finds, in `list`'s sort. */
export const tasksWhere = (query, list) => listTasks(`/tasks/filter?query=${encodeURIComponent(query)}`, list);

/** The list in edit mode, whose rows show Move up and Move down. */
let editing = null;

/** A list's Sort menu and, in its manual order, Edit (Done while editing), for its screen's header. */
export function listTools(list) {
  const mode = sortOf(list);
  const redraw = (key) => {
    if (key) localStorage.setItem(`kairos.sort.${list}`, key);
    editing = !key && editing !== list ? list : null;
    tasksChanged();
  };
  return [
    button({ class: "link-btn", text: "Sort", label: `Sort: ${SORTS.find(([key]) => key === mode)[1]}`, on: { click: () =>
      openMenu("Sort by", SORTS.map(([key, name]) => [key === mode ? `${name} ✓` : name, () => redraw(key)]), { label: "Sort by" }) } }),
    mode === "manual" && button({ class: "link-btn", text: editing === list ? "Done" : "Edit", "aria-pressed": String(editing === list), on: { click: () => redraw() } }),
  ];
}

/** The tasks with a reminder, as last loaded; their rows show a clock. */
let reminded = new Set();
export const loadReminders = () => listAll("/reminders").then((all) => (reminded = new Set(all.map((r) => r.task_id))), () => {});

/**
 * A `<ul>` of task rows; `showDue` is true (the day and time), "time" (the time alone, for lists of one
 * day), "day" (under a heading saying they are overdue) or false. In `list`'s manual order, `by`
 * ("child_order" or "day_order") lets the rows be reordered, and saves that order.
 */
export function taskList(tasks, { showProject = false, showDue = true, list, by } = {}) {
  tasks = withPending(tasks);
  const ul = h("ul.tasks.card", { role: "list" });
  const save = (row) => saveOrder(ul, tasks, row, by);
  const lift = by && sortOf(list) === "manual" && reorderable(ul, save);
  const options = { showProject, showDue, lift, save: lift && editing === list && save };
  // The first screenful now, the rest a few hundred rows per frame, so a long list shows at once.
  const append = (from) => {
    const end = Math.min(tasks.length, from + (from === 0 ? FIRST_ROWS : ROWS_PER_FRAME));
    const rows = document.createDocumentFragment();
    for (let i = from; i < end; i++) rows.append(taskRow(tasks[i], options));
    ul.append(rows);
    if (end < tasks.length) requestAnimationFrame(() => append(end));
  };
  append(0);
  return ul;
}

const FIRST_ROWS = 60;
const ROWS_PER_FRAME = 300;
const checkTemplate = checkBox();
let saving = Promise.resolve();

/** Saves the order `ul` shows once `row` moved (its siblings' order, or the day's), one save after another. */
function saveOrder(ul, tasks, row, by) {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const parent = (task) => (by === "day_order" ? 0 : task?.parent_id ?? null);
  const mine = parent(byId.get(row.dataset.id));
  const ids = [...ul.children].map((li) => li.dataset.id).filter((id) => byId.has(id) && parent(byId.get(id)) === mine);
  saving = saving.then(() => send("/tasks/reorder", { body: { ids, by } })).then(({ queued }) => queued && toast(SAVED_OFFLINE), (error) => {
    toast(explain(error));
    tasksChanged();
  });
}

function taskRow(task, { showProject, showDue, lift, save }) {
  const tz = userTimeZone();
  const due = showDue ? describeDue(task.due, tz) : null;
  const meta = h("span.meta");
  if (due?.state === "past" && showDue !== "day") meta.append(h("span.still", { text: `Still on your list · ${due.label}` }));
  else if (due && showDue !== "time") meta.append(h("span", { class: `due ${due.state}`, text: due.label }));
  else if (due?.time) meta.append(h("span", { class: `due ${due.state}`, text: clockTime(due.time) }));
  if (reminded.has(task.id)) meta.append(h("span.reminder", { icon: "time", role: "img", label: "Reminder set" }));
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
  // Edit mode: Move up and Move down swap the row with its neighbour.
  const move = (up) => button({ class: "icon-btn", text: up ? "↑" : "↓", label: `Move ${task.content} ${up ? "up" : "down"}`, on: { click: (event) => {
    const other = up ? row.previousElementSibling : row.nextElementSibling;
    if (!other) return;
    other[up ? "before" : "after"](row);
    event.currentTarget.focus();
    save(row);
  } } });
  if (save) row.append(h("span.moves", {}, move(true), move(false)));

  check.addEventListener("click", () => complete(task, row, check));
  main.addEventListener("click", () => openTaskDetail(task));
  swipeable(row, {
    onLeft: () => remove(task, row),
    onRight: () => reschedule(task),
    onLongPress: () => moreActions(task, row, check),
    onHold: lift && ((pointer) => lift(row, pointer)),
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
      tasksChanged();
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

/** Today, Tomorrow, Next weekend (Saturday), Next week (Monday), keeping the time of day; a date picker; No date. */
function reschedule(task) {
  const tz = userTimeZone();
  const today = todayIn(tz);
  const { date = today, time } = dueParts(task.due, tz) ?? {};
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const save = (body) => told(send(`/tasks/${task.id}`, { body, taskId: task.id }).then(({ queued }) => {
    tasksChanged();
    toast(queued ? SAVED_OFFLINE : "Rescheduled");
  }));
  const choose = (day) => save(time ? { due_datetime: `${day}T${time}:00` } : { due_date: day });
  const picked = h("input.input", { type: "date", label: "Date", value: date });
  const pick = () => formSheet("Pick a date", field("Date", picked), "Reschedule", async (sheet) => {
    if (!picked.value) return "Pick a day.";
    sheet.close();
    choose(picked.value);
  });
  const days = [["Today", 0], ["Tomorrow", 1], ["Next weekend", (13 - weekday) % 7 || 7], ["Next week", (8 - weekday) % 7 || 7]];
  openMenu("Reschedule", [...days.map(([label, n]) => [label, () => choose(addDays(today, n))]), ["Pick a date…", pick], ["No date", () => save({ due_string: "no date" })]],
    { label: `Reschedule ${task.content}` });
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
    setTimeout(() => {
      row.remove();
      tasksChanged();
    }, motion(350));
  }, motion(420));
  toast(`Done: ${task.content}`, {
    action: "Undo",
    onAction: () => told(send(`/tasks/${task.id}/reopen`, { taskId: task.id }).then(tasksChanged)),
  });
}
