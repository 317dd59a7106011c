// Settings' calendars: private feeds of the person's due tasks for a calendar app, each address shown once when
// made, and how a CalDAV app signs in. What a feed holds, and how many one keeps, the server decides.

import { api, listAll, post } from "../api.js";
import { dateIn, shortDate, todayIn } from "../dates.js";
import { state, userTimeZone } from "../state.js";
import { button, copyButton, explain, field, formOf, h, openMenu, rowList, toast } from "../ui.js";

/** The feeds, each removable, the form that makes one (of all lists or one project), and a CalDAV app's sign-in. */
export async function calendarsCard() {
  const [feeds, projects] = await Promise.all([api("/calendar/feeds"), listAll("/projects")]).catch(() => []);
  if (!feeds) return h("div.card.pad", {}, h("p.hint", { text: "You're offline: your calendar feeds come back with the connection." }));
  const names = new Map(projects.map((project) => [project.id, project.name]));
  const named = (feed) => (feed.project_id ? names.get(feed.project_id) ?? "A list you no longer see" : "All your lists");
  const tz = userTimeZone();
  const list = h("div");
  const show = (results) => list.replaceChildren(results.length
    ? rowList(".feed.cal-feeds", results.map((feed) => h("div.row", {},
      h("span.grow", {}, h("span.text", { text: named(feed) }), h("span.when", { text: `Made ${shortDate(dateIn(new Date(feed.created_at), tz), todayIn(tz))}` })),
      button({ class: "icon-btn", icon: "close", label: `Delete the feed of ${named(feed)}`, on: { click: () => remove(feed) } }))))
    : h("p.hint", { text: "No feeds yet. A feed shows your tasks with a due in your calendar app." }));
  const reload = () => api("/calendar/feeds").then((page) => show(page.results), (error) => toast(explain(error)));
  const remove = (feed) => openMenu("Delete this feed?", [["Delete", () => api(`/calendar/feeds/${feed.id}`, { method: "DELETE" }).then(reload, (error) => toast(explain(error))), "danger"],
    ["Cancel", () => {}]], { preview: h("p.menu-preview", { text: `${named(feed)}: calendars subscribed to it stop getting your tasks.` }) });
  show(feeds.results);

  const scope = h("select.select", { label: "Tasks of" }, h("option", { value: "", text: "All your lists" }), projects.map((project) => h("option", { value: project.id, text: project.name })));
  const made = h("div");
  const form = formOf(field("Tasks of", scope), "New feed", async () => {
    const { url } = await post("/calendar/feeds", scope.value ? { project_id: scope.value } : {});
    made.replaceChildren(field("Feed address", h("input.input", { readonly: true, value: url, label: "Feed address", on: { focus: (event) => event.target.select() } })),
      h("div", { style: "display:flex;gap:8px;flex-wrap:wrap" }, copyButton(url), h("a.btn.small", { href: url.replace(/^https?:/, "webcal:"), text: "Open in calendar app" })),
      h("p.hint", { role: "alert", style: "margin-bottom:0", text: "Paste it into Google Calendar, Outlook or Apple Calendar as a subscription. Anyone with it can read your tasks: delete the feed to end it." }));
    made.style.marginTop = "16px";
    await reload();
  });
  const toToken = () => document.querySelector('[aria-label="Token name"]').focus();
  const signIn = [["Server", location.origin], ["User name", state.user.email], ["Password", "An app password"]];
  return h("div", {}, list, h("div.card.boxed", { style: "margin-top:12px" }, form, made),
    h("h2.group-label.plain", { text: "Apple Reminders, DAVx5, Thunderbird" }),
    rowList("", signIn.map(([name, value]) => h("div.row", {}, h("span.grow", { text: name }), h("span.value", { text: value })))),
    h("p.hint", {}, "Add Kairos there as a CalDAV account, with an app password from ",
      button({ class: "link-btn", style: "padding:0;min-height:0;font-size:15px", text: "API token", on: { click: toToken } }), " above. Your lists show there, and what you change in the app is changed here too."));
}
