// A summary in a sheet: its bullets, decisions, blockers, open questions and next steps, as the server
// answered them for a thread or a note (points with a `sender` say who said it).

import { relativeDay, todayIn } from "../dates.js";
import { userTimeZone } from "../state.js";
import { emptyState, h, openSheet } from "../ui.js";

export function openSummarySheet(title, summary) {
  const today = todayIn(userTimeZone());
  const part = (name, items, line) => items.length
    ? [h("h3.summary-part", { text: name }), h("ul.summary-list", { label: name }, items.map((item) => h("li", { text: line(item) })))] : [];
  const point = (item) => (item.sender ? `${item.sender}: ${item.text}` : item.text);
  const step = (s) => [s.title, s.assignee && `· ${s.assignee}`, s.due && `· ${relativeDay(s.due.slice(0, 10), today)}`].filter(Boolean).join(" ");
  const parts = [part("Summary", summary.summary, point), part("Decisions", summary.decisions, point),
    part("Blockers", summary.blockers, point), part("Open questions", summary.open_questions, point),
    part("Next steps", summary.next_steps, step)].flat();
  const reason = summary.model.reason;
  const by = summary.model.used ? "Written by the server's model." : reason && reason !== "off" ? "Summarised offline: the model didn't answer." : "";
  openSheet({ title, content: h("div.summary", {}, parts.length ? parts : emptyState("book", "Nothing to summarise", "Write a little more first."), by && h("p.hint", { text: by })) });
}
