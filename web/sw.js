// Kairos service worker: answers the app shell from its cache, so an installed app starts without waiting
// for the network, and keeps the last API answers for offline reading (the API is network-first). The
// server puts `const VERSION` above this file, changed whenever any file of the app changes: a new version
// is a new worker, which caches the new shell for the next start and drops the old one.

const SHELL = `kairos-shell-${VERSION}`;
const API = "kairos-api";
const SHELL_FILES = [
  "/", "/css/app.css", "/manifest.webmanifest", "/icons/icon.svg",
  "/js/app.js", "/js/api.js", "/js/dates.js", "/js/first-paint.js", "/js/gestures.js", "/js/icons.js", "/js/live.js",
  "/js/offline.js", "/js/push.js", "/js/state.js", "/js/tasklist.js", "/js/theme.js", "/js/ui.js", "/js/views/auth.js", "/js/views/calendar.js",
  "/js/views/capture.js", "/js/views/detail.js", "/js/views/done.js", "/js/views/home.js", "/js/views/messages.js",
  "/js/views/notifications.js", "/js/views/onboarding.js", "/js/views/search.js", "/js/views/settings.js",
  "/js/views/sharing.js", "/js/views/tasks.js", "/js/views/time.js", "/js/views/attachments.js",
  "/js/views/composer.js", "/js/views/message-actions.js", "/js/views/thread-info.js", "/js/views/thread-ai.js", "/js/views/invite.js",
  "/js/views/privacy.js", "/js/views/lists.js", "/js/views/assistant.js",
  "/js/views/notes.js", "/js/views/mentions.js", "/js/views/summary.js", "/js/views/hooks.js", "/js/views/feeds.js",
  "/js/views/import.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== API).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // The event feed is only useful live; everything else falls back to its last copy when offline.
  if (url.pathname === "/api/v1/events") return;
  if (url.pathname.startsWith("/api/")) return event.respondWith(networkFirst(request, API));
  event.respondWith(shellFirst(request));
});

async function shellFirst(request) {
  const path = new URL(request.url).pathname;
  const cached = SHELL_FILES.includes(path) && (await caches.open(SHELL).then((cache) => cache.match(path)));
  return cached || networkFirst(request, SHELL);
}

async function networkFirst(request, cacheName) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: false });
    if (cached) return cached;
    if (request.mode === "navigate") {
      const shell = await caches.match("/");
      if (shell) return shell;
    }
    throw error;
  }
}

// A notice from the server (Sources/KairosCore/Models/Notice.swift): Done and Snooze work from the notification
// itself; a reminder's repeats share a tag, so the latest replaces the one before.
self.addEventListener("push", (event) => {
  let notice = null;
  try {
    notice = event.data?.json();
  } catch {}
  // A push must show something (userVisibleOnly); one that cannot be read shows a plain line.
  const shown = notice?.title ? notice : { title: "Kairos", body: "Something new in Kairos." };
  event.waitUntil(self.registration.showNotification(shown.title, {
    body: shown.body, tag: shown.tag, renotify: !!shown.tag, data: notice, icon: "/icons/icon-192.png",
    actions: (shown.actions ?? []).filter((a) => a.action !== "open").map(({ action, title }) => ({ action, title })),
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(answer(event.notification.data, event.action));
});

async function answer(notice, action) {
  const button = notice?.actions?.find((a) => a.action === action && action !== "open");
  const send = (url) => url && fetch(url, { method: "POST", credentials: "omit" }).catch(() => {});
  if (button) return send(button.url);
  await send(notice?.acknowledge_url);
  const url = new URL(notice?.url ?? "/", self.location.origin);
  // Only the app's own pages: a link elsewhere opens the app.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  const open = (await self.clients.matchAll({ type: "window", includeUncontrolled: true }))[0];
  if (!open) return self.clients.openWindow(target);
  await open.focus().catch(() => {});
  return open.navigate(target).catch(() => self.clients.openWindow(target));
}
