// Settings: account, where notices go and the hooks, password, API token and calendar feeds, importing from Todoist, the daily brief's days and time, theme, the assistant, and signing out.

import { api, post } from "../api.js";
import { browserTimeZone, nextBrief, weekdayName } from "../dates.js";
import { state } from "../state.js";
import { button, explain, field, fill, formOf, h, markChosen, openMenu, rowList, screenHeader, toast } from "../ui.js";
import { applyTheme, currentTheme } from "../theme.js";
import { DENIED, deviceSubscription, pushFailure, pushSupported, turnOffPush, turnOnPush } from "../push.js";
import { calendarsCard } from "./feeds.js";
import { hooksCard } from "./hooks.js";
import { importCard } from "./import.js";
import { deleteAccountButton, privacyAndData } from "./privacy.js";

export async function renderSettings(view, signOut) {
  const user = state.user;
  const [model, reach, hooks, calendars] = await Promise.all([api("/ai").catch(() => ({ enabled: false })), reachCard(), hooksCard(), calendarsCard()]);
  const name = h("input.input", { type: "text", value: user.name, label: "Name", maxlength: 100, autocomplete: "name" });
  name.addEventListener("change", () => save({ name: name.value.trim() }, () => (name.value = user.name)));

  const zone = zonePicker(user.timezone);
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
  quietCard.prepend(...reminderSwitches(user, (change, revert) => save(change, revert)).childNodes);
  const brief = briefControls(user, (change) => save(change, () => {
    brief.days.show(user.workdays);
    brief.time.value = user.daily_brief_time;
  }));
  const briefHint = h("p.hint.brief", { style: "margin-bottom:0", text: nextBrief(user) });

  // One save at a time, so quick taps reach the server in the order they were made.
  let saving = Promise.resolve();
  const save = (change, revert) => (saving = saving.then(async () => {
    try {
      state.user = await post("/user", change);
      Object.assign(user, state.user);
      briefHint.textContent = nextBrief(user);
      toast("Saved");
    } catch (error) {
      revert();
      toast(explain(error));
    }
  }));

  // Signed out, this device stops getting the person's reminders.
  const leave = async () => {
    if (pushSupported() && Notification.permission === "granted") await turnOffPush().catch(() => {});
    signOut();
  };

  fill(view,
    screenHeader("Settings", user.email),
    h("h2.group-label", { text: "Account" }),
    h("div.card.boxed", {},
      field("Name", name),
      h("label.field", { style: "margin:0" }, h("span", { text: "Time zone" }), zone), zoneHint),
    h("h2.group-label", { text: "Notifications" }),
    quietCard,
    h("h2.group-label", { text: "Where notices go" }),
    reach,
    h("h2.group-label", { text: "Hooks" }),
    hooks,
    h("h2.group-label", { text: "Appearance" }),
    h("div.card.boxed", {}, themeControl),
    h("h2.group-label", { text: "Daily brief" }),
    h("div.card.boxed", {}, brief.fields, briefHint),
    h("h2.group-label", { text: "Messages" }),
    readReceipts(user, save),
    h("h2.group-label", { text: "Assistant" }),
    assistantSwitches(user, save, model.enabled),
    h("h2.group-label", { text: "Password" }),
    passwordCard(user),
    h("h2.group-label", { text: "API token" }),
    tokenCard(),
    h("h2.group-label", { text: "Calendars" }),
    calendars,
    h("h2.group-label", { id: "import", text: "Import" }),
    importCard(),
    h("h2.group-label", { text: "About" }),
    rowList("", [["Kairos", "Web app"], ["Signed in as", user.email]].map(([name, value]) =>
      h("div.row", {}, h("span.grow", { text: name }), h("span.value", { text: value })))),
    h("div", { style: "margin-top:28px" }, button({ class: "btn block", text: "Sign out", on: { click: () => openMenu("Sign out of Kairos on this device?", [["Sign out", leave, "danger"], ["Cancel", () => {}]]) } })),
    h("h2.group-label", { text: "Privacy & Data" }),
    privacyAndData(),
    h("div", { style: "margin-top:28px" }, deleteAccountButton(signOut)),
  );
}

/** Changing the password; a guest from an invitation sets a first one without the current one. */
function passwordCard(user) {
  const [current, fresh] = ["Current password", "New password"].map((label) => h("input.input", { type: "password", label }));
  const [others, toggle] = switchCard("Sign out other devices", false, user.is_guest ? "Never set one? Leave Current empty." : "");
  return h("div.card.boxed", {}, formOf([field("Current password", current), field("New password", fresh), others],
    "Change password", async () => {
      if (fresh.value.length < 8) return "Choose a new password of 8 characters or more.";
      await post("/user/password", { current_password: current.value || undefined, new_password: fresh.value, sign_out_others: toggle.checked });
      current.value = fresh.value = "";
      toast("Password changed");
    }));
}

/** Makes an API token, for kairos, scripts and "Sign in with an API token"; it is shown this once. */
function tokenCard() {
  const name = h("input.input", { label: "Token name", placeholder: "Laptop" });
  const made = h("div");
  return h("div.card.boxed", {}, formOf(field("New token's name", name), "Make a token", async () => {
    const { token } = await post("/tokens", { name: name.value.trim() });
    made.replaceChildren(h("p.hint", { text: "Copy it now: it is shown this once." }), h("input.input", { readonly: true, value: token, label: "New API token" }));
  }), made);
}

/** Quiet hours: a switch, and from/to times in the user's time zone while it is on. */
function quietHours(user, save) {
  const current = user.quiet_hours;
  const [card, enabled] = switchCard("Quiet hours", Boolean(current), "During these hours notifications wait in the list and are not pushed.");
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
  card.lastChild.before(times);
  return card;
}

