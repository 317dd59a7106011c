// Small DOM helpers: building elements, toasts, bottom sheets and the calm error wording.

import { icon } from "./icons.js";

/**
 * Builds an element. `tag` may carry classes ("ul.list.card"). `props`: `class`, `text`, `label` (its
 * aria-label), `icon` (an icon name, trusted markup), `on` ({event: fn}), `data` ({key: value}), `style`
 * (CSS text), and any other attribute (false/null/undefined ones are left out); or, alone, the text.
 */
export function h(tag, props = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(" ");
  if (typeof props != "object" || !props) props = { text: props };
  for (const [key, value] of Object.entries(props)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "label") el.setAttribute("aria-label", value);
    else if (key === "icon") el.insertAdjacentHTML("afterbegin", icon(value));
    else if (key === "on") for (const [event, fn] of Object.entries(value)) el.addEventListener(event, fn);
    else if (key === "data") Object.assign(el.dataset, value);
    // Through the CSSOM: the content security policy refuses style attributes, not styles set by script.
    else if (key === "style") el.style.cssText = value;
    else if (key === "value") el.value = value;
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A `type="button"` button (a bare `<button>` in a form would submit it). */
export const button = (props, ...children) => h("button", { type: "button", ...props }, ...children);

/** A button copying `text` to the clipboard, saying whether it could. */
export const copyButton = (text) => button({ class: "btn small", text: "Copy", on: { click: () => navigator.clipboard.writeText(text).then(() => toast("Copied."), () => toast("Couldn't copy. Try again?")) } });

/** Marks `chosen`, and none of its siblings, with `attribute` ("aria-pressed", "aria-checked"). */
export function markChosen(chosen, attribute = "aria-pressed") {
  for (const other of chosen.parentNode.children) other.setAttribute(attribute, String(other === chosen));
}

/** A captioned control; a group of buttons takes "div" as `tag`, since a label holds one control. */
export const field = (caption, control, tag = "label") => h(`${tag}.field`, {}, h("span", caption), control);

/** The line under a form that says what went wrong. */
export const formError = () => h("p.form-error", { role: "alert" });

/**
 * A form of `fields`, a line for what went wrong and a `submitText` button that rests while `run()` works.
 * `run` may return words for that line; a failure it throws is explained there.
 */
export function formOf(fields, submitText, run, props = {}) {
  const error = formError();
  const submit = h("button", { type: "submit", class: "btn primary block", text: submitText });
  const form = h("form", props, fields, error, submit);
  onSubmit(form, async () => {
    submit.disabled = true;
    error.textContent = "";
    try {
      error.textContent = (await run()) || "";
    } catch (failure) {
      error.textContent = explain(failure);
    }
    submit.disabled = false;
  });
  return form;
}

/** A sheet holding `formOf(fields, submitText, run)`; `run(sheet)` closes it when done. */
export function formSheet(title, fields, submitText, run) {
  const sheet = openSheet({ title, content: formOf(fields, submitText, () => run(sheet)) });
}

/**
 * A one-line form in a card; `run(text)` gets what was typed. The field empties and keeps focus (and the
 * keyboard) at once, so the next line can be typed meanwhile; a failure puts the text back.
 */
export function inlineForm(placeholder, iconName, buttonLabel, run, props) {
  const input = h("input.input", { type: "text", placeholder, label: placeholder, maxlength: 500, ...props });
  const submit = h("button", { type: "submit", class: "icon-btn", icon: iconName, label: buttonLabel });
  const form = h("form.card.row.quick-add", {}, input, submit);
  onSubmit(form, async () => {
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    input.focus();
    try {
      await run(text);
    } catch (error) {
      input.value ||= text;
      toast(explain(error));
    }
  });
  return form;
}

/** Makes `textarea` grow with its text, up to `max` px; returns the function that fits it now. */
export function autoGrow(textarea, max = 1e4) {
  const fit = () => {
    textarea.style.height = "auto";
    textarea.style.height = `${Math.min(textarea.scrollHeight + 2, max)}px`;
  };
  textarea.addEventListener("input", fit);
  return fit;
}

/** A task's round checkbox. */
export const checkBox = (label, checked = false) =>
  button({ class: "check", role: "checkbox", "aria-checked": String(checked), label }, h("span.ring", { icon: "check" }));

/**
 * Ticks `check` (or unticks it) and marks `item` done at once, then runs `change(done)`; when that fails,
 * both go back and the user is told.
 */
export function onCheck(check, item, change) {
  check.addEventListener("click", async () => {
    const mark = (done) => {
      check.setAttribute("aria-checked", String(done));
      item.classList.toggle("is-done", done);
      return done;
    };
    const done = mark(check.getAttribute("aria-checked") !== "true");
    try {
      await change(done);
    } catch (error) {
      mark(!done);
      toast(explain(error));
    }
  });
}

/** `promise`, with a failure told as a toast. */
export const told = (promise) => promise.catch((error) => toast(explain(error)));

/** A card of rows, each an element put in its own `<li>`. */
export const rowList = (classes, rows, props) => h(`ul.list.card${classes}`, { role: "list", ...props }, rows.map((row) => h("li", {}, row)));

/**
 * A sheet of `choices` ([text, run, "danger"?]), the first focused; a choice closes the sheet, then runs. A
 * "danger" choice (delete, sign out) is shown in red.
 */
export function openMenu(title, choices, { label, preview } = {}) {
  const sheet = openSheet({ title, label, content: h("div", {}, preview, rowList(".menu", choices.map(([text, run, kind], i) =>
    button({ class: `row ${kind ?? ""}`, text, autofocus: !i, on: { click: () => { sheet.close(); run(); } } })))) });
}

/** Runs `handler(event)` when `form` is submitted, instead of the browser's page load. */
export function onSubmit(form, handler) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    return handler(event);
  });
}

