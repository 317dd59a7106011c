// Managing projects and sections: menus, arranging, archived projects. The server's `capabilities` say what may be done.

import { api, listAll, post } from "../api.js";
import { loadProjects, projectColor, projectPalette, tasksChanged } from "../state.js";
import { button, field, fill, formSheet, h, markChosen, openMenu, openSheet, rowList, toast, told } from "../ui.js";

/** Whether the server lets the signed-in person do `capability` ("add_tasks", "rename", …) to `project`. */
export const can = (project, capability) => project.capabilities?.includes(capability);

/** The server's task count of each project and section, as maps by id. */
export async function taskCounts() {
  const counts = await api("/projects/task_counts");
  const byId = (list) => new Map(list.map((c) => [c.id, c.task_count]));
  return { projects: byId(counts.projects), sections: byId(counts.sections) };
}

/** A project's icon in its colour, or its colour dot. */
export const swatch = (p) => p.icon ? h("span.lead", { icon: p.icon, style: `color:${projectColor(p.color)}` })
  : h("span.swatch", { style: `background:${projectColor(p.color)}`, "aria-hidden": "true" });

const projectIcons = [null, ..."briefcase home cart book heart star flag calendar plane code music dumbbell money gift leaf".split(" ")];

/** A sheet with a name field (and `extra` fields); `save(name)` runs on submit. */
export function nameSheet(title, label, value, submit, save, extra = []) {
  const name = h("input.input", { type: "text", label, placeholder: "Name", maxlength: 120, autofocus: true, value });
  formSheet(title, [field("Name", name), ...extra], submit, async (sheet) => {
    if (!name.value.trim()) return "Give it a name.";
    await save(name.value.trim());
    sheet.close();
  });
}

/** Creates a project (none given) or edits one's name, colour and icon. */
export function projectSheet(project) {
  let color = project?.color ?? projectPalette[0];
  let chosenIcon = project?.icon ?? null;
  const icons = h("div.prio-picker.colours.glyphs", { role: "radiogroup", label: "Icon", style: `color:${projectColor(color)}` }, projectIcons.map((name) =>
    button({ role: "radio", "aria-checked": String(name === chosenIcon), label: name ?? "no icon", icon: name, on: { click: (event) => {
      chosenIcon = name;
      markChosen(event.currentTarget, "aria-checked");
    } } }, name ? null : h("span.swatch"))));
  const swatches = h("div.prio-picker.colours", { role: "radiogroup", label: "Colour" }, projectPalette.map((c) =>
    button({ role: "radio", "aria-checked": String(c === color), label: c.replace("_", " "), style: `background:${projectColor(c)};border-color:${projectColor(c)}`,
      on: { click: (event) => {
        color = c;
        icons.style.color = projectColor(c);
        markChosen(event.currentTarget, "aria-checked");
      } } })));
  nameSheet(project ? "Edit project" : "New project", "Project name", project?.name, project ? "Save" : "Create project", async (name) => {
    const saved = await post(project ? `/projects/${project.id}` : "/projects", { name, color, icon: chosenIcon });
    await loadProjects();
    if (project) tasksChanged();
    else location.hash = `#/projects/${saved.id}`;
  }, [field("Colour", swatches, "div"), field("Icon", icons, "div")]);
}

/** Asks what becomes of the tasks of what `path` names, then deletes it in one request. */
function askDelete(name, path, [keep, policy], done) {
  const remove = (tasks) => told(api(`${path}?tasks=${tasks}`, { method: "DELETE" }).then(done).then(() => toast(`Deleted ${name}`)));
  openMenu(`Delete ${name}?`, [[`Delete and ${keep}`, () => remove(policy)], ["Delete it with its tasks", () => remove("delete"), "danger"]],
    { preview: h("p.hint", { text: "What should happen to its tasks?" }) });
}

const deleteProject = (p, done = () => (location.hash = "#/tasks/projects")) =>
  askDelete(p.name, `/projects/${p.id}`, ["move its tasks to the Inbox", "move_to_inbox"], () => loadProjects().then(done));