/**
 * Whether reminders are pushed to this device (its browser's subscription, as the server has it), and whether
 * they come back until answered.
 */
function reminderSwitches(user, save) {
  const [card, device] = switchCard("Reminders on this device", false, "When a reminder is due, it shows here, even while Kairos is closed.");
  const hint = card.lastChild;
  const show = async () => {
    const denied = !pushSupported() || Notification.permission === "denied";
    device.disabled = denied;
    if (denied) hint.textContent = pushSupported() ? DENIED : "This browser can't show reminders.";
    device.checked = !denied && Boolean((await deviceSubscription()).saved);
  };
  device.addEventListener("change", async () => {
    device.disabled = true;
    try {
      if (device.checked && (await turnOnPush())) toast("Your reminders will show on this device.");
      else if (!device.checked) await turnOffPush();
    } catch (error) {
      toast(pushFailure(error));
    }
    await show().catch(() => {});
  });
  show().catch(() => {});
  const [second, nag] = switchCard("Keep reminding me until I answer", user.nag_reminders, "A reminder comes back, less and less often and never in quiet hours, until you open it, snooze it or finish the task.");
  nag.addEventListener("change", () => save({ nag_reminders: nag.checked }, () => (nag.checked = user.nag_reminders)));
  card.append(...second.childNodes);
  return card;
}

/** Read receipts; turned off, no one sees how far you read, and you see no one's. */
function readReceipts(user, save) {
  const [card, shown] = switchCard("Read receipts", !user.hide_read_receipts, "Off: no one sees when you read their messages, and you don't see when they read yours.");
  shown.addEventListener("change", () => save({ hide_read_receipts: !shown.checked }, () => (shown.checked = !user.hide_read_receipts)));
  return card;
}

/**
 * Whether the assistant adds the reminders it proposes without a tap on each and, when the server has a
 * language model, whether the user's words and tasks may be sent to it.
 */
function assistantSwitches(user, save, model) {
  const [card, adds] = switchCard("Add tasks without asking", user.assistant_adds_without_asking, "Reminders the assistant proposes are added at once, without a tap on each card.");
  adds.addEventListener("change", () => save({ assistant_adds_without_asking: adds.checked }, () => (adds.checked = user.assistant_adds_without_asking)));
  if (!model) return card;
  const [second, allowed] = switchCard("Use the server's AI model with my data", user.ai_enabled, "Off: nothing of yours is sent to the model; the assistant and capture answer on this server alone.");
  allowed.addEventListener("change", () => save({ ai_enabled: allowed.checked }, () => (allowed.checked = user.ai_enabled)));
  card.append(...second.childNodes);
  return card;
}

/**
 * For each kind of notice (as the server names them), the ways it reaches the person beyond the app:
 * this and their other devices, email, and their hooks. The server decides the defaults and keeps the changes.
 */
async function reachCard() {
  const channels = [["push", "Devices"], ["email", "Email"], ["webhook", "Hooks"]];
  const settings = await api("/notifications/settings").catch(() => null);
  if (!settings) return h("div.card.pad", {}, h("p.hint", { text: "You're offline: these settings come back with the connection." }));
  const row = (kind) => {
    const chosen = new Set(kind.channels);
    const group = h("div.segmented", { role: "group", label: kind.label }, channels.map(([channel, name]) =>
      button({ text: name, "aria-pressed": String(chosen.has(channel)), on: { click: async (event) => {
        const target = event.currentTarget;
        const on = target.getAttribute("aria-pressed") !== "true";
        const next = channels.map(([c]) => c).filter((c) => (c === channel ? on : chosen.has(c)));
        try {
          const saved = (await post("/notifications/settings", { [kind.kind]: next })).kinds.find((k) => k.kind === kind.kind);
          chosen.clear();
          saved.channels.forEach((c) => chosen.add(c));
          group.querySelectorAll("button").forEach((b, i) => b.setAttribute("aria-pressed", String(chosen.has(channels[i][0]))));
          toast("Saved");
        } catch (error) {
          toast(explain(error));
        }
      } } })));
    return h("div.field", {}, h("span", { text: kind.label }), group);
  };
  return h("div.card.boxed", {}, settings.kinds.map(row),
    h("p.hint", { style: "margin-bottom:0", text: "Quiet hours keep all but email in your list until they end." }));
}

/** A card with a switch named `label` and a hint under it; returns the card and the switch. */
function switchCard(label, on, hint) {
  const toggle = h("input.switch-input", { type: "checkbox", role: "switch", label, checked: on });
  return [h("div.card.pad", {}, h("label.row.switch-row", {}, h("span.grow", { text: label }), toggle), h("p.hint", { text: hint })), toggle];
}

/** The workdays and the brief time, for onboarding and Settings; `onChange(change)` gets each edit. */
export function briefControls(user, onChange) {
  const days = workdaysPicker(user.workdays, (workdays) => onChange?.({ workdays }));
  const time = h("input.input.time", { type: "time", label: "Brief time", value: user.daily_brief_time, required: true });
  time.addEventListener("change", () => time.value && onChange?.({ daily_brief_time: time.value }));
  return { days, time, fields: [field("Workdays", days, "div"), field("Brief time", time)] };
}

/** The world's time zones with `chosen` picked; `chosen` and `known` are listed even where this browser lacks them. */
export function zonePicker(chosen, ...known) {
  const zones = Intl.supportedValuesOf?.("timeZone") ?? [];
  for (const zone of [...known, chosen]) if (!zones.includes(zone)) zones.unshift(zone);
  return h("select.select", { label: "Time zone" }, zones.map((z) => h("option", { value: z, text: z.replaceAll("_", " "), selected: z === chosen })));
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
