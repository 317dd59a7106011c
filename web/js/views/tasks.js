// Tasks: Inbox, Today, Upcoming (by day) and Projects, plus a project with its sections.

import { api, listAll } from "../api.js";
import { addDays, describeDue, relativeDay, shortDate, todayIn } from "../dates.js";
import { refreshable } from "../gestures.js";
import { pendingCreations, send, withPending } from "../offline.js";
import { byPriorityAndTime, taskList } from "../tasklist.js";
import { inboxProject, loadProjects, projectById, projectColor, projectPalette, state, tasksChanged, userTimeZone } from "../state.js";
import { button, emptyState, explain, field, fill, formError, h, markChosen, onSubmit, openSheet, screenHeader, toast } from "../ui.js";
import { doneToday } from "./done.js";
import { shareButton } from "./sharing.js";

const segments = [
  ["inbox", "Inbox"],
  ["today", "Today"],
  ["upcoming", "Upcoming"],
  ["projects", "Projects"],
];

export async function renderTasks(view, { segment = "today" }) {
  const load = { inbox: inboxScreen, today: todayScreen, upcoming: upcomingScreen, projects: projectsScreen }[segment] ?? todayScreen;
  const nav = h("nav.segmented", { label: "Task lists" },
    segments.map(([key, label]) => h("a", { href: `#/tasks/${key}`, text: label, "aria-current": key === segment ? "page" : false })));
  const parts = await load();
  parts.header.append(calendarButton());
  return refreshable(view, parts.header, nav, ...parts.body);
}

function calendarButton() {
  return h("a.icon-btn.filled", { href: "#/calendar", icon: "calendar", label: "Calendar" });
}

async function todayScreen() {
  const tz = userTimeZone();
  const today = todayIn(tz);
  const [open, done] = await Promise.all([listAll(`/tasks/filter?query=${encodeURIComponent("overdue | today")}`), doneToday()]);
  const tasks = byPriorityAndTime(withPending(open), tz);
  const earlier = tasks.filter((t) => describeDue(t.due, tz)?.state === "past");
  const now = tasks.filter((t) => !earlier.includes(t));
  const body = [];
  if (!tasks.length) body.push(emptyState("sun", "Nothing due today", "Enjoy the space, or capture what's on your mind."));
  if (earlier.length) body.push(h("h2.group-label.plain.amber", { text: "Still on your list" }), taskList(earlier, { showProject: true }));
  if (now.length) body.push(earlier.length ? h("h2.group-label.plain", { text: "Today" }) : null, taskList(now, { showProject: true, showDue: "time" }));
  body.push(done);
  return { header: screenHeader("Today", `${shortDate(today)} · ${countText(tasks.length)}`), body };
}

async function inboxScreen() {
  const inbox = inboxProject();
  const tasks = withPending(await listAll(`/tasks?project_id=${inbox.id}`));
  const body = [quickAdd({ placeholder: "Add to Inbox", submit: (text) => send("/tasks/quick", { body: { text }, create: true }) })];
  const waiting = pendingList(inbox.id);
  body.push(waiting, tasks.length ? taskList(tasks) : waiting ? null : emptyState("inbox", "Inbox is clear", "New tasks without a list land here."));
  return { header: screenHeader("Inbox", countText(tasks.length)), body };
}

async function upcomingScreen() {
  const tz = userTimeZone();
  const today = todayIn(tz);
  const tasks = byPriorityAndTime(await listAll(`/tasks/filter?query=${encodeURIComponent("14 days")}`), tz);
  const byDay = new Map();
  for (const task of tasks) {
    const day = describeDue(task.due, tz).date;
    if (!byDay.has(day)) byDay.set(day, []);
    byDay.get(day).push(task);
  }
  const body = [];
  for (const day of [...byDay.keys()].sort()) {
    const relative = relativeDay(day, today);
    const heading = h("h2.group-label", {}, relative, relative === shortDate(day, today) ? null : h("span", { text: shortDate(day, today) }));
    body.push(h("section.day-group", {}, heading, taskList(byDay.get(day), { showProject: true, showDue: "time" })));
  }
  if (!tasks.length) body.push(emptyState("sun", "A clear two weeks", "Tasks with a date in the next 14 days show here."));
  return { header: screenHeader("Upcoming", `${shortDate(today)} to ${shortDate(addDays(today, 13), today)}`), body };
}

async function projectsScreen() {
  const [projects, tasks] = await Promise.all([loadProjects(), listAll("/tasks")]);
  const counts = new Map();
  for (const task of tasks) counts.set(task.project_id, (counts.get(task.project_id) ?? 0) + 1);
  const ordered = [...projects].sort((a, b) => Number(b.inbox_project) - Number(a.inbox_project) || a.child_order - b.child_order);
  const list = h("ul.list.card.icons", { role: "list" },
    ordered.map((project) =>
      h("li", {},
        h("a.row", { href: project.inbox_project ? "#/tasks/inbox" : `#/projects/${project.id}` },
          project.inbox_project
            ? h("span.chev", { icon: "inbox", style: "color:var(--accent);width:22px;height:22px;margin:0 -5px" })
            : h("span.swatch", { style: `background:${projectColor(project.color)}`, "aria-hidden": "true" }),
          h("span.grow", { text: project.name }),
          project.is_shared ? h("span.shared-mark", { icon: "people", title: "Shared", role: "img", label: "Shared" }) : null,
          h("span.count", { text: String(counts.get(project.id) ?? 0), label: `${counts.get(project.id) ?? 0} tasks` }),
          h("span.chev", { icon: "chevron" })))));
  const add = button({ class: "icon-btn filled", icon: "plus", label: "New project", on: { click: newProject } });
  return { header: screenHeader("Projects", `${projects.length} ${projects.length === 1 ? "list" : "lists"}`, add), body: [list] };
}

