// A thread's details: who is in it, what you are told about, and for a group's owner its name, people and
// linked project.

import { api } from "../api.js";
import { state } from "../state.js";
import { avatar, button, explain, field, h, markChosen, onSubmit, openSheet, toast } from "../ui.js";

const levels = [["all", "All messages"], ["mentions", "Mentions"], ["muted", "Muted"]];

/** Opens the sheet; `changed` runs once it closes if anything was changed. */
export function openThreadInfo(conversation, title, changed) {
  const owner = conversation.kind === "group" && conversation.members.some((m) => m.user_id === state.user.id && m.role === "owner");
  let dirty = false;
  const save = async (path, body) => {
    try {
      const result = await api(`/conversations/${conversation.id}${path}`, { method: body === null ? "DELETE" : "POST", body: body ?? undefined });
      dirty = true;
      return result;
    } catch (error) {
      toast(explain(error));
      throw error;
    }
  };

  const level = h("div.segmented", { role: "group", label: "Notifications" }, levels.map(([value, text]) =>
    button({ text, "aria-pressed": String(conversation.notification_level === value), on: {
      click: ({ currentTarget }) => save("", { notification_level: value, muted: value === "muted" })
        .then(() => markChosen(currentTarget), () => {}),
    } })));

  const people = h("ul.list.card.members", { role: "list" }, conversation.members.map((m) => {
    const you = m.user_id === state.user.id;
    const row = h("li", {}, h("div.row", {}, avatar(m.name, "small"),
      h("span.grow.name", { text: you ? `${m.name} (you)` : m.name }),
      m.role === "owner" ? h("span.value", { text: "Owner" }) : null,
      owner && !you ? button({ class: "icon-btn", icon: "close", label: `Remove ${m.name}`, on: {
        click: () => save(`/members/${m.user_id}`, null).then(() => row.remove(), () => {}),
      } }) : null));
    return row;
  }));

  let manage = null;
  if (owner) {
    const name = h("input.input", { value: conversation.name ?? "", maxlength: 120, required: true, label: "Group name" });
    const email = h("input.input", { type: "email", placeholder: "name@example.com", label: "Add someone by email" });
    const project = h("select.select", { label: "Linked project" }, h("option", { value: "", text: "None" }),
      state.projects.filter((p) => !p.inbox_project && p.role === "owner").map((p) =>
        h("option", { value: p.id, text: p.name, selected: p.id === conversation.project_id })));
    project.addEventListener("change", () => save("", { project_id: project.value || null }).catch(() => {}));
    const form = h("form.thread-manage", {}, field("Name", name), field("Add someone by email", email), field("Project", project),
      h("button", { type: "submit", class: "btn primary block", text: "Save" }));
    onSubmit(form, async () => {
      if (name.value.trim() !== conversation.name) await save("", { name: name.value.trim() });
      if (email.value.trim()) {
        await save("/members", { member_emails: [email.value.trim()] });
        email.value = "";
      }
      sheet.close();
    });
    manage = form;
  }

  const leave = conversation.kind === "group"
    ? button({ class: "btn block leave", text: "Leave conversation", on: {
      click: () => save("/leave", {}).then(() => {
        dirty = false;
        sheet.close();
        location.hash = "#/messages";
      }, () => {}),
    } })
    : null;

  const sheet = openSheet({
    title,
    content: h("div.sharing", {}, h("h3.group-label", { text: "Notifications" }), level,
      h("h3.group-label", { text: "People" }), people, manage && h("h3.group-label", { text: "Group" }), manage, leave),
    onClose: () => dirty && changed(),
  });
}
