// Notifications: mentions, messages, assignments and task changes, newest first; one opens its thread or task.

import { api, post } from "../api.js";
import { stamp } from "../dates.js";
import { onLiveEvent } from "../live.js";
import { userTimeZone } from "../state.js";
import { button, emptyState, fill, h, openMenu, rowList, screenHeader, toast, told } from "../ui.js";
import { openTaskById } from "./detail.js";
import { backBar } from "./tasks.js";

const kindIcon = { mention: "messages", digest: "messages", message: "messages", assigned: "tasks", "task.completed": "check", "task.reopened": "tasks" };

let bell = null;
/** Recounts Home's bell, if it shows. */
export const recountBell = () => bell?.isConnected && api("/notifications/unread_count").then(({ unread_count: n }) => bell.replaceWith(notificationBell(n)), () => {});

/** The bell on Home: a link to the notifications with a quiet unread count, kept current live. */
export function notificationBell(unread) {
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return (bell = h("a.icon-btn.filled.bell", { href: "#/notifications", label, icon: "bell" },
    unread ? h("span.bell-count", { text: unread > 99 ? "99+" : String(unread), "aria-hidden": "true" }) : null));
}

export async function renderNotifications(view) {
  // Drawn into its own box, which the route moves into the page, so redraws land where they show.
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
  const markAll = unread && button({ class: "link-btn", text: "Mark all read", on: { click: () => told(post("/notifications/read", { all: true }).then(() => load(view))) } });
  const rows = items.map((n) => [button({ class: `row notification${n.read_at ? "" : " unread"}`, on: { click: () => openNotification(n, () => load(view)) } },
    h("span.kind", { icon: kindIcon[n.kind] ?? "bell" }),
    h("span.grow", {}, h("span.text", { text: n.text }), h("span.when", { text: stamp(n.created_at, userTimeZone()) })),
    n.read_at ? null : h("span.dot", { label: "Unread", role: "img" })),
  n.kind === "reminder" && n.task_id && button({ class: "link-btn", text: "Snooze", label: `Snooze ${n.text}`, on: { click: () => snooze(n, () => load(view)) } })]);
  fill(view, backBar("#/home", "Home"),
    screenHeader("Notifications", unread ? `${unread} unread` : "All caught up", markAll),
    rows.length ? rowList(".icons.feed.notifications", rows)
      : emptyState("bell", "Nothing new", "Mentions, assignments and finished tasks show up here."));
}

// SnoozeChoice in Swift: its values and labels.
const snoozeChoices = [["10m", "In 10 minutes"], ["1h", "In an hour"], ["evening", "This evening"], ["morning", "Tomorrow morning"]];

/** Offers the snooze choices for a reminder in the feed; it snoozes the task's reminder that went off last. */
function snooze(n, refresh) {
  openMenu("Remind me again", snoozeChoices.map(([choice, label]) => [label, () => told((async () => {
    const reminders = (await api(`/reminders?task_id=${n.task_id}`)).results;
    const latest = reminders.find((r) => r.again) ?? reminders.filter((r) => r.fired_at).sort((a, b) => b.fired_at.localeCompare(a.fired_at))[0];
    if (!latest) return toast("That reminder is no longer there.");
    await post(`/reminders/${latest.id}/snooze`, { for: choice });
    toast(`Kairos will remind you ${label.toLowerCase()}.`);
    await refresh();
  })())]));
}

async function openNotification(n, refresh) {
  if (!n.read_at) await told(post("/notifications/read", { ids: [n.id] }));
  if (n.conversation_id) location.hash = n.kind === "digest" && n.message_id ? `#/messages/${n.conversation_id}/at/${n.message_id}` : `#/messages/${n.conversation_id}`;
  else if (n.kind === "digest") location.hash = "#/home";
  else if (n.task_id) {
    await openTaskById(n.task_id, "That's no longer there.");
    told(refresh());
  }
}

// A new notification: a reminder going off shows as a toast, and any shows on the device while Kairos is
// open but not in front, unless the device is subscribed to pushes, which bring what should ring it.
onLiveEvent(async (event) => {
  if (event.kind !== "notification.created") return;
  const newest = (await api("/notifications?limit=1").catch(() => null))?.results?.[0];
  if (newest?.kind === "reminder") toast(newest.text, { duration: 10000 });
  if (newest && window.Notification?.permission === "granted" && !document.hasFocus()
    && !(await (await navigator.serviceWorker?.getRegistration())?.pushManager?.getSubscription())) new Notification("Kairos", { body: newest.text, tag: newest.id });
});
