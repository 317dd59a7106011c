// What a message offers: a long press (touch), a right click (desktop) or its "…" button (keyboard)
// opens a menu to make it a task or share a task into the thread; and the picker of one's own tasks.

import { listAll, post } from "../api.js";
import { describeDue } from "../dates.js";
import { state, tasksChanged, userTimeZone } from "../state.js";
import { button, explain, h, openMenu, openSheet, toast, told } from "../ui.js";
import { openTaskDetail } from "./detail.js";

export function openMessageMenu(message, { conversationId, onShared }) {
  const actions = [];
  if (message.kind !== "task_card") actions.push(["Make a task", () => makeTask(message)]);
  actions.push(["Share a task into this thread", () => openTaskPicker(conversationId, onShared)]);
  if (message.text && navigator.clipboard) actions.push(["Copy text", () => navigator.clipboard.writeText(message.text).then(() => toast("Copied."), () => toast("Couldn't copy. Try again?"))]);
  const preview = message.text ? h("p.menu-preview", { text: message.text.length > 140 ? `${message.text.slice(0, 140)}…` : message.text }) : null;
  openMenu("Message", actions, { preview });
}

function makeTask(message) {
  told(post(`/messages/${message.id}/task`, {}).then((task) => {
    tasksChanged();
    toast("Added to your Inbox.", { action: "Open", onAction: () => openTaskDetail(task) });
  }));
}

/** A sheet listing the user's open tasks (in lists they own), with a filter; tapping one shares it. */
export async function openTaskPicker(conversationId, onShared) {
  const filter = h("input.input", { type: "search", label: "Find a task", placeholder: "Find a task", autofocus: true });
  const results = h("ul.list.card.task-picker", { label: "Your tasks" });
  const status = h("p.hint", { role: "status", text: "Loading your tasks…" });
  const sheet = openSheet({ title: "Share a task", content: h("div", {}, h("div.search-field", {}, filter), status, results) });
  let tasks = [];
  try {
    const owned = new Set(state.projects.filter((p) => p.inbox_project || p.role === "owner").map((p) => p.id));
    tasks = (await listAll("/tasks", 1000)).filter((t) => owned.has(t.project_id));
  } catch (error) {
    status.textContent = explain(error);
    return;
  }
  const tz = userTimeZone();
  const draw = () => {
    const words = filter.value.trim().toLowerCase();
    const shown = tasks.filter((t) => t.content.toLowerCase().includes(words)).slice(0, 50);
    status.textContent = tasks.length === 0 ? "You have no open tasks to share." : shown.length === 0 ? "No task matches." : "";
    results.hidden = shown.length === 0;
    results.replaceChildren(...shown.map((task) => {
      const due = describeDue(task.due, tz);
      return h("li", {}, button({ class: "row", on: { click: () => share(task) } },
        h("span.grow", {}, h("span.title", { text: task.content }), due ? h("span.meta", { text: ` · ${due.label}` }) : null)));
    }));
  };
  const share = async (task) => {
    try {
      const card = await post(`/conversations/${conversationId}/tasks`, { task_id: task.id });
      sheet.close();
      onShared?.(card);
    } catch (error) {
      status.textContent = explain(error);
    }
  };
  filter.addEventListener("input", draw);
  draw();
}
