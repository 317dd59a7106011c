// The app shell: signed-in check, hash routes, the tab bar and the capture button.

import { api, clientId, endSession, post, session, SIGNED_OUT } from "./api.js";
import { onLiveEvent, startLive, stopLive } from "./live.js";
import { startOutbox } from "./offline.js";
import { changes, inboxProject, loadProjects, loadUser, state, tasksChanged } from "./state.js";
import { applyTheme, currentTheme } from "./theme.js";
import { button, h, SOMETHING_WRONG } from "./ui.js";
import { openCapture } from "./views/capture.js";
import { openTaskById } from "./views/detail.js";
import { renderHome } from "./views/home.js";
import { recountBell, renderNotifications } from "./views/notifications.js";
import { renderSearch } from "./views/search.js";
import { renderCompleted, renderProject, renderTasks } from "./views/tasks.js";
import { renderTime } from "./views/time.js";

// Screens a start seldom opens load when first needed (and, once the first screen is up, ahead of
// that), which keeps what a phone fetches before its first screen small.
const later = {
  assistant: () => import("./views/assistant.js"),
  auth: () => import("./views/auth.js"),
  calendar: () => import("./views/calendar.js"),
  invite: () => import("./views/invite.js"),
  messages: () => import("./views/messages.js"),
  notes: () => import("./views/notes.js"),
  onboarding: () => import("./views/onboarding.js"),
  settings: () => import("./views/settings.js"),
};

const tabs = [
  ["home", "Home", "#/home"],
  ["tasks", "Tasks", "#/tasks/today"],
  ["messages", "Messages", "#/messages"],
  ["assistant", "Assistant", "#/assistant"],
  ["time", "Time", "#/time"],
  ["settings", "Settings", "#/settings"],
];

