// Time: the last seven days of tracked time, per day, with the streak and estimate against actual.

import { api } from "../api.js";
import { dayText, hoursMinutes } from "../dates.js";
import { count, fill, h, rowList, screenHeader } from "../ui.js";

export async function renderTime(view) {
  const report = await api("/time/report");
  const max = Math.max(...report.days.map((d) => d.seconds), 1);
  const bars = h("div.card.bars", { role: "img", label: report.days.map((d) => `${weekday(d.date)} ${hoursMinutes(d.seconds)}`).join(", ") },
    report.days.map((d) =>
      h("div.bar", {},
        h("div", { class: `fill${d.seconds ? "" : " zero"}`, style: `height:${Math.max(2, (d.seconds / max) * 100)}%`, title: hoursMinutes(d.seconds) }),
        h("span.day", { text: weekday(d.date).slice(0, 2) }))));
  const stats = h("div.stat-grid", {},
    stat(hoursMinutes(report.total_seconds), "Tracked in 7 days"),
    stat(count(report.streak.current_days, "day"), `Streak · best ${report.streak.longest_days}`));
  const body = [stats, h("h2.section-title", { text: "Per day" }), bars];
  const tasks = report.tasks.slice(0, 12);
  if (tasks.length) {
    body.push(h("h2.section-title", { text: "Estimate and actual" }),
      rowList("", tasks.map((t) => h("div.row.est-row", {}, h("span.grow", { text: t.content }),
        h("span.nums", { text: t.estimate_seconds ? `${hoursMinutes(t.actual_seconds)} of ${hoursMinutes(t.estimate_seconds)}` : hoursMinutes(t.actual_seconds) })))));
  } else {
    body.push(h("p.hint.center", { text: "Start the stopwatch from a task to see where your time goes." }));
  }
  fill(view, screenHeader("Time", "The last 7 days"), ...body);
}

function stat(number, label) {
  return h("div.card.stat", {}, h("div.num", { text: number }), h("div.lbl", { text: label }));
}

const weekday = (iso) => dayText(iso, { weekday: "long" });
