// Project sharing: the members sheet. Owners add people by email (or invite them), change roles and
// remove people; everyone else sees who is in and can leave.

import { api, post } from "../api.js";
import { loadProjects, state } from "../state.js";
import { avatar, button, explain, field, fill, h, onSubmit, openSheet, rowList, told } from "../ui.js";

const roleNames = { owner: "Owner", editor: "Can edit", commenter: "Can comment" };

/** A row of a members list: `member`'s initials and name ("(you)" for the user), `detail` under it, then `trailing`. */
export const personRow = (member, detail, ...trailing) => h("div.row", {}, avatar(member.name, "small"),
  h("span.grow", {}, h("span.name", { text: member.user_id === state.user.id ? `${member.name} (you)` : member.name }), detail), ...trailing);

/** The project header's button: "Share" for the owner, "Members" for the others of a shared project. */
export function shareButton(project) {
  if (project.inbox_project) return null;
  if (project.role !== "owner" && !project.is_shared) return null;
  const label = project.role === "owner" ? "Share" : "Members";
  return button({ class: "link-btn share", text: label, on: { click: () => openSharing(project) } });
}

/** A choice of the roles an owner gives, `chosen` picked. */
const roleSelect = (props, chosen) => h("select.select", props, ["editor", "commenter"].map((r) => h("option", { value: r, text: roleNames[r], selected: r === chosen })));

function openSharing(project) {
  const owner = project.role === "owner";
  const members = `/projects/${project.id}/members`;
  const content = h("div.sharing");
  const sheet = openSheet({ title: owner ? `Share ${project.name}` : project.name, content });
  const refresh = async () => {
    try {
      const { results } = await api(members);
      draw(results);
    } catch (error) {
      fill(content, h("p.form-error", { role: "alert", text: explain(error) }));
    }
  };

  const form = owner ? addForm() : null;

  function draw(people) {
    fill(content, form, h("h3.group-label", { text: "People" }), rowList(".members", people.map(memberRow)),
      owner ? null : button({ class: "btn block leave", text: "Leave project", on: { click: leave } }));
  }

  function memberRow(member) {
    const manage = owner && member.role !== "owner";
    const role = manage
      ? roleSelect({ class: "select role", label: `Role for ${member.name}`, on: { change: (event) => change(member, event.target.value) } }, member.role)
      : h("span.value", { text: roleNames[member.role] ?? member.role });
    return personRow(member, h("span.email", { text: member.email }), role,
      manage && button({ class: "icon-btn", icon: "close", label: `Remove ${member.name}`, on: { click: () => removeMember(member) } }));
  }

  function addForm() {
    const email = h("input.input", { type: "email", autocomplete: "off", label: "Email", placeholder: "name@example.com", required: true });
    const role = roleSelect({ label: "Role" });
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
        await post(members, { email: address, role: role.value });
        await afterChange();
        email.value = "";
        note.textContent = `${address} can now see ${project.name}.`;
      } catch (error) {
        if (error.status === 404) {
          note.textContent = `No one you work with uses ${address}. Invite them.`;
          invite.hidden = false;
        } else {
          note.textContent = explain(error);
        }
      }
    });
    invite.addEventListener("click", async () => {
      try {
        await post("/invites", { email: email.value.trim(), project_id: project.id, role: role.value });
        invite.hidden = true;
        note.textContent = "Invitation sent";
      } catch (error) {
        note.textContent = explain(error);
      }
    });
    return form;
  }

  async function change(member, role) {
    await told(post(`${members}/${member.user_id}`, { role }));
    await refresh();
  }

  function removeMember(member) {
    told(api(`${members}/${member.user_id}`, { method: "DELETE" }).then(afterChange));
  }

  function leave() {
    told(api(`${members}/${state.user.id}`, { method: "DELETE" }).then(async () => {
      sheet.close();
      await loadProjects();
      location.hash = "#/tasks/projects";
    }));
  }

  async function afterChange() {
    await refresh();
    await loadProjects();
  }

  refresh();
}
