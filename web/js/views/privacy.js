// Settings > Privacy & Data (export) and Settings > Account > Delete account.

import { api, listAll, session } from "../api.js";
import { button, explain, field, formSheet, h, toast } from "../ui.js";

/** The export buttons: everything as JSON, and the tasks as an iCalendar file. */
export function privacyAndData() {
  const download = (format, filename) => async (event) => {
    const control = event.currentTarget;
    control.disabled = true;
    try {
      const response = await fetch(`/api/v1/user/export?format=${format}`, {
        headers: { Authorization: `Bearer ${session.token}` },
        cache: "no-store",
      });
      if (!response.ok) throw Object.assign(new Error((await response.json().catch(() => null))?.error?.message ?? response.statusText), { status: response.status });
      const link = h("a", { href: URL.createObjectURL(await response.blob()), download: filename, hidden: true });
      document.body.append(link);
      link.click();
      setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
      toast(`Saved ${filename}`);
    } catch (error) {
      toast(explain(error));
    }
    control.disabled = false;
  };
  return h("div.card.boxed", {},
    h("p.hint", { style: "margin-top:0", text: "Everything you keep here (tasks, projects, time, messages) as one file you can import into another Kairos server." }),
    button({ class: "btn block", text: "Export my data", data: { export: "json" }, on: { click: download("json", "kairos-export.json") } }),
    h("p.hint", { text: "Your tasks for calendar and reminder apps." }),
    button({ class: "btn block", text: "Export tasks as calendar (.ics)", data: { export: "ics" }, on: { click: download("ics", "kairos-tasks.ics") } }));
}

/** A button that opens the delete-account sheet: the password again, and what happens to shared projects. */
export function deleteAccountButton(signOut) {
  return button({ class: "btn block danger", text: "Delete account", on: { click: () => openDeletion(signOut).catch((error) => toast(explain(error))) } });
}

async function openDeletion(signOut) {
  const owned = (await listAll("/projects")).filter((project) => project.is_shared && project.role === "owner");
  const password = h("input.input", { type: "password", label: "Password", autocomplete: "current-password", required: true });
  const choice = h("select.select", { label: "Shared projects" },
    h("option", { value: "transfer", text: "Give each to its longest-standing editor" }),
    h("option", { value: "delete", text: "Delete them for everyone" }));
  const fields = [
    h("p.hint", { text: "Your tasks, projects, time and files are deleted for good. Messages you sent to others stay, shown as from \u201cDeleted user\u201d. Export your data first to keep a copy." }),
    field("Password", password),
  ];
  if (owned.length) {
    fields.push(field(`Shared projects you own (${owned.map((project) => project.name).join(", ")})`, choice),
      h("p.hint", { text: "A project with no editor is deleted." }));
  }
  formSheet("Delete account", fields, "Delete my account", async (sheet) => {
    const body = { password: password.value };
    if (owned.length) body.shared_projects = choice.value;
    await api("/user", { method: "DELETE", body });
    sheet.close();
    toast("Your account was deleted.");
    await signOut();
  });
}
