// Onboarding, once after sign-up: the time zone that defines "today" (the browser's preselected), the
// workdays and the daily brief's time. Notification permission is asked the first time the user
// follows a task, never on launch.

import { api } from "../api.js";
import { browserTimeZone } from "../dates.js";
import { onLiveEvent } from "../live.js";
import { state } from "../state.js";
import { explain, field, fill, formError, h, onSubmit } from "../ui.js";
import { briefControls } from "./settings.js";

const doneKey = () => `kairos.welcomed.${state.user.id}`;

export function renderOnboarding(view) {
  if (localStorage.getItem(doneKey())) {
    location.replace("#/home");
    return;
  }
  const tabbar = document.getElementById("tabbar");
  tabbar.hidden = true;
  const here = browserTimeZone();
  const zones = Intl.supportedValuesOf ? Intl.supportedValuesOf("timeZone") : [here];
  for (const zone of [state.user.timezone, here]) if (!zones.includes(zone)) zones.unshift(zone);
  const zone = h("select.select", { label: "Time zone" },
    zones.map((z) => h("option", { value: z, text: z.replaceAll("_", " "), selected: z === here })));
  const brief = briefControls(state.user);
  const error = formError();
  const go = h("button", { type: "submit", class: "btn primary block", text: "Continue" });
  const form = h("form.card.onboarding-card", {},
    field("Your time zone", zone),
    h("p.hint", { text: "Your \"today\", due times and quiet hours follow it." }),
    brief.fields,
    h("p.hint", { text: "Your daily brief comes then on your workdays. Settings can change all of this." }),
    h("p.hint", { text: "Kairos asks before showing notifications, the first time you follow a task.", icon: "bell" }),
    error, go);
  onSubmit(form, async () => {
    go.disabled = true;
    try {
      const body = { timezone: zone.value, workdays: brief.days.days(), daily_brief_time: brief.time.value || state.user.daily_brief_time };
      state.user = await api("/user", { method: "POST", body });
      localStorage.setItem(doneKey(), "1");
      location.hash = "#/home";
    } catch (failure) {
      error.textContent = explain(failure);
      go.disabled = false;
    }
  });
  fill(view, h("div.auth.onboarding", {},
    h("img.logo", { src: "/icons/icon.svg", alt: "" }),
    h("h1.large-title", { text: `Welcome, ${state.user.name.split(" ")[0]}` }),
    h("p.subtitle", { text: "A few things before you start." }),
    form));
  return () => (tabbar.hidden = false);
}

/** Asks for permission to show notifications, once, when the user first does something that sends them. */
export async function askForNotifications() {
  if (!("Notification" in window) || Notification.permission !== "default") return;
  await Notification.requestPermission().catch(() => {});
}

// A new notification shows on the device while Kairos is open but not in front.
onLiveEvent(async (event) => {
  if (event.kind !== "notification.created" || !("Notification" in window) || Notification.permission !== "granted" || document.hasFocus()) return;
  const newest = (await api("/notifications?limit=1").catch(() => null))?.results?.[0];
  if (newest) new Notification("Kairos", { body: newest.text, tag: newest.id });
});
