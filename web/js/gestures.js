// Touch gestures built on pointer events: swipe a row sideways, long-press it, pull a list to refresh.

import { tasksChanged } from "./state.js";
import { fill, h } from "./ui.js";

const SWIPE_AT = 80;
const LONG_PRESS_MS = 500;
const PULL_AT = 70;

/**
 * Makes `row` follow a sideways drag; past the threshold, `onLeft` or `onRight` runs. A long press, a
 * right-click or the context-menu key runs `onLongPress` (see `pressable`).
 */
export function swipeable(row, { onLeft, onRight, onLongPress }) {
  let start = null;
  let dx = 0;
  let suppressClick = false;

  const reset = () => {
    start = null;
    row.style.transform = "";
    row.classList.remove("swiping", "swipe-left", "swipe-right");
  };
  pressable(row, () => {
    reset();
    onLongPress();
  });
  row.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest(".check")) return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId, dragging: false };
    dx = 0;
    suppressClick = false;
  });
  row.addEventListener("pointermove", (event) => {
    if (!start || event.pointerId !== start.id) return;
    dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.dragging) {
      if (Math.abs(dy) > 10) return reset();
      if (Math.abs(dx) < 10) return;
      start.dragging = true;
      row.setPointerCapture(event.pointerId);
      row.classList.add("swiping");
    }
    row.style.transform = `translateX(${dx}px)`;
    row.classList.toggle("swipe-left", dx < -SWIPE_AT);
    row.classList.toggle("swipe-right", dx > SWIPE_AT);
  });
  const end = (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dragged = start.dragging;
    reset();
    if (!dragged) return;
    suppressClick = true;
    if (event.type === "pointercancel") return;
    if (dx < -SWIPE_AT) onLeft?.();
    else if (dx > SWIPE_AT) onRight?.();
  };
  row.addEventListener("pointerup", end);
  row.addEventListener("pointercancel", end);
  // The click that ends a drag is not a tap.
  row.addEventListener("click", (event) => {
    if (!suppressClick) return;
    suppressClick = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
}

/**
 * Runs `open` when `target` is pressed and held still (by touch or pen: a mouse held down selects text),
 * right-clicked, or given the keyboard's context-menu key (or Shift+F10).
 */
export function pressable(target, open) {
  let timer = null;
  let start = null;
  let openedAt = -Infinity;
  const run = () => {
    openedAt = performance.now();
    open();
  };
  const cancel = () => clearTimeout(timer);
  target.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" || event.target.closest(".check")) return;
    start = { x: event.clientX, y: event.clientY };
    timer = setTimeout(() => {
      swallowReleaseClick();
      run();
    }, LONG_PRESS_MS);
  });
  target.addEventListener("pointermove", (event) => {
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) cancel();
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) target.addEventListener(type, cancel);
  target.addEventListener("keydown", (event) => {
    if (event.key !== "ContextMenu" && !(event.shiftKey && event.key === "F10")) return;
    event.preventDefault();
    run();
  });
  // A touch browser also reports a long press (and the key) as a context menu: open the menu once.
  target.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    if (performance.now() - openedAt > 1000) run();
  });
}

/** The click that ends a long press lands on whatever opened under the finger (a menu's backdrop): drop it. */
export function swallowReleaseClick() {
  const swallow = (event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  document.addEventListener("pointerup", () => {
    document.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => document.removeEventListener("click", swallow, { capture: true }), 400);
  }, { capture: true, once: true });
}

/** Fills `view` with a task screen that reloads when pulled down from the top of the page; returns the cleanup. */
export function refreshable(view, ...nodes) {
  const marker = h("div.pull-marker", { "aria-hidden": "true", text: "Pull to refresh" });
  const area = h("div.pull-area", {}, marker, nodes);
  fill(view, area);
  let start = null;
  const atTop = () => window.scrollY <= 0;
  const setTouchAction = () => area.classList.toggle("at-top", atTop());
  window.addEventListener("scroll", setTouchAction, { passive: true });
  setTouchAction();
  area.addEventListener("pointerdown", (event) => {
    // A touch gesture: with a mouse, dragging down from the top selects text.
    start = atTop() && event.pointerType !== "mouse" ? { y: event.clientY, x: event.clientX, id: event.pointerId } : null;
  });
  area.addEventListener("pointermove", (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dy = event.clientY - start.y;
    if (dy < 0 || Math.abs(event.clientX - start.x) > dy) return;
    marker.style.height = `${Math.min(dy, PULL_AT * 1.4) * 0.6}px`;
    marker.textContent = dy > PULL_AT ? "Release to refresh" : "Pull to refresh";
    marker.classList.toggle("ready", dy > PULL_AT);
  });
  const end = (event) => {
    if (!start || event.pointerId !== start.id) return;
    const ready = marker.classList.contains("ready") && event.type === "pointerup";
    start = null;
    marker.classList.remove("ready");
    if (ready) {
      marker.textContent = "Refreshing…";
      tasksChanged();
    }
    // The redrawn screen replaces the marker; until then it stays open a moment, saying so.
    setTimeout(() => (marker.style.height = ""), ready ? 400 : 0);
  };
  area.addEventListener("pointerup", end);
  area.addEventListener("pointercancel", end);
  return () => window.removeEventListener("scroll", setTouchAction);
}
