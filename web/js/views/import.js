// Settings' import: a Todoist account (the server reads it with the person's API token, used once) or a project's
// Todoist CSV export, added in one step. What comes in and what is left out, the server decides and says.

import { api, post } from "../api.js";
import { loadProjects, tasksChanged } from "../state.js";
import { count, explain, field, formOf, h, rowList } from "../ui.js";

const TODOIST_DEVELOPER = "https://app.todoist.com/app/settings/integrations/developer";

/** Two ways in, a token or a CSV file, and one place where the import's progress and then its result show. */
export function importCard() {
  const outcome = h("div.import-result", { role: "status", "aria-live": "polite" });
  // Returns the words for the form's error line when the import did not happen; Todoist out of reach (502) is
  // the server's own sentence too, as it says what to do.
  const run = async (form, waiting, send) => {
    form.setAttribute("aria-busy", "true");
    // Under the card of the form used, where the eye is, even on a phone.
    form.parentNode.after(outcome);
    outcome.replaceChildren(h("p.hint.import-progress", { text: waiting }));
    outcome.scrollIntoView({ block: "center" });
    try {
      outcome.replaceChildren(resultCard(await send()));
      await loadProjects().catch(() => {});
      tasksChanged();
    } catch (error) {
      outcome.replaceChildren();
      return error.status === 502 ? error.message : explain(error);
    } finally {
      form.removeAttribute("aria-busy");
    }
  };

  const token = h("input.input", { type: "password", label: "Todoist API token", autocomplete: "off", spellcheck: "false", autocapitalize: "off" });
  const tokenForm = formOf([
    h("p.hint", { style: "margin-top:0" }, "Your projects, sections, labels, open tasks, comments and reminders come in one step. Find your token in Todoist's ",
      h("a", { href: TODOIST_DEVELOPER, target: "_blank", rel: "noopener noreferrer", text: "Settings › Integrations › Developer" }),
      ". It is used for this import only and is not kept."),
    field("Todoist API token", token),
  ], "Import from Todoist", () => (token.value.trim() ? run(tokenForm, "Reading your Todoist account… A large one can take a minute.", async () => {
    const report = await post("/user/import/todoist", { token: token.value.trim() });
    token.value = "";
    return report;
  }) : "Paste your Todoist API token first."), { class: "import-todoist" });

  const file = h("input.input", { type: "file", accept: ".csv,text/csv", label: "Todoist CSV file" });
  const fileForm = formOf([
    h("p.hint", { style: "margin-top:0", text: "In Todoist, a project's ⋯ menu › Export as a CSV file. The project comes in named after the file, with its sections, subtasks, labels and notes." }),
    field("Todoist CSV file", file),
  ], "Import CSV file", () => (file.files[0] ? run(fileForm, "Importing the CSV file…", async () => {
    const chosen = file.files[0];
    const report = await api(`/user/import/todoist-csv?name=${encodeURIComponent(chosen.name)}`, { method: "POST", body: new Blob([chosen], { type: "text/csv" }) });
    file.value = "";
    return report;
  }) : "Choose the CSV file Todoist exported first."), { class: "import-csv" });

  return h("div.import", {},
    h("h3.group-label.plain", { text: "From your Todoist account" }),
    h("div.card.boxed", {}, tokenForm),
    h("h3.group-label.plain", { text: "From a Todoist CSV export" }),
    h("div.card.boxed", {}, fileForm),
    outcome);
}

/** What came in ("Imported 2 projects, 5 tasks…"), what was left out, and a link to each new project. */
function resultCard(report) {
  const done = report.imported;
  const parts = [count(done.projects, "project"), count(done.tasks, "task"), count(done.sections, "section"), count(done.labels, "label"), count(done.comments, "comment")];
  if (report.reminders_read) parts.push(count(done.reminders, "reminder"));
  const said = `Imported ${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}.`;
  const leftOut = [
    ...report.unread_recurrences.map((unread) => `“${unread.task}” keeps its next date without repeating: Kairos can't read “${unread.due_string}”.`),
    report.skipped_reminders ? `Left out ${count(report.skipped_reminders, "reminder")} Kairos can't keep (location, past, or before a due time the task doesn't have).` : null,
    report.source === "todoist" && !report.reminders_read ? "Reminders were not imported: this Todoist doesn't offer its Sync API." : null,
  ].filter(Boolean);
  const links = done.new_projects.map((project) => h("a.row", { href: `#/projects/${encodeURIComponent(project.id)}` },
    h("span.grow", { text: project.name }), h("span.chev", { icon: "chevron" })));
  return h("div", {},
    h("h3.group-label.plain", { text: "Imported" }),
    h("div.card.boxed", {}, h("p.import-summary", { style: "margin:0", text: said }),
      leftOut.length ? h("ul.import-left-out.hint", { style: "margin-bottom:0" }, leftOut.map((line) => h("li", { text: line }))) : null),
    links.length ? rowList(".import-projects", links, { label: "Imported projects", style: "margin-top:12px" }) : null);
}
