// Dates as the user sees them: "today" is the date in the user's time zone, not the browser's.

const locale = navigator.language || "en-US";
const formatters = new Map();

/** Intl formatters are slow to make and a long list formats thousands of dates: make each kind once. */
function formatter(localeName, options) {
  const key = `${localeName}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(localeName, options);
    formatters.set(key, made);
  }
  return made;
}

/** `YYYY-MM-DD` of an instant in `tz`. */
export function dateIn(instant, tz) {
  return formatter("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** `HH:MM` (24-hour) of an instant in `tz`. */
export function hourMinuteIn(instant, tz) {
  return formatter("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
}

export function todayIn(tz) {
  return dateIn(new Date(), tz);
}

/** `iso` (`YYYY-MM-DD`) moved by `days`. */
export function addDays(iso, days) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function daysBetween(fromIso, toIso) {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86400000);
}

/**
 * A due (`{date}` as the API gives it) as `{date, time}` in `tz` (time `HH:MM` or null), or null when
 * there is none; every screen reads dues through it. A UTC time ("…Z") is shown in `tz`; a floating time
 * (no "Z": "2026-11-24T09:00:00") is the user's own wall-clock time, the same in every zone.
 */
export function dueParts(due, tz) {
  if (!due) return null;
  const value = due.date;
  if (value.length === 10) return { date: value, time: null };
  if (value.endsWith("Z")) {
    const instant = new Date(value);
    return { date: dateIn(instant, tz), time: hourMinuteIn(instant, tz) };
  }
  return { date: value.slice(0, 10), time: value.slice(11, 16) };
}

/** The time of day of an instant in `tz`, in the reader's clock style. */
export function timeOfDay(instant, tz) {
  return formatter(locale, { hour: "numeric", minute: "2-digit", timeZone: tz }).format(instant);
}

/** When something happened: its time if today, else its day, with the time unless `dayOnly`. */
export function stamp(iso, tz, dayOnly = false) {
  const instant = new Date(iso);
  const day = dateIn(instant, tz);
  const today = todayIn(tz);
  if (day === today) return timeOfDay(instant, tz);
  return dayOnly ? shortDate(day, today) : `${shortDate(day, today)}, ${timeOfDay(instant, tz)}`;
}

/** `HH:MM` in the reader's own clock style (9:00 AM or 09:00). */
export const clockTime = (hhmm) => timeOfDay(new Date(`2000-01-01T${hhmm.slice(0, 5)}Z`), "UTC");

/** The day `iso` (`YYYY-MM-DD`) in the reader's words, with the parts `options` name ({weekday: "long"}). */
export const dayText = (iso, options) => formatter(locale, { ...options, timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

/** "Mon 24 Nov" (with the year when it is not this year's). */
export function shortDate(iso, today) {
  return dayText(iso, { weekday: "short", day: "numeric", month: "short", year: today && iso.slice(0, 4) !== today.slice(0, 4) ? "numeric" : undefined });
}

/** "Today", "Tomorrow", "Yesterday", a weekday within the week ahead, or a short date. */
export function relativeDay(iso, today) {
  const days = daysBetween(today, iso);
  if (days === 0) return "Today";
  if (days === 1) return "Tomorrow";
  if (days === -1) return "Yesterday";
  if (days > 1 && days < 7) return dayText(iso, { weekday: "long" });
  return shortDate(iso, today);
}

/** A day's heading: ["Tomorrow", "Tue 24 Nov"], or the short date alone when it says it all. */
export function dayTitle(iso, today) {
  const title = [relativeDay(iso, today), shortDate(iso, today)];
  return title[0] === title[1] ? [title[1]] : title;
}

/** How a due reads on a task row: `{label, state}` with state `past`, `today` or `later`. */
export function describeDue(due, tz) {
  const parts = dueParts(due, tz);
  if (!parts) return null;
  const today = todayIn(tz);
  const label = relativeDay(parts.date, today) + (parts.time ? ` ${clockTime(parts.time)}` : "");
  const state = parts.date < today ? "past" : parts.date === today ? "today" : "later";
  return { label, state, date: parts.date, time: parts.time };
}

/** When the user's next daily brief comes, on their workdays at their brief time in their time zone. */
export function nextBrief({ timezone: tz, workdays, daily_brief_time: at }) {
  const now = new Date();
  const today = dateIn(now, tz);
  for (let ahead = hourMinuteIn(now, tz) < at ? 0 : 1; ahead < 8; ahead++) {
    const day = addDays(today, ahead);
    if (!workdays.includes(new Date(`${day}T00:00:00Z`).getUTCDay() || 7)) continue;
    const when = relativeDay(day, today);
    return `Your next brief arrives ${ahead < 2 ? when.toLowerCase() : `on ${when}`} at ${clockTime(at)}.`;
  }
}

/** A weekday's name, 1 (Monday) to 7 (Sunday), "long" or "short". */
export function weekdayName(day, style) {
  return formatter("en", { weekday: style, timeZone: "UTC" }).format(Date.UTC(2024, 0, day));
}

/** Seconds as a stopwatch reads: 0:04:09. */
export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

export function hoursMinutes(seconds) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;
}

export function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
