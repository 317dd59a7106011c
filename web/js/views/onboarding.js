// Onboarding, once after sign-up: the time zone that defines "today" (the browser's preselected), the
// workdays and the daily brief's time. Notifications are offered after the first capture or reminder, never
// on launch.

import { post } from "../api.js";
import { browserTimeZone } from "../dates.js";
import { state } from "../state.js";
import { field, fill, formOf, h, welcome } from "../ui.js";
import { briefControls, zonePicker } from "./settings.js";

const doneKey = () => `kairos.welcomed.${state.user.id}`;

export function renderOnboarding(view) {
  if (localStorage.getItem(doneKey())) {
    location.replace("#/home");
    return;
  }
  const tabbar = document.getElementById("tabbar");
  tabbar.hidden = true;
  const zone = zonePicker(browserTimeZone(), state.user.timezone);
  const brief = briefControls(state.user);
  const form = formOf([
    field("Your time zone", zone),
    h("p.hint", { text: "Your \"today\", due times and quiet hours follow it." }),
    brief.fields,
    h("p.hint", { text: "Your daily brief comes then on your workdays. Settings can change all of this." }),
    h("p.hint", { text: "Kairos asks before showing reminders on this device, after your first capture or reminder.", icon: "bell" }),
  ], "Continue", async () => {
    const body = { timezone: zone.value, workdays: brief.days.days(), daily_brief_time: brief.time.value || state.user.daily_brief_time };
    state.user = await post("/user", body);
    localStorage.setItem(doneKey(), "1");
    location.hash = "#/home";
  }, { class: "card boxed" });
  const screen = welcome(`Welcome, ${state.user.name.split(" ")[0]}`, "A few things before you start.", form);
  screen.classList.add("onboarding");
  fill(view, screen);
  return () => (tabbar.hidden = false);
}
