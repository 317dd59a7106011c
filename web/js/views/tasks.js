// Tasks: Inbox, Today, Upcoming (by day), Projects and Filters, plus a project with its sections.

import { listAll, post } from "../api.js";
import { addDays, dayTitle, describeDue, shortDate, todayIn } from "../dates.js";
import { refreshable } from "../gestures.js";
import { pendingCreations, SAVED_OFFLINE, send, withPending } from "../offline.js";
import { listTasks, listTools, loadReminders, taskList, tasksWhere } from "../tasklist.js";
import { inboxProject, loadProjects, projectById, tasksChanged, userTimeZone } from "../state.js";
import { button, count, emptyState, explain, fill, h, inlineForm, markChosen, rowList, screenHeader, toast, told } from "../ui.js";
import { completedIn, completedScreen, doneSection, doneToday } from "./done.js";
import { archivedProjects, arrangeProjects, can, nameSheet, projectMenuButton, projectSheet, sectionMenuButton, swatch, taskCounts } from "./lists.js";
import { shareButton } from "./sharing.js";

/** The lists under Tasks, by their route segment: [name, load]. */
const screens = { inbox: ["Inbox", inboxScreen], today: ["Today", todayScreen], upcoming: ["Upcoming", upcomingScreen], projects: ["Projects", projectsScreen], filters: ["Filters", filtersScreen] };

/** The filter chips of shared work: [label, the server's filter query]. */
const filterChips = [
  ["Assigned to me", "assigned to: me"], ["I created", "added by: me"], ["I follow", "followed"],
  ["Assigned by me", "assigned by: me"], ["Assigned to others", "assigned to: others"], ["Shared", "shared"], ["No date", "no date"],
];
let chosenChip = filterChips[0][1];

export async function renderTasks(view, { segment }) {
  const nav = h("nav.segmented", { label: "Task lists" }, Object.entries(screens).map(([key, [name]]) =>
    h("a", { href: `#/tasks/${key}`, text: name, "aria-current": key === segment && "page" })));
  const parts = await screens[segment][1]();
  parts.header.append(h("a.icon-btn.filled", { href: "#/calendar", icon: "calendar", label: "Calendar" }));
  return refreshable(view, parts.header, nav, ...parts.body);
}

async function todayScreen() {
  const tz = userTimeZone();
  const today = todayIn(tz);
  const [open, done] = await Promise.all([tasksWhere("overdue | today", "today"), doneToday(), loadReminders()]);
  const tasks = withPending(open);
  const earlier = tasks.filter((t) => describeDue(t.due, tz)?.state === "past");
  const now = tasks.filter((t) => !earlier.includes(t));
  const body = [];
  if (!tasks.length) body.push(emptyState("sun", "Nothing due today", "Enjoy the space, or capture what's on your mind."));
  if (earlier.length) body.push(h("h2.group-label.plain.amber", { text: "Still on your list" }), taskList(earlier, { showProject: true, showDue: "day" }));
  if (now.length) body.push(earlier.length ? h("h2.group-label.plain", { text: "Today" }) : null, taskList(now, { showProject: true, showDue: "time", list: "today", by: "day_order" }));
  body.unshift(quickAdd("Add to Today", { due_date: today }));
  body.push(done);
  return { header: screenHeader("Today", `${shortDate(today)} · ${count(tasks.length, "task")}`, ...listTools("today")), body };
}

async function inboxScreen() {
  const inbox = inboxProject();
  const [open, done] = await Promise.all([listTasks(`/tasks?project_id=${inbox.id}`, "inbox"), completedIn(inbox.id), loadReminders()]);
  const tasks = withPending(open);
  const body = [quickAdd("Add to Inbox")];
  const waiting = pendingList(inbox.id);
  body.push(waiting, tasks.length ? taskList(tasks, { list: "inbox", by: "child_order" }) : waiting ? null : emptyState("inbox", "Inbox is clear", "New tasks without a list land here."));
  body.push(doneSection("inbox", done.items, done.next_cursor));
  return { header: screenHeader("Inbox", count(tasks.length + (waiting?.childElementCount ?? 0), "task"), ...listTools("inbox")), body };
}

