// Notifications: mentions, messages, assignments and task changes, newest first; one opens its thread or task.

import { api } from "../api.js";
import { dateIn, shortDate, timeOfDay, todayIn } from "../dates.js";
import { userTimeZone } from "../state.js";
import { button, emptyState, explain, fill, h, screenHeader, toast } from "../ui.js";
import { openTaskDetail } from "./detail.js";
import { backBar } from "./tasks.js";

const kindIcon = { mention: "messages", message: "messages", assigned: "tasks", "task.completed": "check", "task.reopened": "tasks" };

/** The bell on Home: a link to the notifications with a quiet unread count. */
export function notificationBell(unread) {
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return h("a.icon-btn.filled.bell", { href: "#/notifications", label, icon: "bell" },
    unread ? h("span.bell-count", { text: unread > 99 ? "99+" : String(unread), "aria-hidden": "true" }) : null);
}

export async function renderNotifications(view) {
  // The screen redraws itself after the route has moved its nodes into the page, so it draws into its own box.
  const screen = h("div");
  view.append(screen);
  await load(screen);
}

async function load(screen) {
  const page = await api("/notifications?limit=100");
  draw(screen, page.results);
}

function draw(view, items) {
  const unread = items.filter((n) => !n.read_at).length;
  const markAll = unread
    ? button({ class: "link-btn", text: "Mark all read", on: { click: () => markAllRead(view, items) } })
    : null;
  const rows = items.map((n) => h("li", {},
    button({ class: `row notification${n.read_at ? "" : " unread"}`, on: { click: () => openNotification(n, () => load(view)) } },
      h("span.kind", { icon: kindIcon[n.kind] ?? "bell" }),
      h("span.grow", {}, h("span.text", { text: n.text }), h("span.when", { text: when(n.created_at) })),
      n.read_at ? null : h("span.dot", { label: "Unread", role: "img" }))));
  fill(view, backBar("#/home", "Home"),
    screenHeader("Notifications", unread ? `${unread} unread` : "All caught up", markAll),
    rows.length ? h("ul.list.card.icons.notifications", { role: "list" }, rows)
      : emptyState("bell", "Nothing new", "Mentions, assignments and finished tasks show up here."));
}

async function markAllRead(view, items) {
  try {
    await api("/notifications/read", { method: "POST", body: { all: true } });
    const now = new Date().toISOString();
    draw(view, items.map((n) => ({ ...n, read_at: n.read_at ?? now })));
  } catch (error) {
    toast(explain(error));
  }
}

async function openNotification(n, refresh) {
  try {
    if (!n.read_at) await api("/notifications/read", { method: "POST", body: { ids: [n.id] } });
    if (n.conversation_id) {
      location.hash = `#/messages/${n.conversation_id}`;
    } else if (n.task_id) {
      openTaskDetail(await api(`/tasks/${n.task_id}`));
      await refresh();
    }
  } catch (error) {
    toast(error?.status === 404 ? "That's no longer there." : explain(error));
  }
}

function when(timestamp) {
  const tz = userTimeZone();
  const instant = new Date(timestamp);
  const day = dateIn(instant, tz);
  const today = todayIn(tz);
  return day === today ? timeOfDay(instant, tz) : `${shortDate(day, today)}, ${timeOfDay(instant, tz)}`;
}