function newProject() {
  const name = h("input.input", { type: "text", label: "Project name", placeholder: "Name", maxlength: 120, autofocus: true });
  let color = projectPalette[0];
  const swatches = h("div.prio-picker", { role: "radiogroup", label: "Colour" },
    projectPalette.slice(0, 6).map((c, i) =>
      button({ role: "radio", "aria-checked": String(i === 0), label: c.replace("_", " "), style: `background:${projectColor(c)};border-color:${projectColor(c)}`,
        on: { click: (event) => {
          color = c;
          markChosen(event.currentTarget, "aria-checked");
          for (const s of swatches.children) s.style.outline = s === event.currentTarget ? "3px solid var(--text)" : "";
        } } })));
  swatches.firstChild.style.outline = "3px solid var(--text)";
  const error = formError();
  const create = h("button", { type: "submit", class: "btn primary block", text: "Create project" });
  const form = h("form", {}, field("Name", name),
    h("div.field", {}, h("span", { text: "Colour" }), swatches), error, create);
  const sheet = openSheet({ title: "New project", content: form });
  onSubmit(form, async () => {
    if (!name.value.trim()) {
      error.textContent = "Give the project a name.";
      return;
    }
    create.disabled = true;
    try {
      const project = await api("/projects", { method: "POST", body: { name: name.value.trim(), color } });
      await loadProjects();
      sheet.close();
      location.hash = `#/projects/${project.id}`;
    } catch (failure) {
      error.textContent = explain(failure);
      create.disabled = false;
    }
  });
}

export async function renderProject(view, { id }) {
  if (!projectById(id)) await loadProjects();
  const project = projectById(id);
  if (!project) {
    fill(view, backBar("#/tasks/projects", "Projects"), emptyState("folder", "Project not found", "It may have been archived or deleted."));
    return;
  }
  const [sections, everything] = await Promise.all([listAll(`/sections?project_id=${id}`), listAll(`/tasks?project_id=${id}`)]);
  const tasks = withPending(everything);
  const top = tasks.filter((t) => !t.parent_id);
  const body = [quickAdd({ placeholder: `Add to ${project.name}`, submit: (content) => send("/tasks", { body: { content, project_id: id }, create: true }) })];
  body.push(pendingList(id));
  const loose = top.filter((t) => !t.section_id);
  if (loose.length) body.push(taskList(loose));
  for (const section of [...sections].sort((a, b) => a.section_order - b.section_order)) {
    const inSection = top.filter((t) => t.section_id === section.id);
    body.push(h("section.day-group", {},
      h("h2.group-label", {}, section.name, h("span", { text: String(inSection.length) })),
      inSection.length ? taskList(inSection) : h("p.hint", { text: "No tasks in this section." }),
      quickAdd({ placeholder: `Add to ${section.name}`, submit: (content) => send("/tasks", { body: { content, project_id: id, section_id: section.id }, create: true }) })));
  }
  if (!top.length && !sections.length) body.push(emptyState("folder", "Nothing here yet", "Add the first task above."));
  body.push(h("div.see-all", {}, button({ class: "link-btn", text: "Add section", on: { click: () => newSection(id) } })));
  const header = screenHeader(project.name, countText(top.length), shareButton(project));
  header.querySelector("h1").prepend(h("span.swatch", { style: `display:inline-block;width:14px;height:14px;border-radius:7px;margin-right:10px;vertical-align:middle;background:${projectColor(project.color)}`, "aria-hidden": "true" }));
  return refreshable(view, backBar("#/tasks/projects", "Projects"), header, ...body);
}

function newSection(projectId) {
  const name = h("input.input", { type: "text", label: "Section name", placeholder: "Name", maxlength: 120, autofocus: true });
  const error = formError();
  const form = h("form", {}, name, error, h("button", { type: "submit", class: "btn primary block", text: "Add section" }));
  const sheet = openSheet({ title: "New section", content: form });
  onSubmit(form, async () => {
    if (!name.value.trim()) return;
    try {
      await api("/sections", { method: "POST", body: { name: name.value.trim(), project_id: projectId } });
      sheet.close();
      tasksChanged();
    } catch (failure) {
      error.textContent = explain(failure);
    }
  });
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

function quickAdd({ placeholder, submit }) {
  const input = h("input.input", { type: "text", placeholder, label: placeholder, maxlength: 500, enterkeyhint: "done" });
  const add = h("button", { type: "submit", class: "icon-btn", icon: "plus", label: "Add task" });
  const form = h("form.card.row.quick-add", {}, input, add);
  onSubmit(form, async () => {
    const text = input.value.trim();
    if (!text) return;
    input.disabled = true;
    try {
      const answer = await submit(text);
      input.value = "";
      tasksChanged();
      if (answer?.queued) toast("Saved on this device. It goes out when you're back online.");
    } catch (error) {
      toast(explain(error));
    } finally {
      input.disabled = false;
    }
  });
  return form;
}

export function backBar(href, label) {
  return h("div.nav-bar", {}, h("a.link-btn.back", { href, icon: "back" }, label));
}

function countText(n) {
  return n === 1 ? "1 task" : `${n} tasks`;
}
