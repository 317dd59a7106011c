// A thread's details: its people, what you are told about, and a group's name and project for its owner.

import { api } from "../api.js";
import { state } from "../state.js";
import { button, field, formOf, h, markChosen, openSheet, rowList, told } from "../ui.js";
import { personRow } from "./sharing.js";

const levels = [["all", "All"], ["mentions", "Mentions"], ["muted", "Muted"]];

/** Opens the sheet; `closed` runs when it closes, to show the thread as it is now. */
export function openThreadInfo(conversation, title, closed) {
  const me = state.user.id;
  const group = conversation.kind === "group";
  const owner = group && conversation.members.some((m) => m.user_id === me && m.role === "owner");
  const save = (path, body) => api(`/conversations/${conversation.id}${path}`, { method: body ? "POST" : "DELETE", body });

  const level = h("div.segmented", { role: "group", label: "Notifications" }, levels.map(([value, text]) =>
    button({ text, "aria-pressed": String(conversation.notification_level === value), on: {
      click: ({ currentTarget }) => told(save("", { notification_level: value, muted: value === "muted" }).then(() => markChosen(currentTarget))),
    } })));

  const people = rowList(".members", conversation.members.map((m) => {
    const row = personRow(m, null, m.role === "owner" && h("span.value", { text: "Owner" }),
      owner && m.user_id !== me && button({ class: "icon-btn", icon: "close", label: `Remove ${m.name}`, on: {
        click: () => told(save(`/members/${m.user_id}`).then(() => row.parentNode.remove())),
      } }));
    return row;
  }));

  let manage = null;
  if (owner) {
    const name = h("input.input", { value: conversation.name, maxlength: 120, required: true, label: "Group name" });
    const email = h("input.input", { type: "email", label: "Add someone by email" });
    const project = h("select.select", { label: "Linked project" }, h("option", { value: "", text: "None" }),
      state.projects.filter((p) => !p.inbox_project && p.role === "owner").map((p) =>
        h("option", { value: p.id, text: p.name, selected: p.id === conversation.project_id })));
    project.addEventListener("change", () => told(save("", { project_id: project.value || null })));
    manage = formOf([field("Name", name), field("Add someone by email", email), field("Project", project)], "Save", async () => {
      if (name.value.trim() !== conversation.name) await save("", { name: name.value.trim() });
      if (email.value.trim()) await save("/members", { member_emails: [email.value.trim()] });
      sheet.close();
    });
  }

  const leave = group && button({ class: "btn block leave", text: "Leave conversation", on: {
    click: () => told(save("/leave", {}).then(() => {
      location.hash = "#/messages";
      sheet.close();
    })),
  } });

  const sheet = openSheet({
    title,
    content: h("div.sharing", {}, h("h3.group-label", { text: "Notifications" }), level,
      h("h3.group-label", { text: "People" }), people, manage && h("h3.group-label", { text: "Group" }), manage, leave),
    onClose: closed,
  });
}