async function upcomingScreen() {
  const tz = userTimeZone();
  const today = todayIn(tz);
  const [tasks] = await Promise.all([tasksWhere("14 days", "upcoming"), loadReminders()]);
  const byDay = new Map();
  for (const task of tasks) {
    const day = describeDue(task.due, tz).date;
    if (!byDay.has(day)) byDay.set(day, []);
    byDay.get(day).push(task);
  }
  const body = [];
  for (const day of [...byDay.keys()].sort()) {
    const [relative, short] = dayTitle(day, today);
    const heading = h("h2.group-label", {}, relative, short && h("span", { text: short }));
    body.push(h("section.day-group", {}, heading, taskList(byDay.get(day), { showProject: true, showDue: "time", list: "upcoming", by: "day_order" })));
  }
  body.unshift(quickAdd("Add to Tomorrow", { due_date: addDays(today, 1) }));
  if (!tasks.length) body.push(emptyState("sun", "A clear two weeks", "Tasks with a date in the next 14 days show here."));
  return { header: screenHeader("Upcoming", `${shortDate(today)} to ${shortDate(addDays(today, 13), today)}`, ...listTools("upcoming")), body };
}

async function filtersScreen() {
  const results = h("div.filter-results", { "aria-live": "polite" });
  const chips = h("div.chips", { role: "group", label: "Filters" }, filterChips.map(([text, query]) =>
    button({ class: "chip", text, "aria-pressed": String(query === chosenChip), data: { query }, on: { click: (event) => {
      chosenChip = query;
      markChosen(event.currentTarget, "aria-pressed");
      show().catch((error) => fill(results, h("p.hint", { text: explain(error) })));
    } } })));
  let asked = 0;
  const show = async () => {
    const id = ++asked;
    const [text] = filterChips.find(([, query]) => query === chosenChip);
    const tasks = await tasksWhere(chosenChip, "filters");
    if (id !== asked) return;
    fill(results, tasks.length ? taskList(tasks, { showProject: true }) : emptyState("tasks", `Nothing for “${text}”`, "Tasks show here as soon as one matches."));
  };
  await show();
  return { header: screenHeader("Filters", "Tasks by who made, assigned and follows them", listTools("filters")[0]), body: [chips, results] };
}

async function projectsScreen() {
  const [projects, counts] = await Promise.all([loadProjects(), taskCounts()]);
  const ordered = [...projects].sort((a, b) => Number(b.inbox_project) - Number(a.inbox_project) || a.child_order - b.child_order);
  const list = rowList(".icons", ordered.map((project) => {
    const n = counts.projects.get(project.id) ?? 0;
    return h("a.row", { href: project.inbox_project ? "#/tasks/inbox" : `#/projects/${project.id}` },
      project.inbox_project ? h("span.lead", { icon: "inbox" }) : swatch(project),
      h("span.grow", { text: project.name }),
      project.is_shared ? h("span.shared-mark", { icon: "people", title: "Shared", role: "img", label: "Shared" }) : null,
      h("span.count", { text: String(n), label: count(n, "task") }),
      h("span.chev", { icon: "chevron" }));
  }).concat(h("a.row", { href: "#/completed" }, h("span.lead", { icon: "check" }), h("span.grow", { text: "Completed" }), h("span.chev", { icon: "chevron" }))));
  const add = button({ class: "icon-btn filled", icon: "plus", label: "New project", on: { click: () => projectSheet() } });
  const more = h("div.see-all", {}, button({ class: "link-btn", text: "Arrange projects", on: { click: () => arrangeProjects(projects) } }),
    button({ class: "link-btn", text: "Archived projects", on: { click: () => told(archivedProjects()) } }));
  return { header: screenHeader("Projects", count(projects.length, "list"), add), body: [list, more] };
}

