// Project sharing: the members sheet. Owners add people by email (or invite them), change roles and
// remove people; everyone else sees who is in and can leave.

import { api } from "../api.js";
import { loadProjects, state } from "../state.js";
import { avatar, button, explain, field, fill, h, onSubmit, openSheet, toast } from "../ui.js";

const roleNames = { owner: "Owner", editor: "Can edit", commenter: "Can comment" };

/** The project header's button: "Share" for the owner, "Members" for the others of a shared project. */
export function shareButton(project) {
  if (project.inbox_project) return null;
  if (project.role !== "owner" && !project.is_shared) return null;
  const label = project.role === "owner" ? "Share" : "Members";
  return button({ class: "link-btn share", text: label, on: { click: () => openSharing(project) } });
}

function openSharing(project) {
  const owner = project.role === "owner";
  const content = h("div.sharing");
  const sheet = openSheet({ title: owner ? `Share ${project.name}` : project.name, content });
  const refresh = async () => {
    try {
      const { results } = await api(`/projects/${project.id}/members`);
      draw(results);
    } catch (error) {
      fill(content, h("p.form-error", { role: "alert", text: explain(error) }));
    }
  };

  const form = owner ? addForm() : null;

  function draw(members) {
    const list = h("ul.list.card.members", { role: "list" }, members.map((m) => memberRow(m)));
    fill(content, form, h("h3.group-label", { text: "People" }), list,
      owner ? null : button({ class: "btn block leave", text: "Leave project", on: { click: leave } }));
  }

  function memberRow(member) {
    const you = member.user_id === state.user.id;
    const who = h("span.grow", {}, h("span.name", { text: you ? `${member.name} (you)` : member.name }),
      h("span.email", { text: member.email }));
    let role;
    if (owner && member.role !== "owner") {
      role = h("select.select.role", { label: `Role for ${member.name}` },
        ["editor", "commenter"].map((r) => h("option", { value: r, text: roleNames[r], selected: r === member.role })));
      role.addEventListener("change", () => change(member, role.value));
    } else {
      role = h("span.value", { text: roleNames[member.role] ?? member.role });
    }
    const remove = owner && member.role !== "owner"
      ? button({ class: "icon-btn", icon: "close", label: `Remove ${member.name}`, on: { click: () => removeMember(member) } })
      : null;
    return h("li", {}, h("div.row", {}, avatar(member.name, "small"), who, role, remove));
  }

  function addForm() {
    const email = h("input.input", { type: "email", autocomplete: "off", label: "Email", placeholder: "name@example.com", required: true });
    const role = h("select.select", { label: "Role" },
      h("option", { value: "editor", text: roleNames.editor }), h("option", { value: "commenter", text: roleNames.commenter }));
    const note = h("p.hint", { role: "status", "aria-live": "polite" });
    const invite = button({ class: "btn block", text: "Send an invitation", hidden: true });
    const form = h("form.add-member", {},
      field("Add someone by email", email),
      h("div.add-line", {}, role, h("button", { type: "submit", class: "btn primary", text: "Add" })),
      note, invite);
    email.addEventListener("input", () => {
      invite.hidden = true;
      note.textContent = "";
    });
    onSubmit(form, async () => {
      const address = email.value.trim();
      if (!address) return;
      try {
        await api(`/projects/${project.id}/members`, { method: "POST", body: { email: address, role: role.value } });
        await afterChange();
        email.value = "";
        note.textContent = `${address} can now see ${project.name}.`;
      } catch (error) {
        if (error.status === 404) {
          note.textContent = `No one on this server uses ${address} yet.`;
          invite.hidden = false;
        } else {
          note.textContent = explain(error);
        }
      }
    });
    invite.addEventListener("click", async () => {
      try {
        await api("/invites", { method: "POST", body: { email: email.value.trim(), project_id: project.id, role: role.value } });
        invite.hidden = true;
        note.textContent = "Invitation sent";
      } catch (error) {
        note.textContent = explain(error);
      }
    });
    return form;
  }

  async function change(member, role) {
    try {
      await api(`/projects/${project.id}/members/${member.user_id}`, { method: "POST", body: { role } });
    } catch (error) {
      toast(explain(error));
    }
    await refresh();
  }

  async function removeMember(member) {
    try {
      await api(`/projects/${project.id}/members/${member.user_id}`, { method: "DELETE" });
      await afterChange();
    } catch (error) {
      toast(explain(error));
    }
  }

  async function leave() {
    try {
      await api(`/projects/${project.id}/members/${state.user.id}`, { method: "DELETE" });
      sheet.close();
      await loadProjects();
      location.hash = "#/tasks/projects";
    } catch (error) {
      toast(explain(error));
    }
  }

  async function afterChange() {
    await refresh();
    await loadProjects();
  }

  refresh();
}