/** Replaces `el`'s children with `nodes`, leaving out the absent ones (null, undefined, false). */
export function fill(el, ...nodes) {
  el.replaceChildren(...nodes.flat().filter((node) => node !== null && node !== undefined && node !== false));
}

/** "1 task", "3 tasks". */
export const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The one wording for a failure the user did not cause. */
export const SOMETHING_WRONG = "Something didn't work. Try again?";
export const OFFLINE = "You're offline. Try again once you're back online.";

/** What to tell the user about an error: the server's own sentence for bad input, calm words otherwise. */
export function explain(error) {
  if (error?.status && error.status >= 400 && error.status < 500 && error.status !== 401) return error.message;
  return !error?.status && !navigator.onLine ? OFFLINE : SOMETHING_WRONG;
}

/**
 * Shows a short message at the bottom, or, while a sheet is open, just under its header; `action` adds a
 * button (such as Undo).
 */
export function toast(message, { action, onAction, duration = 5000 } = {}) {
  const root = [...document.querySelectorAll(".sheet.open .sheet-toasts")].pop() ?? document.getElementById("toasts");
  const dismiss = () => {
    clearTimeout(timer);
    el.remove();
  };
  const el = h("div.toast", {}, h("span.msg-text", message), action && button({ text: action, on: { click: () => { dismiss(); onAction?.(); } } }));
  root.replaceChildren(el);
  const timer = setTimeout(dismiss, duration);
  return dismiss;
}

/** `ms`, or none when the user asks for reduced motion. */
export const motion = (ms) => (matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : ms);

let openSheets = 0;

/**
 * Opens a bottom sheet (a centred dialog on desktop) holding `content`; resolves nothing, returns
 * `{ close, body }`. Escape, the backdrop, the close button and a downward drag on the handle close it,
 * and focus goes back where it was.
 */
