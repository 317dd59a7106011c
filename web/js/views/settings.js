// Settings: account name and time zone, the daily brief's days and time, theme, and signing out.

import { api } from "../api.js";
import { browserTimeZone, nextBrief, weekdayName } from "../dates.js";
import { state } from "../state.js";
import { button, explain, field, fill, h, markChosen, screenHeader, toast } from "../ui.js";
import { applyTheme, currentTheme } from "../theme.js";
import { readReceiptsSetting } from "./messages.js";

export async function renderSettings(view, _params, { signOut }) {
  const user = state.user;
  const name = h("input.input", { type: "text", value: user.name, label: "Name", maxlength: 100, autocomplete: "name" });
  name.addEventListener("change", () => save({ name: name.value.trim() }, () => (name.value = user.name)));

  const zones = Intl.supportedValuesOf ? Intl.supportedValuesOf("timeZone") : [user.timezone];
  if (!zones.includes(user.timezone)) zones.unshift(user.timezone);
  const zone = h("select.select", { label: "Time zone" }, zones.map((z) => h("option", { value: z, text: z.replaceAll("_", " "), selected: z === user.timezone })));
  zone.addEventListener("change", () => save({ timezone: zone.value }, () => (zone.value = user.timezone)));
  const browserZone = browserTimeZone();
  const zoneHint = browserZone !== user.timezone
    ? h("p.hint", {}, `This device is on ${browserZone.replaceAll("_", " ")}. `,
      button({ class: "link-btn", style: "padding:0;min-height:0;font-size:15px", text: "Use it", on: { click: () => { zone.value = browserZone; zone.dispatchEvent(new Event("change")); } } }))
    : h("p.hint", { text: "Your \"today\" follows this time zone." });

  const themes = [["system", "System"], ["light", "Light"], ["dark", "Dark"]];
  const themeControl = h("div.segmented", { role: "group", label: "Appearance" },
    themes.map(([key, label]) => button({ text: label, "aria-pressed": String(currentTheme() === key), on: { click: (event) => {
      applyTheme(key);
      markChosen(event.currentTarget);
    } } })));

  const quietCard = quietHours(user, (change, revert) => save(change, revert));
  const brief = briefControls(user, (change) => save(change, () => {
    brief.days.show(user.workdays);
    brief.time.value = user.daily_brief_time;
  }));
  const briefHint = h("p.hint.brief", { style: "margin-bottom:0", text: nextBrief(user) });

  // One save at a time, so quick taps reach the server in the order they were made.
  let saving = Promise.resolve();
  const save = (change, revert) => (saving = saving.then(async () => {
    try {
      state.user = await api("/user", { method: "POST", body: change });
      Object.assign(user, state.user);
      briefHint.textContent = nextBrief(user);
      toast("Saved");
    } catch (error) {
      revert();
      toast(explain(error));
    }
  }));

  fill(view,
    screenHeader("Settings", user.email),
    h("h2.group-label", { text: "Account" }),
    h("div.card", { style: "padding:16px" },
      field("Name", name),
      h("label.field", { style: "margin:0" }, h("span", { text: "Time zone" }), zone), zoneHint),
    h("h2.group-label", { text: "Notifications" }),
    quietCard,
    h("h2.group-label", { text: "Appearance" }),
    h("div.card", { style: "padding:4px 16px" }, themeControl),
    h("h2.group-label", { text: "Daily brief" }),
    h("div.card", { style: "padding:16px" }, brief.fields, briefHint),
    h("h2.group-label", { text: "Messages" }),
    readReceiptsSetting(user, save),
    h("h2.group-label", { text: "About" }),
    h("ul.list.card", { role: "list" },
      h("li", {}, h("div.row", {}, h("span.grow", { text: "Kairos" }), h("span.value", { text: "Web app" }))),
      h("li", {}, h("div.row", {}, h("span.grow", { text: "Signed in as" }), h("span.value", { text: user.email })))),
    h("div", { style: "margin-top:28px" }, button({ class: "btn block", text: "Sign out", on: { click: signOut } })),
  );
}

/** Quiet hours: a switch, and from/to times in the user's time zone while it is on. */
function quietHours(user, save) {
  const current = user.quiet_hours;
  const enabled = h("input", { type: "checkbox", class: "switch-input", role: "switch", label: "Quiet hours", checked: Boolean(current) });
  const start = h("input.input.time", { type: "time", label: "Quiet from", value: current?.start ?? "22:00" });
  const end = h("input.input.time", { type: "time", label: "Quiet until", value: current?.end ?? "07:00" });
  const times = h("div.quiet-times", { hidden: !current }, field("From", start), field("Until", end));
  const saveTimes = () => {
    const previous = user.quiet_hours;
    const revert = () => {
      enabled.checked = Boolean(previous);
      times.hidden = !previous;
      if (previous) [start.value, end.value] = [previous.start, previous.end];
    };
    if (!enabled.checked) return save({ quiet_hours: null }, revert);
    if (!start.value || !end.value) return;
    save({ quiet_hours: { start: start.value, end: end.value } }, revert);
  };
  enabled.addEventListener("change", () => {
    times.hidden = !enabled.checked;
    saveTimes();
  });
  start.addEventListener("change", saveTimes);
  end.addEventListener("change", saveTimes);
  return h("div.card", { style: "padding:4px 16px 12px" },
    h("label.row.switch-row", {}, h("span.grow", { text: "Quiet hours" }), enabled),
    times,
    h("p.hint", { text: "During these hours notifications wait in the list and are not pushed." }));
}

/** The workdays and the brief time, for onboarding and Settings; `onChange(change)` gets each edit. */
export function briefControls(user, onChange) {
  const days = workdaysPicker(user.workdays, (workdays) => onChange?.({ workdays }));
  const time = h("input.input.time", { type: "time", label: "Brief time", value: user.daily_brief_time, required: true });
  time.addEventListener("change", () => time.value && onChange?.({ daily_brief_time: time.value }));
  return { days, time, fields: [h("div.field", {}, h("span", { text: "Workdays" }), days), field("Brief time", time)] };
}

/** Seven toggles, Monday first; `days()` gives the ISO weekday numbers picked, never none. */
function workdaysPicker(initial, onChange) {
  const group = h("div.segmented", { role: "group", label: "Workdays" }, [1, 2, 3, 4, 5, 6, 7].map((day) =>
    button({ text: weekdayName(day, "short"), label: weekdayName(day, "long"), on: { click: () => {
      const days = group.days();
      if (days.includes(day) && days.length === 1) return toast("Keep at least one workday.");
      group.show(days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort());
      onChange(group.days());
    } } })));
  group.days = () => [...group.children].flatMap((toggle, i) => (toggle.ariaPressed === "true" ? [i + 1] : []));
  group.show = (days) => [...group.children].forEach((toggle, i) => (toggle.ariaPressed = String(days.includes(i + 1))));
  group.show(initial);
  return group;
}
