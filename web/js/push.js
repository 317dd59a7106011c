// Web Push on this device: offered once, gently, after the first capture or reminder (never on launch), and
// switched on or off in Settings. The service worker (sw.js) shows what the server pushes.

import { api, post } from "./api.js";
import { button, explain, h, openSheet, toast } from "./ui.js";

const OFFERED = "kairos.push-offered";
/** What to say when the browser's push service gives no subscription (offline, or out of reach). */
export const NO_PUSH = "This browser couldn't set up reminders just now. You can try again later in Settings.";
export const DENIED = "Turn on notifications in your browser settings to get reminders.";

/** Whether this browser can receive pushed reminders. */
export const pushSupported = () => "PushManager" in window && "serviceWorker" in navigator && "Notification" in window;

/** This browser's push subscription (`local`) and the server's record of it (`saved`), each when there is one. */
export async function deviceSubscription() {
  const local = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
  const saved = local && (await api("/push/subscriptions")).results.find((s) => s.endpoint === local.endpoint);
  return { local, saved };
}

/** Asks the browser's permission, subscribes this device and gives the subscription to the server; false when refused. */
export async function turnOnPush() {
  if ((await Notification.requestPermission()) !== "granted") return false;
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await api("/push/vapid");
  // A push service out of reach never answers: give up after a while, having sent nothing.
  const subscription = await Promise.race([
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }),
    new Promise((_, fail) => setTimeout(fail, 10000, new Error("No answer from the push service"))),
  ]);
  await post("/push/subscriptions", subscription.toJSON());
  return true;
}

/** Stops pushes to this device: the server forgets it, then the browser. */
export async function turnOffPush() {
  const { local, saved } = await deviceSubscription();
  if (saved) await api(`/push/subscriptions/${saved.id}`, { method: "DELETE" });
  await local?.unsubscribe();
}

/** What to say when switching failed: the server's words for what it refused, calm ones otherwise. */
export const pushFailure = (error) => (error?.status ? explain(error) : NO_PUSH);

/**
 * Offers, once per device and only while the browser has not been asked, to show reminders here; once the
 * message about what was just done has gone, which would cover the offer's words, and never over another sheet.
 */
export function offerPush() {
  if (!pushSupported() || Notification.permission !== "default" || localStorage.getItem(OFFERED)) return;
  const toasts = document.getElementById("toasts");
  if (toasts.childElementCount) {
    const watch = new MutationObserver(() => {
      if (toasts.childElementCount) return;
      watch.disconnect();
      offerPush();
    });
    return watch.observe(toasts, { childList: true });
  }
  if (document.querySelector(".sheet.open")) return;
  localStorage.setItem(OFFERED, "1");
  const turnOn = () => {
    sheet.close();
    turnOnPush().then((on) => on && toast("Your reminders will show on this device."), (error) => toast(pushFailure(error)));
  };
  const sheet = openSheet({ title: "Get your reminders on this device?", content: h("div", {},
    h("p.hint", { text: "When a reminder is due, Kairos can show it here, even while the app is closed." }),
    h("div.sheet-actions", {}, button({ class: "btn", text: "Not now", on: { click: () => sheet.close() } }),
      button({ class: "btn primary", text: "Turn on", autofocus: true, on: { click: turnOn } }))) });
}