export function openSheet({ title, content, onClose, label }) {
  const previousFocus = document.activeElement;
  const backdrop = h("div.sheet-backdrop");
  const titleId = `sheet-title-${++openSheets}`;
  const closeButton = button({ class: "icon-btn filled", label: "Close", icon: "close" });
  const handle = h("div.sheet-handle", { "aria-hidden": "true" });
  const body = h("div.sheet-body", {}, content);
  // Messages showing when it opens move into it, and back out when it closes.
  const toasts = h("div.sheet-toasts", { role: "status", "aria-live": "polite" }, [...document.getElementById("toasts").childNodes]);
  const sheet = h(
    "section",
    { class: "sheet", role: "dialog", "aria-modal": "true", "aria-labelledby": titleId, label },
    handle,
    h("header.sheet-head", {}, h("span.spacer"), h("h2", { id: titleId, text: title }), closeButton),
    toasts,
    body,
  );
  const host = document.getElementById("sheets");
  host.append(backdrop, sheet);
  document.getElementById("app").setAttribute("aria-hidden", "true");

  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    document.removeEventListener("keydown", onKey);
    sheet.classList.remove("open");
    backdrop.classList.remove("open");
    document.getElementById("toasts").append(...toasts.childNodes);
    if (!host.querySelector(".sheet.open")) document.getElementById("app").removeAttribute("aria-hidden");
    setTimeout(() => {
      sheet.remove();
      backdrop.remove();
    }, motion(320));
    onClose?.();
    if (previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
  };
  const onKey = (event) => {
    if (event.key === "Escape") close();
    if (event.key === "Tab") keepFocusInside(sheet, event);
  };
  document.addEventListener("keydown", onKey);
  backdrop.addEventListener("click", close);
  closeButton.addEventListener("click", close);
  dragToClose(handle, sheet, close);

  requestAnimationFrame(() => {
    sheet.classList.add("open");
    backdrop.classList.add("open");
    (sheet.querySelector("[autofocus]") ?? closeButton).focus({ preventScroll: true });
  });
  return { close, body, sheet };
}

function keepFocusInside(container, event) {
  const focusable = [...container.querySelectorAll("button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])")]
    .filter((el) => !el.disabled && el.offsetParent !== null);
  const ends = [focusable[0], focusable.at(-1)];
  if (event.shiftKey) ends.reverse();
  if (ends[0] && document.activeElement === ends[1]) {
    event.preventDefault();
    ends[0].focus();
  }
}

function dragToClose(handle, sheet, close) {
  let startY = null;
  handle.addEventListener("pointerdown", (event) => {
    startY = event.clientY;
    handle.setPointerCapture(event.pointerId);
    sheet.style.transition = "none";
  });
  handle.addEventListener("pointermove", (event) => {
    if (startY !== null) sheet.style.transform = `translateY(${Math.max(0, event.clientY - startY)}px)`;
  });
  const end = (event) => {
    if (startY === null) return;
    const dy = event.clientY - startY;
    startY = null;
    sheet.style.transition = sheet.style.transform = "";
    if (dy > 80) close();
  };
  handle.addEventListener("pointerup", end);
  handle.addEventListener("pointercancel", end);
}

/** A round badge with the person's initials (`size` "small" or "tiny"); `named` gives it their name as its label. */
export function avatar(name, size, named = false) {
  const words = (name || "?").trim().split(/\s+/);
  const letters = (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : "")).toUpperCase();
  return h("span", { class: size ? `avatar ${size}` : "avatar", text: letters, "aria-hidden": !named && "true", role: named && "img", label: named && name });
}

export function screenHeader(title, subtitle, ...trailing) {
  return h("header.screen-header", {},
    h("div.titles", {}, h("h1.large-title", title), subtitle ? h("p.subtitle", subtitle) : null), h("div.header-actions", {}, ...trailing));
}

/** The screens before the app (sign-in, an invitation, onboarding): the logo, a title, a line and the rest. */
export const welcome = (title, subtitle, ...rest) =>
  h("div.auth", {}, h("img.logo", { src: "/icons/icon.svg", alt: "" }), h("h1.large-title", title), h("p.subtitle", subtitle), ...rest);

export function emptyState(iconName, title, text) {
  return h("div.empty", {}, h("div", { icon: iconName }), h("p.empty-title", title), h("p", { text }));
}
