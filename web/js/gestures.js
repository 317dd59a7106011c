// Touch gestures built on pointer events: swipe a row sideways, long-press it, pull a list to refresh.

import { tasksChanged } from "./state.js";
import { fill, h } from "./ui.js";

const SWIPE_AT = 80;
const LONG_PRESS_MS = 550;
const PULL_AT = 70;

/**
 * Makes `row` follow a sideways drag; past the threshold, `onLeft` or `onRight` runs. A press held still
 * runs `onLongPress`, as do a right-click and the keyboard's context-menu key (or Shift+F10) on the row.
 */
export function swipeable(row, { onLeft, onRight, onLongPress }) {
  let start = null;
  let dx = 0;
  let pressTimer = null;
  let suppressClick = false;
  let longPressedAt = -Infinity;

  const reset = () => {
    clearTimeout(pressTimer);
    start = null;
    row.style.transform = "";
    row.classList.remove("swiping", "swipe-left", "swipe-right");
  };
  row.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest(".check")) return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId, dragging: false };
    dx = 0;
    suppressClick = false;
    pressTimer = setTimeout(() => {
      if (!start || start.dragging) return;
      reset();
      longPressedAt = performance.now();
      swallowReleaseClick();
      onLongPress?.();
    }, LONG_PRESS_MS);
  });
  row.addEventListener("pointermove", (event) => {
    if (!start || event.pointerId !== start.id) return;
    dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.dragging) {
      if (Math.abs(dy) > 10) return reset();
      if (Math.abs(dx) < 10) return;
      start.dragging = true;
      clearTimeout(pressTimer);
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
  // The click that ends a drag or a long press is not a tap.
  row.addEventListener("click", (event) => {
    if (!suppressClick) return;
    suppressClick = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
  row.addEventListener("keydown", (event) => {
    if (event.key !== "ContextMenu" && !(event.shiftKey && event.key === "F10")) return;
    event.preventDefault();
    longPressedAt = performance.now();
    onLongPress?.();
  });
  row.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    // A touch browser also reports a long press as a context menu: open the menu once.
    if (performance.now() - longPressedAt < 1000) return;
    reset();
    onLongPress?.();
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

/** Pulling `area` down from the top of the page runs `onRefresh` (which may return a promise). */
export function pullToRefresh(area, onRefresh) {
  const marker = document.createElement("div");
  marker.className = "pull-marker";
  marker.setAttribute("aria-hidden", "true");
  marker.textContent = "Pull to refresh";
  area.prepend(marker);
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
  const end = async (event) => {
    if (!start || event.pointerId !== start.id) return;
    const ready = marker.classList.contains("ready") && event.type === "pointerup";
    start = null;
    marker.classList.remove("ready");
    if (!ready) {
      marker.style.height = "";
      return;
    }
    marker.textContent = "Refreshing…";
    try {
      await onRefresh();
    } finally {
      marker.style.height = "";
    }
  };
  area.addEventListener("pointerup", end);
  area.addEventListener("pointercancel", end);
  return () => window.removeEventListener("scroll", setTouchAction);
}

/** Fills `view` with a task screen that reloads when pulled down; returns the cleanup. */
export function refreshable(view, ...nodes) {
  const area = h("div.pull-area");
  fill(area, ...nodes);
  fill(view, area);
  return pullToRefresh(area, async () => {
    tasksChanged();
    await new Promise((resolve) => setTimeout(resolve, 400));
  });
}
