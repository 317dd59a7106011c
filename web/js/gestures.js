// Touch gestures built on pointer events: swipe a row sideways, long-press it, drag it to reorder, pull a list to refresh.

import { tasksChanged } from "./state.js";
import { fill, h } from "./ui.js";

const SWIPE_AT = 80;
const LONG_PRESS_MS = 500;
const PULL_AT = 70;

/**
 * Makes `row` follow a sideways drag; past the threshold, `onLeft` or `onRight` runs. A long press, a
 * right-click or the context-menu key runs `onLongPress` (see `pressable`, for `onHold`).
 */
export function swipeable(row, { onLeft, onRight, onLongPress, onHold }) {
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
  }, onHold);
  row.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest(".check, .moves")) return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId, dragging: false };
    dx = 0;
    suppressClick = false;
  });
  row.addEventListener("pointermove", (event) => {
    if (!start || event.pointerId !== start.id || row.classList.contains("lifted")) return;
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
 * right-clicked, or given the keyboard's context-menu key (or Shift+F10). With `hold`, a held touch calls
 * `hold(pointerId)`, and `open` runs if it lifts without moving.
 */
export function pressable(target, open, hold) {
  let timer = null;
  let press = null;
  let openedAt = -Infinity;
  const run = () => {
    openedAt = performance.now();
    open();
  };
  target.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" || event.target.closest(".check")) return;
    const now = (press = { x: event.clientX, y: event.clientY });
    timer = setTimeout(() => {
      if (hold) return hold(event.pointerId), (now.held = true);
      swallowClick(true);
      run();
    }, LONG_PRESS_MS);
  });
  target.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) press.held = clearTimeout(timer);
  });
  const release = (event) => {
    clearTimeout(timer);
    if (press?.held && event.type === "pointerup") swallowClick(run());
    press = null;
  };
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) target.addEventListener(type, release);
  target.addEventListener("keydown", (event) => {
    if (event.key !== "ContextMenu" && !(event.shiftKey && event.key === "F10")) return;
    event.preventDefault();
    run();
  });
  // A touch browser also reports a long press (and the key) as a context menu: open the menu once.
  target.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    if (!(hold && press) && performance.now() - openedAt > 1000) run();
  });
}

/** Lets rows of `list` be dragged (by touch once the returned `lift(row, pointerId)` ran); then `onDrop(row)`. */
export function reorderable(list, onDrop) {
  let drag = null;
  const lift = (row, id) => {
    drag = { row, id };
    row.classList.add("lifted");
  };
  list.addEventListener("pointerdown", (event) => {
    const row = event.target.closest("li");
    if (event.pointerType === "mouse" && !event.button && row && !event.target.closest(".check, .moves")) drag = { row, id: event.pointerId, y: event.clientY };
  });
  list.addEventListener("pointermove", (event) => {
    if (event.pointerId !== drag?.id || drag.row.classList.contains("swiping")) return;
    if (drag.y !== undefined) {
      if (Math.abs(event.clientY - drag.y) < 12) return;
      lift(drag.row, drag.id);
    }
    const over = document.elementFromPoint(event.clientX, event.clientY)?.closest("li");
    if (!over || over === drag.row || over.parentNode !== list) return;
    const box = over.getBoundingClientRect();
    drag.moved = list.insertBefore(drag.row, event.clientY > box.top + box.height / 2 ? over.nextSibling : over);
    // Moving the row ends the pointer's capture: its events keep coming to the row.
    drag.row.setPointerCapture(drag.id);
  });
  const drop = (event) => {
    if (event.pointerId !== drag?.id) return;
    const { row, moved, y } = drag;
    drag = null;
    row.classList.remove("lifted");
    if (y === undefined && (moved || event.pointerType === "mouse")) swallowClick();
    if (moved) onDrop(row);
  };
  list.addEventListener("pointerup", drop);
  list.addEventListener("pointercancel", drop);
  // A lifted row follows the finger; the page does not scroll.
  list.addEventListener("touchmove", (event) => drag?.y === undefined && drag && event.cancelable && event.preventDefault(), { passive: false });
  return lift;
}

/** Drops the click ending a gesture (`onRelease`: the next pointerup's), which lands on what opened under it. */
function swallowClick(onRelease) {
  if (onRelease === true) return document.addEventListener("pointerup", () => swallowClick(), { capture: true, once: true });
  const swallow = (event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  document.addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => document.removeEventListener("click", swallow, { capture: true }), 400);
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
    if (!start || event.pointerId !== start.id || event.target.closest(".lifted")) return;
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
