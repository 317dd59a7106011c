// Task rows: tap the circle to complete (with Undo), tap the row for the detail sheet; swipe left to
// delete (with Undo), swipe right to reschedule, long-press or right-click for more.

import { addDays, clockTime, describeDue, dueParts, todayIn } from "./dates.js";
import { swipeable } from "./gestures.js";
import { send, withPending } from "./offline.js";
import { projectById, projectPeople, tasksChanged, userTimeZone } from "./state.js";
import { avatar, button, explain, h, openSheet, toast } from "./ui.js";
import { openTaskDetail } from "./views/detail.js";

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

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
 * day) or false. `onEmpty` runs when the last row is completed away.
 */
export function taskList(tasks, { showProject = false, showDue = true, onEmpty } = {}) {
  tasks = withPending(tasks);
  const list = h("ul.tasks.card", { role: "list" });
  const onGone = () => !list.children.length && onEmpty?.();
  // The first screenful now, the rest a few hundred rows per frame, so a long list shows at once.
  const append = (from) => {
    const end = Math.min(tasks.length, from + (from === 0 ? FIRST_ROWS : ROWS_PER_FRAME));
    const rows = document.createDocumentFragment();
    for (let i = from; i < end; i++) rows.append(taskRow(tasks[i], { showProject, showDue, onGone }));
    list.append(rows);
    if (end < tasks.length) requestAnimationFrame(() => append(end));
  };
  append(0);
  return list;
}

const FIRST_ROWS = 60;
const ROWS_PER_FRAME = 300;
const checkTemplate = button({ class: "check", role: "checkbox", "aria-checked": "false" },
  h("span.ring", { icon: "check" }));

export function taskRow(task, { showProject = false, showDue = true, onGone } = {}) {
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

  const check = checkTemplate.cloneNode(true);
  check.setAttribute("aria-label", `Complete ${task.content}`);
  const main = button({ class: "task-main", label: `Open ${task.content}` },
    h("span.title", { text: task.content }), meta.childElementCount ? meta : null);
  const row = h("li.task", { data: { id: task.id, priority: String(task.priority) } }, check, main);
  if (task.assignee_ids?.length && projectById(task.project_id)?.is_shared) row.append(assignees(task));

  check.addEventListener("click", () => complete(task, row, check, onGone));
  main.addEventListener("click", () => openTaskDetail(task));
  swipeable(row, {
    onLeft: () => remove(task, row, onGone),
    onRight: () => reschedule(task),
    onLongPress: () => moreActions(task, row, check, onGone),
  });
  return row;
}

/** The first two assignees' initials, then "+N" for the others, each named for screen readers. */
function assignees(task) {
  const box = h("span.assignees");
  projectPeople(task.project_id).then((names) => {
    const people = task.assignee_ids.map((id) => names.get(id)).filter(Boolean);
    box.append(...people.slice(0, 2).map((name) => avatar(name, "tiny", true)));
    if (people.length > 2) box.append(h("span.avatar.tiny", { role: "img", label: `and ${people.slice(2).join(", ")}`, text: `+${people.length - 2}` }));
  });
  return box;
}

const UNDO_MS = 5000;

/** Hides the row at once; the task is deleted only when the Undo toast has gone unanswered. */
function remove(task, row, onGone) {
  row.hidden = true;
  let undone = false;
  const timer = setTimeout(async () => {
    if (undone) return;
    try {
      await send(`/tasks/${task.id}`, { method: "DELETE", taskId: task.id });
      row.remove();
      onGone?.();
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
  const choose = async (day) => {
    try {
      const { queued } = await send(`/tasks/${task.id}`, { body: time ? { due_datetime: `${day}T${time}:00` } : { due_date: day }, taskId: task.id });
      tasksChanged();
      toast(queued ? "Moved on this device. It goes out when you're back online." : "Rescheduled");
    } catch (error) {
      toast(explain(error));
    }
  };
  openMenu(`Reschedule ${task.content}`, "Reschedule", rescheduleChoices().map(([label, day]) => [label, () => choose(day)]));
}

function moreActions(task, row, check, onGone) {
  openMenu(`Actions for ${task.content}`, task.content, [
    ["Open", () => openTaskDetail(task)],
    ["Complete", () => complete(task, row, check, onGone)],
    ["Reschedule…", () => reschedule(task)],
    ["Delete", () => remove(task, row, onGone)],
  ]);
}

/** A sheet of choices, the first one focused; a choice closes the sheet, then runs. */
function openMenu(label, title, choices) {
  const list = h("div.menu.card");
  const sheet = openSheet({ title, label, content: list });
  list.append(...choices.map(([text, run]) => button({ class: "row", text, on: { click: () => { sheet.close(); run(); } } })));
  list.firstChild.autofocus = true;
}

async function complete(task, row, check, onGone) {
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
  const quick = reducedMotion();
  setTimeout(() => {
    row.classList.add("leaving");
    setTimeout(() => {
      row.remove();
      onGone?.();
    }, quick ? 0 : 350);
  }, quick ? 0 : 420);
  toast(`Done: ${task.content}`, {
    action: "Undo",
    onAction: async () => {
      try {
        await send(`/tasks/${task.id}/reopen`, { taskId: task.id });
        tasksChanged();
      } catch (error) {
        toast(explain(error));
      }
    },
  });
}
