// What every screen shares: the signed-in user, their projects, and a signal that tasks changed.

import { api, listAll } from "./api.js";

export const state = { user: null, projects: [] };

/** Fires "tasks" when tasks were created, completed or edited, so the visible screen reloads. */
export const changes = new EventTarget();

export function tasksChanged() {
  changes.dispatchEvent(new Event("tasks"));
}

export async function loadUser() {
  state.user = await api("/user");
  return state.user;
}

export async function loadProjects() {
  state.projects = await listAll("/projects");
  people.clear();
  return state.projects;
}

const people = new Map();

/** A shared project's people (owner and members, `{id, name}`), fetched once per project; none for another. */
export function projectPeople(id) {
  if (!projectById(id)?.is_shared) return Promise.resolve([]);
  if (!people.has(id)) {
    people.set(id, api(`/projects/${id}/collaborators`).then(({ results }) => results, () => {
      people.delete(id);
      return [];
    }));
  }
  return people.get(id);
}

export function projectById(id) {
  return state.projects.find((project) => project.id === id);
}

export function inboxProject() {
  return state.projects.find((project) => project.inbox_project);
}

/** The user's time zone, which defines their "today". */
export function userTimeZone() {
  return state.user?.timezone || "UTC";
}

/** Todoist's project colour names as colours that read on both themes. */
const projectColors = {
  berry_red: "#b8255f", red: "#dc4c3e", orange: "#c77100", yellow: "#b29104", olive_green: "#949c31",
  lime_green: "#65a33a", green: "#369307", mint_green: "#42a393", teal: "#148fad", sky_blue: "#319dc0",
  light_blue: "#6988a4", blue: "#4180ff", grape: "#692ec2", violet: "#ca3fee", lavender: "#a4698c",
  magenta: "#e05095", salmon: "#c9766f", charcoal: "#808080", grey: "#999999", taupe: "#8f7a69",
};

export function projectColor(name) {
  return projectColors[name] ?? projectColors.charcoal;
}

/** The colours a project can take: Todoist's named colours. */
export const projectPalette = Object.keys(projectColors);
