// Time: the stopwatch with Pause and Stop, the last seven days of tracked time, per day, with the streak
// and estimate against actual.

import { api, post } from "../api.js";
import { clock, dayText, hoursMinutes } from "../dates.js";
import { tasksChanged } from "../state.js";
import { button, count, fill, h, rowList, screenHeader, toast, told } from "../ui.js";

export async function renderTime(view) {
  const [report, watch] = await Promise.all([api("/time/report"), api("/time/timer")]);
  const running = watch.state === "running" || watch.state === "paused";
  const task = running ? await api(`/tasks/${watch.task_id}`).catch(() => null) : null;
  const max = Math.max(...report.days.map((d) => d.seconds), 1);
  const bars = h("div.card.bars", { role: "img", label: report.days.map((d) => `${weekday(d.date)} ${hoursMinutes(d.seconds)}`).join(", ") },
    report.days.map((d) =>
      h("div.bar", {},
        h("div", { class: `fill${d.seconds ? "" : " zero"}`, style: `height:${Math.max(2, (d.seconds / max) * 100)}%`, title: hoursMinutes(d.seconds) }),
        h("span.day", { text: weekday(d.date).slice(0, 2) }))));
  const stats = h("div.stat-grid", {},
    stat(hoursMinutes(report.total_seconds), "Tracked in 7 days"),
    stat(count(report.streak.current_days, "day"), `Streak · best ${report.streak.longest_days}`));
  const act = (step) => told(post(`/time/timer/${step}`).then((reading) => {
    if (step === "stop") toast(`Stopped. ${hoursMinutes(reading.elapsed_seconds)} on “${task?.content ?? "the task"}”.`);
    tasksChanged();
  }));
  const controls = h("div.timer-controls", {},
    button({ class: "btn small", text: watch.state === "running" ? "Pause" : "Resume", on: { click: () => act(watch.state === "running" ? "pause" : "resume") } }),
    button({ class: "btn small danger", text: "Stop", on: { click: () => act("stop") } }));
  const body = [running && stopwatchCard(watch, task?.content, controls), stats, h("h2.section-title", { text: "Per day" }), bars];
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

/** The running or paused stopwatch: its task and the time so far, ticking; `trailing` follows the time. */
export function stopwatchCard(watch, taskName, trailing, tag = "div") {
  const receivedAt = performance.now();
  const elapsed = h("span.elapsed", { role: "timer" });
  const tick = () => {
    if (!elapsed.isConnected && performance.now() - receivedAt > 2000) return clearInterval(timer);
    const extra = watch.state === "running" ? (performance.now() - receivedAt) / 1000 : 0;
    elapsed.textContent = clock(watch.elapsed_seconds + extra);
  };
  const timer = setInterval(tick, 1000);
  tick();
  return h(`${tag}.card.timer-card`, tag === "a" ? { href: "#/time" } : {},
    h("span.lead", { icon: "time" }),
    h("div.grow", {}, h("div.subtitle", { text: watch.state === "running" ? "Timing" : "Paused" }), h("strong", { text: taskName ?? "A task" })),
    elapsed, trailing);
}
