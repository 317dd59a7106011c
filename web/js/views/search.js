// Search: the user's open tasks and messages (from Messages, messages only; from a thread, that thread); from
// Home, a question about what someone promised is answered with why each thing was found.

import { api } from "../api.js";
import { projectById, state } from "../state.js";
import { button, emptyState, explain, fill, h, rowList, screenHeader } from "../ui.js";
import { openTaskById } from "./detail.js";
import { backBar } from "./tasks.js";

export const searchButton = (href = "#/search", label = "Search") => h("a.icon-btn.filled", { href, label, icon: "search" });

export function renderSearch(view, { conversationId: c, messages } = {}) {
  const [label, scope, ...back] = c ? ["Search this conversation", `&conversation_id=${c}`, `#/messages/${c}`, "Back"]
    : messages ? ["Search messages", "&kind=message", "#/messages", "Messages"] : ["Search tasks and messages", "", "#/home", "Home"];
  const input = h("input.input.search-field", { type: "search", label, placeholder: label, autofocus: true, enterkeyhint: "search", maxlength: 500 });
  const results = h("div.search-results", { "aria-live": "polite" });
  let timer = null;
  let asked = 0;
  const run = async () => {
    const q = input.value.trim();
    const id = ++asked;
    if (!q) return fill(results);
    try {
      // The whole-app search also answers "what did I promise Ben"; a conversation's search stays a plain one.
      const answer = scope ? null : await api(`/search/answer?q=${encodeURIComponent(q)}&limit=50`);
      const page = answer ? answer.hits : await api(`/search?q=${encodeURIComponent(q)}&limit=50${scope}`);
      if (id !== asked) return;
      if (answer?.answered) drawAnswer(results, answer);
      else draw(results, page.results, q);
    } catch (error) {
      if (id === asked) fill(results, h("p.hint", { text: explain(error) }));
    }
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, 250);
  });
  const form = h("form", { role: "search", on: { submit: (event) => { event.preventDefault(); clearTimeout(timer); run(); } } }, input);
  fill(view, backBar(...back), screenHeader("Search"), form, results);
  return () => clearTimeout(timer);
}

function draw(results, hits, q) {
  if (!hits.length) return fill(results, emptyState("search", "No matches", `Nothing has “${q}” in it.`));
  fill(results, rowList(".icons.feed", hits.map((hit) =>
    button({ class: "row search-hit", data: { kind: hit.kind }, on: { click: () => openHit(hit) } },
      h("span.kind", { icon: hit.kind === "task" ? "tasks" : "messages" }),
      h("span.grow", {}, h("span.text", {}, highlighted(hit.snippet)),
        h("span.when", { text: hit.kind === "task" ? projectById(hit.project_id)?.name ?? "Task" : whereSaid(hit) }))))));
}

/** A commitment question's answer: each task, commitment or message with the reason it was found. */
function drawAnswer(results, { question, results: found }) {
  const who = question.person.name;
  if (!found.length) return fill(results, emptyState("search", "Nothing found", `Nothing you and ${who} promised or asked matches.`));
  fill(results, rowList(".icons.feed.answer", found.map((item) =>
    button({ class: "row search-hit", data: { kind: item.kind }, on: { click: () => openFound(item) } },
      h("span.kind", { icon: item.kind === "task" ? "tasks" : "messages" }),
      h("span.grow", {}, h(`span.text${item.is_done ? ".done" : ""}`, {}, item.title ?? highlighted(item.snippet)),
        h("span.when.reason", { text: item.reason }))))));
}

const openFound = (item) => (item.task_id ? openTaskById(item.task_id) : (location.hash = `#/messages/${item.conversation_id}/at/${item.message_id}`));

/** Who wrote a message hit and in which thread: "Bob", "You · Bob", "Carol · Band". */
const whereSaid = (hit) => [...new Set([hit.author_id === state.user.id ? "You" : hit.author_name ?? "Deleted user", hit.conversation_name])].join(" · ");

/** The snippet as text and <mark> elements only, whatever else it holds; a template keeps its spaces. */
function highlighted(snippet) {
  const parsed = h("template");
  parsed.innerHTML = snippet;
  return [...parsed.content.childNodes].map((node) => (node.nodeName === "MARK" ? h("mark", { text: node.textContent }) : node.textContent));
}

const openHit = (hit) => (hit.kind === "task" ? openTaskById(hit.id) : (location.hash = `#/messages/${hit.conversation_id}`));
