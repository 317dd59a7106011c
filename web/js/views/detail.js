// The task detail sheet: edit title, notes, due, priority, project and labels; run the stopwatch.

import { api } from "../api.js";
import { clock, dueParts, hoursMinutes, todayIn } from "../dates.js";
import { onLiveEvent } from "../live.js";
import { state, tasksChanged, userTimeZone } from "../state.js";
import { explain, h, openSheet, toast } from "../ui.js";

export function openTaskDetail(task) {
  const tz = userTimeZone();
  const parts = dueParts(task.due, tz);
  const title = h("textarea", { class: "textarea detail-title", rows: 1, "aria-label": "Title", maxlength: 500, value: task.content });
  const notes = h("textarea", { class: "textarea", "aria-label": "Notes", placeholder: "Notes", value: task.description });
  const date = h("input", { class: "input", type: "date", "aria-label": "Due date", value: parts?.date ?? "" });
  const time = h("input", { class: "input", type: "time", "aria-label": "Due time", value: parts?.time ?? "" });
  let priority = task.priority;
  const priorityButtons = [4, 3, 2, 1].map((value) =>
    h("button", {
      type: "button",
      text: `P${5 - value}`,
      "aria-label": `Priority ${5 - value}`,
      "aria-pressed": String(value === priority),
      on: {
        click: () => {
          priority = value;
          for (const button of priorityButtons) button.setAttribute("aria-pressed", String(button === priorityButtons[4 - value]));
        },
      },
    }),
  );
  const project = h("select", { class: "select", "aria-label": "Project" },
    state.projects.map((p) => h("option", { value: p.id, text: p.name, selected: p.id === task.project_id })));
  const labels = h("input", { class: "input", "aria-label": "Labels", placeholder: "Labels, separated by commas", value: task.labels.join(", ") });
  const error = h("p", { class: "form-error", role: "alert" });
  const save = h("button", { type: "button", class: "btn primary", text: "Save" });
  const stopwatch = stopwatchCard(task);

  const content = h("div", {},
    title,
    h("div", { class: "section" }, notes),
    stopwatch.element,
    h("div", { class: "section" },
      h("div", { class: "form-row" }, h("label", { class: "field" }, h("span", { text: "Due date" }), date), h("label", { class: "field" }, h("span", { text: "Time" }), time)),
      task.due?.is_recurring ? h("p", { class: "hint", text: `Repeats ${task.due.string}. A new date ends the repeat.` }) : null,
      h("div", { class: "field" }, h("span", { text: "Priority" }), h("div", { class: "prio-picker", role: "group", "aria-label": "Priority" }, priorityButtons)),
      h("label", { class: "field" }, h("span", { text: "Project" }), project),
      h("label", { class: "field" }, h("span", { text: "Labels" }), labels),
    ),
    error,
    h("div", { class: "sheet-actions" }, save),
  );
  const sheet = openSheet({ title: "Task", content, onClose: stopwatch.dispose });
  autoGrow(title);

  save.addEventListener("click", async () => {
    const body = {};
    const content = title.value.trim();
    if (!content) {
      error.textContent = "Give the task a title.";
      return title.focus();
    }
    if (content !== task.content) body.content = content;
    if (notes.value !== task.description) body.description = notes.value;
    if (priority !== task.priority) body.priority = priority;
    const newLabels = labels.value.split(",").map((s) => s.trim().replace(/^@/, "")).filter(Boolean);
    if (newLabels.join("\n") !== task.labels.join("\n")) body.labels = newLabels;
    if (date.value !== (parts?.date ?? "") || time.value !== (parts?.time ?? "")) {
      const day = date.value || (time.value ? todayIn(tz) : "");
      if (!day) body.due_date = null;
      else if (time.value) body.due_datetime = `${day}T${time.value}:00`;
      else body.due_date = day;
    }
    save.disabled = true;
    try {
      if (Object.keys(body).length) await api(`/tasks/${task.id}`, { method: "POST", body });
      if (project.value !== task.project_id) await api(`/tasks/${task.id}/move`, { method: "POST", body: { project_id: project.value } });
      sheet.close();
      tasksChanged();
      toast("Saved");
    } catch (failure) {
      error.textContent = explain(failure);
      save.disabled = false;
    }
  });
}

/** The stopwatch for one task, counting on locally from the server's reading. */
function stopwatchCard(task) {
  const clockText = h("span", { text: "0:00:00" });
  const status = h("small", { text: "Stopwatch" });
  const clockEl = h("div", { class: "clock", role: "timer", "aria-label": "Elapsed time" }, clockText, status);
  const button = h("button", { type: "button", class: "btn primary small", icon: "play" }, h("span", { text: "Start" }));
  const tracked = h("p", { class: "hint" });
  const element = h("div", { class: "section" }, h("div", { class: "card stopwatch" }, clockEl, button), tracked);
  let watch = null;
  let receivedAt = 0;
  let ticker = null;

  const mine = () => watch && watch.task_id === task.id;
  const running = () => mine() && watch.state === "running";
  const render = () => {
    const seconds = mine() && watch.state !== "idle" ? watch.elapsed_seconds + (running() ? (performance.now() - receivedAt) / 1000 : 0) : 0;
    clockText.textContent = clock(seconds);
    status.textContent = running() ? "Running" : mine() && watch.state === "paused" ? "Paused" : mine() && watch.state === "stopped" ? "Recorded" : "Stopwatch";
    element.firstChild.classList.toggle("running", running());
    button.replaceChildren();
    button.insertAdjacentHTML("afterbegin", running() ? '<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><rect x="6.5" y="6.5" width="11" height="11" rx="2"/></svg>' : '<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M8 5.5v13l10.5-6.5z"/></svg>');
    button.append(h("span", { text: running() ? "Stop" : "Start" }));
    button.setAttribute("aria-label", running() ? "Stop the stopwatch" : "Start the stopwatch");
  };
  const accept = (reading) => {
    watch = reading;
    receivedAt = performance.now();
    clearInterval(ticker);
    ticker = running() ? setInterval(render, 1000) : null;
    render();
  };
  const refresh = async () => {
    try {
      accept(await api("/time/timer"));
      const time = await api(`/time/tasks/${task.id}`);
      tracked.textContent = time.total_seconds || time.estimate_seconds
        ? `Tracked ${hoursMinutes(time.total_seconds)}${time.estimate_seconds ? ` of ${hoursMinutes(time.estimate_seconds)} estimated` : ""}`
        : "";
    } catch {
      tracked.textContent = "";
    }
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const path = running() ? "/time/timer/stop" : "/time/timer/start";
      accept(await api(path, { method: "POST", body: running() ? undefined : { task_id: task.id } }));
      refresh();
    } catch (error) {
      toast(explain(error));
    } finally {
      button.disabled = false;
    }
  });
  const unsubscribe = onLiveEvent((event) => event.kind === "stopwatch.changed" && refresh());
  render();
  refresh();
  return {
    element,
    dispose: () => {
      clearInterval(ticker);
      unsubscribe();
    },
  };
}

function autoGrow(textarea) {
  const fit = () => {
    textarea.style.height = "auto";
    textarea.style.height = `${textarea.scrollHeight + 2}px`;
  };
  textarea.addEventListener("input", fit);
  requestAnimationFrame(fit);
}