/** [pattern, tab, render(view, match)]; a render may return a cleanup function. */
const routes = [
  [/^#\/home$/, "home", renderHome],
  [/^#\/notifications$/, "home", renderNotifications],
  [/^#\/search$/, "home", renderSearch],
  [/^#\/tasks\/(inbox|today|upcoming|projects|filters)$/, "tasks", (view, m) => renderTasks(view, { segment: m[1] })],
  [/^#\/projects\/([\w-]+)$/, "tasks", (view, m) => renderProject(view, { id: m[1] })],
  [/^#\/calendar$/, "tasks", async (view) => (await later.calendar()).renderCalendar(view)],
  [/^#\/completed$/, "tasks", renderCompleted],
  // A notification's link: the task's sheet over Today, which stays when the sheet closes.
  [/^#\/task\/([\w-]+)$/, "tasks", (view, m) => {
    history.replaceState(null, "", "#/tasks/today");
    openTaskById(m[1]);
    return renderTasks(view, { segment: "today" });
  }],
  [/^#\/welcome$/, "home", async (view) => (await later.onboarding()).renderOnboarding(view)],
  [/^#\/messages$/, "messages", async (view) => (await later.messages()).renderMessages(view)],
  [/^#\/messages\/search(?:\/([\w-]+))?$/, "messages", (view, m) => renderSearch(view, { conversationId: m[1], messages: true })],
  [/^#\/messages\/([\w-]+)(?:\/at\/(\d+))?$/, "messages", async (view, m) => (await later.messages()).renderThread(view, { id: m[1], at: m[2] })],
  [/^#\/notes$/, "messages", async (view) => (await later.notes()).renderNotes(view)],
  [/^#\/assistant$/, "assistant", async (view) => (await later.assistant()).renderAssistant(view)],
  [/^#\/time$/, "time", renderTime],
  [/^#\/settings$/, "settings", async (view) => (await later.settings()).renderSettings(view, signOut)],
];

const app = document.getElementById("app");
const view = document.getElementById("view");
const tabbar = document.getElementById("tabbar");
const fab = button({ class: "fab", label: "Capture", hidden: true, icon: "mic", on: { click: () => openCapture() } });
app.append(fab);

let cleanup = null;
let renderCount = 0;
let currentTab = null;
let firstScreen = true;

async function route({ keepPlace = false } = {}) {
  const hash = location.hash || "#/home";
  const invitation = hash.match(/^#\/invite\/([A-Za-z0-9_-]{43})$/);
  if (invitation) return showInvite(invitation[1]);
  const emailed = hash.match(/^#\/(reset|signin)\/([A-Za-z0-9_-]{43})$/);
  if (emailed) {
    leaveShell();
    stopLive();
    return (await later.auth()).renderEmailedLink(view, { kind: emailed[1], token: emailed[2] }, { signedIn });
  }
  const provider = hash.match(/^#\/oidc\/(?:error\/([a-z_]+)|([A-Za-z0-9_-]{43}))$/);
  if (provider) {
    leaveShell();
    stopLive();
    if (provider[1]) return showAuth("signin", provider[1]);
    return (await later.auth()).renderProviderReturn(view, { code: provider[2] }, { signedIn });
  }
  if (!session.token || !state.user) return showAuth(hash === "#/signin" || hash === "#/forgot" ? hash.slice(2) : "signup");
  const found = routes.map(([pattern, tab, render]) => [hash.match(pattern), tab, render]).find(([m]) => m);
  if (!found) {
    location.replace("#/home");
    return;
  }
  const [match, tab, render] = found;
  const id = ++renderCount;
  const focused = keepPlace && view.contains(document.activeElement) ? document.activeElement : null;
  const focusedLabel = focused?.getAttribute("aria-label");
  const scroll = window.scrollY;
  currentTab = tab;
  for (const link of tabbar.children) {
    if (link.dataset.tab === tab) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  fab.hidden = tab !== "tasks";
  cleanup?.();
  cleanup = null;
  const stage = document.createElement("div");
  try {
    const dispose = await render(stage, match);
    if (id !== renderCount) return typeof dispose === "function" && dispose();
    cleanup = typeof dispose === "function" ? dispose : null;
  } catch (error) {
    if (id !== renderCount) return;
    console.error(error);
    stage.replaceChildren(failedScreen(() => route()));
  }
  view.replaceChildren(...stage.childNodes);
  view.dataset.route = hash;
  if (keepPlace) {
    // A long list adds its rows over a few frames: scroll back once they reach that far.
    const restore = (frames) => {
      window.scrollTo(0, scroll);
      if (window.scrollY < scroll && frames) requestAnimationFrame(() => restore(frames - 1));
    };
    restore(20);
    const again = focusedLabel && view.querySelector(`[aria-label="${CSS.escape(focusedLabel)}"]`);
    again?.focus({ preventScroll: true });
    // What was typed while the screen redrew stays in the field.
    if (again && !again.value) again.value = focused.value;
  } else {
    window.scrollTo(0, 0);
    (view.querySelector("[autofocus]") ?? (firstScreen ? null : view))?.focus({ preventScroll: true });
  }
  markFirstScreen();
  document.title = `${tabs.find(([key]) => key === tab)[1]} · Kairos`;
}

// A teammate's change to a shared task or project reloads the open list in place, several at once as
// one, and never while the user is typing on it.
let reload = null;
let reloadProjects = false;
let reloadScreen = false;
onLiveEvent((event) => {
  if (!/^(task\.(updated|deleted)|project\.updated)$/.test(event.kind)) return;
  reloadProjects ||= event.kind === "project.updated";
  reloadScreen ||= shows(event);
  clearTimeout(reload);
  reload = setTimeout(reloadNow, 300);
});

async function reloadNow() {
  if (view.contains(document.activeElement) && document.activeElement.value) return (reload = setTimeout(reloadNow, 2000));
  const [projects, screen] = [reloadProjects, reloadScreen];
  reloadProjects = reloadScreen = false;
  if (projects) await loadProjects().catch(() => {});
  if (screen) tasksChanged();
}

/** Whether the open screen may show what the event names: a project's screen (or the Inbox) only its own. */
function shows({ project_id, task_id }) {
  const match = location.hash.match(/^#\/(?:projects\/([\w-]+)|tasks\/inbox)$/);
  if (!match) return /^#\/(home|tasks\/|calendar)/.test(location.hash);
  return project_id === (match[1] ?? inboxProject()?.id) || !!view.querySelector(`[data-id="${task_id}"]`);
}

function markFirstScreen() {
  if (!firstScreen) return;
  firstScreen = false;
  performance.mark("kairos:first-screen");
  const fetchAhead = () => Object.values(later).forEach((load) => load().catch(() => {}));
  if ("requestIdleCallback" in window) requestIdleCallback(fetchAhead, { timeout: 3000 });
  else setTimeout(fetchAhead, 1000);
}

/** Closes the current screen and hides the shell's tabs, for the screens of someone not signed in. */
function leaveShell() {
  cleanup?.();
  cleanup = null;
  tabbar.hidden = true;
  fab.hidden = true;
  app.classList.add("signed-out");
}

async function showAuth(mode, problem) {
  leaveShell();
  app.classList.remove("no-tabbar");
  if (location.hash !== `#/${mode}`) history.replaceState(null, "", `#/${mode}`);
  const { renderAuth } = await later.auth();
  renderAuth(view, { mode, problem }, { signedIn: mode === "signup" ? (user) => signedIn(user, "#/welcome") : signedIn });
  document.title = mode === "signup" ? "Create account · Kairos" : "Sign in · Kairos";
  markFirstScreen();
}

async function showInvite(token) {
  leaveShell();
  (await later.invite()).renderInvite(view, { token }, { signedIn });
  document.title = "Invitation · Kairos";
}

async function signedIn(user, destination = "#/home") {
  state.user = user;
  await loadProjects();
  showShell();
  location.hash = destination;
  if (location.hash === destination) route();
}

function showShell() {
  app.classList.remove("signed-out");
  tabbar.hidden = false;
  startLive(state.user);
  countUnread();
  reportOpen();
}

/**
 * Tells the server the app was opened (a start, or back in front), which decides whether Home shows what
 * was missed meanwhile; one that fails offline goes once the connection is back, saying when it was.
 */
function reportOpen() {
  const open = { open_id: clientId() };
  const at = new Date().toISOString();
  state.opened = post("/user/opened", open).catch(() => {
    addEventListener("online", () => post("/user/opened", { ...open, at }).catch(() => {}), { once: true });
  });
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || !state.user) return;
  reportOpen();
  if ((location.hash || "#/home") === "#/home") route({ keepPlace: true });
});

async function signOut() {
  stopLive();
  await endSession();
  state.user = null;
  state.projects = [];
  if ("caches" in window) await caches.delete("kairos-api").catch(() => {});
  location.hash = "#/signin";
}

function failedScreen(tryAgain) {
  return h("div.empty", {}, h("p.empty-title", { text: SOMETHING_WRONG }),
    button({ class: "btn primary", text: "Try again", on: { click: tryAgain } }));
}

const unread = h("span.badge", { hidden: true });

function buildTabbar() {
  tabbar.replaceChildren(...tabs.map(([key, label, href]) => h("a.tab", { href, data: { tab: key }, icon: key }, h("span", { text: label }), key === "messages" && unread)));
}

/** The Messages tab's badge and Home's bell recount as messages come and are read. */
const countUnread = () => api("/conversations/unread_count").then(({ unread_count: n }) => {
  unread.hidden = !n;
  unread.textContent = n;
}, () => {});
let recount = null;
onLiveEvent(({ kind, user_id }) => {
  if (!/^(message|notification)\.created$/.test(kind) && (kind !== "conversation.read" || user_id !== state.user?.id)) return;
  clearTimeout(recount);
  recount = setTimeout(() => {
    countUnread();
    recountBell();
  }, 300);
});

async function boot() {
  applyTheme(currentTheme());
  buildTabbar();
  window.addEventListener(SIGNED_OUT, signOut);
  window.addEventListener("hashchange", () => route());
  changes.addEventListener("tasks", () => ["home", "tasks", "time"].includes(currentTab) && route({ keepPlace: true }));
  if (session.token) {
    try {
      await Promise.all([loadUser(), loadProjects()]);
      showShell();
    } catch (error) {
      if (error.status !== 401) {
        view.replaceChildren(failedScreen(() => location.reload()));
        return;
      }
      session.token = null;
    }
  }
  await route();
  startOutbox();
  if ("serviceWorker" in navigator) {
    const register = () => navigator.serviceWorker.register("/sw.js").catch(() => {});
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register);
  }
}

boot();
