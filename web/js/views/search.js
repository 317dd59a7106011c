// Search: one field over the user's open tasks and their conversations' messages, best match first.

import { api } from "../api.js";
import { projectById } from "../state.js";
import { button, emptyState, explain, fill, h, rowList, screenHeader } from "../ui.js";
import { openTaskById } from "./detail.js";
import { backBar } from "./tasks.js";

const WAIT_MS = 250;

export function searchButton() {
  return h("a.icon-btn.filled", { href: "#/search", label: "Search", icon: "search" });
}

export function renderSearch(view) {
  const input = h("input.input.search-field", { type: "search", label: "Search tasks and messages", placeholder: "Tasks and messages", autofocus: true, enterkeyhint: "search", maxlength: 500 });
  const results = h("div.search-results", { "aria-live": "polite" });
  let timer = null;
  let asked = 0;
  const run = async () => {
    const q = input.value.trim();
    const id = ++asked;
    if (!q) return fill(results);
    try {
      const page = await api(`/search?q=${encodeURIComponent(q)}&limit=50`);
      if (id === asked) draw(results, page.results, q);
    } catch (error) {
      if (id === asked) fill(results, h("p.hint", { text: explain(error) }));
    }
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, WAIT_MS);
  });
  const form = h("form", { role: "search", on: { submit: (event) => { event.preventDefault(); clearTimeout(timer); run(); } } }, input);
  fill(view, backBar("#/home", "Home"), screenHeader("Search"), form, results);
  return () => clearTimeout(timer);
}

function draw(results, hits, q) {
  if (!hits.length) return fill(results, emptyState("search", "No matches", `Nothing has “${q}” in it.`));
  fill(results, rowList(".icons.feed", hits.map((hit) =>
    button({ class: "row search-hit", data: { kind: hit.kind }, on: { click: () => openHit(hit) } },
      h("span.kind", { icon: hit.kind === "task" ? "tasks" : "messages" }),
      h("span.grow", {}, h("span.text", {}, highlighted(hit.snippet)),
        h("span.when", { text: hit.kind === "task" ? projectById(hit.project_id)?.name ?? "Task" : "Message" }))))));
}

/** The snippet as text nodes and <mark> elements only, whatever else it holds. */
function highlighted(snippet) {
  return snippet.split(/(<mark>.*?<\/mark>)/s).map((part) => {
    const mark = part.match(/^<mark>(.*)<\/mark>$/s);
    return mark ? h("mark", { text: unescape(mark[1]) }) : unescape(part);
  });
}

function unescape(text) {
  return new DOMParser().parseFromString(text, "text/html").documentElement.textContent;
}

function openHit(hit) {
  if (hit.kind === "message") {
    location.hash = `#/messages/${hit.conversation_id}`;
    return;
  }
  openTaskById(hit.id);
}
