// Home: a greeting, the big capture button, a running stopwatch, the mentions missed while away, the brief's
// opening and Top 3 with the server's reason for each, today's tasks with when the next daily brief comes, and
// an inbox snapshot (tasks to sort, new mentions, unread messages, notes).

import { api } from "../api.js";
import { dayText, describeDue, hourMinuteIn, nextBrief, todayIn } from "../dates.js";
import { refreshable } from "../gestures.js";
import { taskList, tasksWhere } from "../tasklist.js";
import { inboxProject, state, userTimeZone } from "../state.js";
import { button, emptyState, h, rowList, screenHeader } from "../ui.js";
import { openCapture } from "./capture.js";
import { openTaskById } from "./detail.js";
import { missedMentionsCard } from "./mentions.js";
import { notificationBell } from "./notifications.js";
import { searchButton } from "./search.js";
import { stopwatchCard } from "./time.js";

const TOP = 5;

export async function renderHome(view) {
  const tz = userTimeZone();
  const [tasks, inbox, watch, notices, brief, missed, unread] = await Promise.all([
    tasksWhere("overdue | today", "today"),
    api(`/tasks?project_id=${inboxProject().id}&limit=200`),
    api("/time/timer"),
    api("/notifications/unread_count"),
    api("/brief"),
    // Read once this start's (or return's) open is recorded, which decides whether the user was away.
    Promise.resolve(state.opened).then(() => api("/mentions/digest")),
    api("/conversations/unread_count"),
  ]);
  const hour = Number(hourMinuteIn(new Date(), tz).slice(0, 2));
  const greeting = hour < 5 ? "Good evening" : hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening";
  const firstName = state.user.name.split(" ")[0];
  const dateLine = dayText(todayIn(tz), { weekday: "long", day: "numeric", month: "long" });

  const hero = button({ class: "capture-hero", on: { click: () => openCapture() } },
    h("span.mic", { icon: "mic" }),
    h("span", {}, h("strong", { text: "What's on your mind?" }), h("span", { text: "Say it or type it. Kairos makes the tasks." })));

  const body = [hero];
  if (watch.state === "running" || watch.state === "paused") {
    body.push(stopwatchCard(watch, [...tasks, ...inbox.results].find((t) => t.id === watch.task_id)?.content, h("span.chev", { icon: "chevron" }), "a"));
  }

  if (missed.groups.length) body.push(missedMentionsCard(missed));

  // The brief's opening, the order of the Top 3 and their reasons are the server's; Home only shows them.
  // An empty day already says so under Today: the card comes when the brief has something to rank.
  if (brief.top3.length || brief.model.used) {
    body.push(h("h2.section-title", { text: "Your brief" }), h("div.card.brief-card", {}, h("p", { text: brief.opening }),
      brief.model.used ? h("p.hint", { text: "Written by your server's AI model this morning." }) : null));
  }
  if (brief.top3.length) {
    body.push(h("h2.section-title", { text: "Top 3" }),
      rowList(".top-three", brief.top3.map(({ task, reason }) =>
        button({ class: "row pick", on: { click: () => openTaskById(task.id, "That's no longer there.") } },
          h("span.grow", {}, h("span.text", { text: task.content }), h("span.reason", { text: reason })),
          h("span.chev", { icon: "chevron" })))));
  }

  const still = tasks.filter((t) => describeDue(t.due, tz)?.state === "past").length;
  body.push(h("h2.section-title", { text: "Today" }), h("p.hint.brief", { text: nextBrief(state.user) }));
  if (tasks.length) {
    body.push(taskList(tasks.slice(0, TOP), { showProject: true }));
    const more = tasks.length > TOP ? `See all ${tasks.length}` : "Open Today";
    body.push(h("div.see-all", {}, h("a.link-btn", { href: "#/tasks/today", text: more })));
  } else {
    body.push(h("div.card", {}, emptyState("sun", "A calm day", "Nothing is due today.")));
  }

  const inboxCount = inbox.results.length + (inbox.next_cursor ? "+" : "");
  const snapshot = (href, icon, text, count) => h("a.row", { href }, h("span.lead", { icon }),
    h("span.grow", { text }), count === undefined ? null : h("span.count", { text: String(count) }), h("span.chev", { icon: "chevron" }));
  body.push(h("h2.section-title", { text: "Inbox" }),
    rowList(".icons", [
      snapshot("#/tasks/inbox", "inbox", "Tasks to sort", inboxCount),
      snapshot("#/notifications", "bell", "New mentions", brief.mentions.length),
      snapshot("#/messages", "messages", "Unread messages", unread.unread_count),
      snapshot("#/notes", "book", "Notes"),
    ]));

  const subtitle = still ? `${dateLine} · ${still} still on your list` : dateLine;
  return refreshable(view, screenHeader(`${greeting}, ${firstName}`, subtitle, searchButton(), notificationBell(notices.unread_count)), ...body);
}