async function setArchived(p, archived) {
  await post(`/projects/${p.id}/${archived ? "archive" : "unarchive"}`);
  await loadProjects();
  toast(archived ? `Archived ${p.name}` : `${p.name} is back in Projects`);
  if (archived) location.hash = "#/tasks/projects";
  else tasksChanged();
}

/** Saves `list` with its item at `at` moved by `by` (`kind` is "projects" or "sections"); resolves to the new list. */
async function move(list, at, by, kind, key) {
  const next = list.filter((_, i) => i !== at);
  next.splice(at + by, 0, list[at]);
  await post(`/${kind}/reorder`, { [kind]: next.map((item, n) => ({ id: item.id, [key]: n + 1 })) });
  return next;
}

/** The project header's menu: what the server allows (edit, archive, delete) and, when shared, muting. */
export function projectMenuButton(p) {
  const choices = [can(p, "rename") && ["Edit project", () => projectSheet(p)], can(p, "archive") && ["Archive", () => told(setArchived(p, true))],
    can(p, "delete") && ["Delete", () => deleteProject(p), "danger"]];
  if (!choices.some(Boolean) && !p.is_shared) return null;
  const open = async () => {
    const muted = p.is_shared && (await api("/mutes")).project_ids.includes(p.id);
    const mute = p.is_shared && [muted ? "Unmute notifications" : "Mute notifications", () => told(post(`/projects/${p.id}/${muted ? "unmute" : "mute"}`).then(() =>
      toast(muted ? `${p.name} notifies you again` : `Muted ${p.name}: mentions and assignments still reach you`)))];
    openMenu(p.name, [...choices, mute].filter(Boolean), { label: `Actions for ${p.name}` });
  };
  return button({ class: "icon-btn project-menu", icon: "more", label: `More for ${p.name}`, on: { click: () => told(open()) } });
}

/** A section heading's menu: rename, move up or down among `sections`, delete. */
export function sectionMenuButton(s, sections) {
  const at = sections.indexOf(s);
  const shift = (by) => told(move(sections, at, by, "sections", "section_order").then(tasksChanged));
  const choices = [["Rename", () => nameSheet("Rename section", "Section name", s.name, "Save", (name) => post(`/sections/${s.id}`, { name }).then(tasksChanged))],
    at > 0 && ["Move up", () => shift(-1)], at < sections.length - 1 && ["Move down", () => shift(1)],
    ["Delete", () => askDelete(s.name, `/sections/${s.id}`, ["keep its tasks in the project", "move_to_project"], tasksChanged), "danger"]];
  return button({ class: "icon-btn", icon: "more", label: `More for ${s.name}`, on: { click: () => openMenu(s.name, choices.filter(Boolean)) } });
}

/** A sheet where the person's own projects move up and down, each move saved at once. */
export function arrangeProjects(projects) {
  let order = projects.filter((p) => !p.inbox_project && can(p, "reorder")).sort((a, b) => a.child_order - b.child_order);
  const list = h("div");
  const draw = (focus) => {
    fill(list, rowList(".arrange", order.map((p, i) => h("div.row", {}, swatch(p), h("span.grow", { text: p.name }),
      [["up", -1, !i], ["down", 1, i === order.length - 1]].map(([way, by, end]) => button({ class: `icon-btn ${way}`, icon: "chevron", label: `Move ${p.name} ${way}`, disabled: end,
        on: { click: () => told(move(order, i, by, "projects", "child_order").then((next) => {
          order = next;
          draw(`Move ${p.name} ${way}`);
        })) } }))))));
    if (focus) list.querySelector(`[aria-label="${CSS.escape(focus)}"]`)?.focus();
  };
  draw();
  openSheet({ title: "Arrange projects", content: list, onClose: tasksChanged });
}

/** A menu of the archived projects, each to bring back or delete. */
export async function archivedProjects() {
  const archived = await listAll("/projects/archived");
  openMenu("Archived projects", archived.map((p) => [p.name, () => openMenu(p.name, [can(p, "archive") && ["Unarchive", () => told(setArchived(p, false))],
    can(p, "delete") && ["Delete", () => deleteProject(p, tasksChanged), "danger"]].filter(Boolean))]), { preview: !archived.length && h("p.hint", { text: "Archived projects show here." }) });
}