export async function renderProject(view, { id }) {
  if (!projectById(id)) await loadProjects();
  const project = projectById(id);
  if (!project) {
    fill(view, backBar("#/tasks/projects", "Projects"), emptyState("folder", "Project not found", "It may have been archived or deleted."));
    return;
  }
  const [sections, everything, counts, done] = await Promise.all([listAll(`/sections?project_id=${id}`), listTasks(`/tasks?project_id=${id}`, id), taskCounts(), completedIn(id), loadReminders()]);
  const tasks = withPending(everything);
  const doneOf = (section) => doneSection(`${id} ${section}`, done.items.filter((t) => (t.section_id ?? null) === section), done.next_cursor);
  const top = tasks.filter((t) => !t.parent_id);
  const adds = can(project, "add_tasks");
  const body = [adds && quickAdd(`Add to ${project.name}`, { project_id: id })];
  const waiting = pendingList(id);
  body.push(waiting);
  const loose = top.filter((t) => !t.section_id);
  if (loose.length) body.push(taskList(loose, { list: id, by: "child_order" }));
  body.push(doneOf(null));
  const ordered = [...sections].sort((a, b) => a.section_order - b.section_order);
  for (const section of ordered) {
    const inSection = top.filter((t) => t.section_id === section.id);
    body.push(h("section.day-group", {},
      h("h2.group-label", {}, section.name, h("span", { text: String(counts.sections.get(section.id) ?? 0) }),
        can(project, "edit_sections") && sectionMenuButton(section, ordered)),
      inSection.length ? taskList(inSection, { list: id, by: "child_order" }) : h("p.hint", { text: "No tasks in this section." }),
      adds && quickAdd(`Add to ${section.name}`, { project_id: id, section_id: section.id }), doneOf(section.id)));
  }
  if (!top.length && !sections.length) body.push(emptyState("folder", "Nothing here yet", adds ? "Add the first task above." : "Tasks added to it show here."));
  if (can(project, "add_sections")) body.push(h("div.see-all", {}, button({ class: "link-btn", text: "Add section", on: { click: () => nameSheet("New section", "Section name", "", "Add section", (name) => post("/sections", { name, project_id: id }).then(tasksChanged)) } })));
  const header = screenHeader(project.name, count((counts.projects.get(id) ?? 0) + (waiting?.childElementCount ?? 0), "task"), ...listTools(id), shareButton(project), projectMenuButton(project));
  header.querySelector("h1").prepend(swatch(project));
  return refreshable(view, backBar("#/tasks/projects", "Projects"), header, ...body);
}

/** Tasks added to this project while offline, shown until they have been sent. */
function pendingList(projectId) {
  const inbox = inboxProject()?.id;
  const waiting = pendingCreations().filter((body) => (body.project_id ?? inbox) === projectId);
  if (!waiting.length) return null;
  return h("ul.tasks.card.pending", { role: "list", label: "Waiting to be sent" },
    waiting.map((body) => h("li.task", {}, h("span.check", { "aria-hidden": "true" }, h("span.ring")),
      h("div.task-main", {}, h("span.title", { text: body.content ?? body.text }), h("span.meta", { text: "Waiting to be sent" })))));
}

/** An "Add to …" field read by the server's quick add; `preset` (project_id, section_id, due_date) holds unless the text says otherwise. */
export function quickAdd(placeholder, preset = {}) {
  const form = inlineForm(placeholder, "plus", "Add task", async (text) => {
    const { queued } = await send("/tasks/quick", { body: { text, ...preset }, create: true });
    tasksChanged();
    if (queued) toast(SAVED_OFFLINE);
  });
  markPhrases(form.querySelector("input"), preset);
  return form;
}

/** Marks, behind `input`'s text as it is typed, the phrases quick add (with `preset`) reads as its date, priority, list or labels. */
function markPhrases(input, preset) {
  const mirror = h("div.phrase-marks", { "aria-hidden": "true" });
  input.before(mirror);
  let asked = 0;
  let timer;
  const paint = (text, phrases = []) => {
    const box = `${input.offsetHeight}px`;
    Object.assign(mirror.style, { font: getComputedStyle(input).font, left: `${input.offsetLeft}px`, top: `${input.offsetTop}px`, width: `${input.clientWidth}px`, height: box, lineHeight: box });
    let at = 0;
    mirror.replaceChildren(...phrases.sort((a, b) => a.span[0] - b.span[0]).flatMap(({ field, span: [from, to] }) => {
      const parts = from >= at ? [text.slice(at, from), h("mark", { class: field, text: text.slice(from, to) })] : [];
      at = Math.max(at, to);
      return parts;
    }), text.slice(at));
    mirror.scrollLeft = input.scrollLeft;
  };
  input.addEventListener("input", () => {
    const text = input.value;
    const id = ++asked;
    clearTimeout(timer);
    if (!text.trim()) return paint("");
    timer = setTimeout(() => post("/tasks/quick/preview", { text, ...preset }).then((r) => r.phrases, () => []).then((marks) => id === asked && paint(text, marks)), 150);
  });
  input.addEventListener("scroll", () => (mirror.scrollLeft = input.scrollLeft));
  input.form.addEventListener("submit", () => (++asked, paint("")));
}

/** The Completed view (the Logbook), reached from each Done section and from Projects. */
export async function renderCompleted(view) {
  const { header, body } = await completedScreen();
  return refreshable(view, backBar("#/tasks/projects", "Projects"), header, ...body);
}

export function backBar(href, label) {
  return h("div.nav-bar", {}, h("a.link-btn.back", { href, icon: "back" }, label));
}
