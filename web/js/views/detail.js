// The task detail sheet: edit title, notes, due, priority, project, labels and estimate; run the
// stopwatch; subtasks, assignees and followers (shared projects), comments and activity.

import { api, listAll } from "../api.js";
import { clock, dateIn, describeDue, dueParts, hoursMinutes, shortDate, timeOfDay, todayIn } from "../dates.js";
import { solidIcon } from "../icons.js";
import { onLiveEvent } from "../live.js";
import { send } from "../offline.js";
import { projectById, state, tasksChanged, userTimeZone } from "../state.js";
import { avatar, button, explain, field, formError, h, markChosen, onSubmit, openSheet, toast } from "../ui.js";
import { askForNotifications } from "./onboarding.js";

export function openTaskDetail(task) {
  const tz = userTimeZone();
  const parts = dueParts(task.due, tz);
  const title = h("textarea.textarea.detail-title", { rows: 1, label: "Title", maxlength: 500, value: task.content });
  const notes = h("textarea.textarea", { label: "Notes", placeholder: "Notes", value: task.description });
  const date = h("input.input", { type: "date", label: "Due date", value: parts?.date ?? "" });
  const time = h("input.input", { type: "time", label: "Due time", value: parts?.time ?? "" });
  let priority = task.priority;
  const priorityButtons = [4, 3, 2, 1].map((value) => button({ text: `P${5 - value}`, label: `Priority ${5 - value}`, "aria-pressed": String(value === priority),
    on: { click: (event) => {
      priority = value;
      markChosen(event.currentTarget);
    } } }));
  const project = h("select.select", { label: "Project" },
    state.projects.map((p) => h("option", { value: p.id, text: p.name, selected: p.id === task.project_id })));
  const labels = h("input.input", { label: "Labels", placeholder: "Labels, separated by commas", value: task.labels.join(", ") });
  const estimateMinutes = task.duration ? task.duration.amount * (task.duration.unit === "day" ? 480 : 1) : "";
  const estimate = h("input.input", { type: "number", min: 1, max: 100000, inputmode: "numeric", label: "Estimate in minutes", placeholder: "Minutes", value: String(estimateMinutes) });
  const error = formError();
  const save = button({ class: "btn primary", text: "Save" });
  const stopwatch = stopwatchCard(task);

  const content = h("div", {},
    title,
    h("div.section", {}, notes),
    stopwatch.element,
    h("div.section", {},
      h("div.form-row", {}, field("Due date", date), field("Time", time)),
      task.due?.is_recurring ? h("p.hint", { text: `Repeats ${task.due.string}. A new date ends the repeat.` }) : null,
      h("div.field", {}, h("span", { text: "Priority" }), h("div.prio-picker", { role: "group", label: "Priority" }, priorityButtons)),
      reminderRow(task, parts),
      field("Project", project),
      field("Labels", labels),
      field("Estimate (minutes)", estimate),
    ),
    subtasksSection(task),
    peopleSection(task),
    commentsSection(task),
    error,
    h("div.sheet-actions", {}, save),
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
    if (estimate.value !== String(estimateMinutes)) {
      const minutes = Math.round(Number(estimate.value));
      if (estimate.value && !(minutes >= 1)) {
        error.textContent = "Give the estimate in whole minutes, or leave it empty.";
        return estimate.focus();
      }
      Object.assign(body, estimate.value ? { duration: minutes, duration_unit: "minute" } : { duration: null });
    }
    if (date.value !== (parts?.date ?? "") || time.value !== (parts?.time ?? "")) {
      const day = date.value || (time.value ? todayIn(tz) : "");
      if (!day) body.due_date = null;
      else if (time.value) body.due_datetime = `${day}T${time.value}:00`;
      else body.due_date = day;
    }
    save.disabled = true;
    try {
      let queued = false;
      if (Object.keys(body).length) queued = (await send(`/tasks/${task.id}`, { body, taskId: task.id })).queued;
      if (project.value !== task.project_id) queued = (await send(`/tasks/${task.id}/move`, { body: { project_id: project.value }, taskId: task.id })).queued || queued;
      sheet.close();
      tasksChanged();
      toast(queued ? "Saved on this device. It goes out when you're back online." : "Saved");
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
  const clockEl = h("div.clock", { role: "timer", label: "Elapsed time" }, clockText, status);
  const startStop = button({ class: "btn primary small", icon: "play" }, h("span", { text: "Start" }));
  const tracked = h("p.hint.est-actual", { label: "Estimate and actual time" });
  const element = h("div.section", {}, h("div.card.stopwatch", {}, clockEl, startStop), tracked);
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
    startStop.replaceChildren();
    startStop.insertAdjacentHTML("afterbegin", solidIcon(running() ? "stop" : "play"));
    startStop.append(h("span", { text: running() ? "Stop" : "Start" }));
    startStop.setAttribute("aria-label", running() ? "Stop the stopwatch" : "Start the stopwatch");
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
      tracked.replaceChildren(...estimateVersusActual(time));
    } catch {
      tracked.textContent = "";
    }
  };
  startStop.addEventListener("click", async () => {
    startStop.disabled = true;
    try {
      const path = running() ? "/time/timer/stop" : "/time/timer/start";
      accept(await api(path, { method: "POST", body: running() ? undefined : { task_id: task.id } }));
      refresh();
    } catch (error) {
      toast(explain(error));
    } finally {
      startStop.disabled = false;
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

/** "Actual 12m / Estimate 30m" with a bar that fills towards the estimate (amber past it, never red). */
function estimateVersusActual(time) {
  if (!time.total_seconds && !time.estimate_seconds) return [];
  const actual = `Actual ${hoursMinutes(time.total_seconds)}`;
  if (!time.estimate_seconds) return [actual];
  const share = time.total_seconds / time.estimate_seconds;
  return [`${actual} · Estimate ${hoursMinutes(time.estimate_seconds)}`,
    h("span", { class: `est-bar${share > 1 ? " over" : ""}`, "aria-hidden": "true" }, h("span", { style: `width:${Math.min(100, Math.round(share * 100))}%` }))];
}

/** Who may be picked for a shared project: its owner and members (`[]` for a private one). */
async function projectPeople(task) {
  if (!projectById(task.project_id)?.is_shared) return [];
  return (await api(`/projects/${task.project_id}/collaborators`)).results;
}

function subtasksSection(task) {
  const list = h("ul.tasks.card.subtasks", { role: "list" });
  const input = h("input.input", { type: "text", placeholder: "Add a subtask", label: "Add a subtask", maxlength: 500 });
  const form = h("form.card.row.quick-add", {}, input, h("button", { type: "submit", class: "icon-btn", icon: "plus", label: "Add subtask" }));
  const row = (sub) => {
    const check = button({ class: "check", role: "checkbox", "aria-checked": "false", label: `Complete ${sub.content}` }, h("span.ring", { icon: "check" }));
    const li = h("li.task", { data: { id: sub.id } }, check, h("div.task-main", {}, h("span.title", { text: sub.content })));
    check.addEventListener("click", async () => {
      li.classList.add("is-done");
      check.setAttribute("aria-checked", "true");
      try {
        await send(`/tasks/${sub.id}/close`, { taskId: sub.id });
        tasksChanged();
      } catch (error) {
        li.classList.remove("is-done");
        check.setAttribute("aria-checked", "false");
        toast(explain(error));
      }
    });
    return li;
  };
  listAll(`/tasks?parent_id=${task.id}`).then((subs) => list.append(...subs.map(row))).catch(() => {});
  onSubmit(form, async () => {
    const content = input.value.trim();
    if (!content) return;
    input.disabled = true;
    try {
      const made = await api("/tasks", { method: "POST", body: { content, parent_id: task.id } });
      list.append(row(made));
      input.value = "";
      tasksChanged();
    } catch (error) {
      toast(explain(error));
    } finally {
      input.disabled = false;
      input.focus();
    }
  });
  return h("div.section", {}, h("h3.detail-label", { text: "Subtasks" }), list, form);
}

function peopleSection(task) {
  const element = h("div.section");
  projectPeople(task).then(async (people) => {
    if (!people.length) return;
    const followers = (await api(`/tasks/${task.id}/followers`)).results;
    const assigned = new Set(task.assignee_ids ?? []);
    const assignees = h("ul.list.card.people", { role: "list", label: "Assignees" }, people.map((person) => {
      const toggle = button({ class: "row", role: "checkbox", "aria-checked": String(assigned.has(person.id)), label: `Assign ${person.name}` },
        avatar(person.name, "small"), h("span.grow", { text: person.name }), h("span.tick", { icon: "check" }));
      toggle.addEventListener("click", async () => {
        const next = new Set(assigned);
        if (next.has(person.id)) next.delete(person.id);
        else next.add(person.id);
        try {
          const saved = await api(`/tasks/${task.id}`, { method: "POST", body: { assignee_ids: [...next] } });
          assigned.clear();
          for (const id of saved.assignee_ids) assigned.add(id);
          task.assignee_ids = saved.assignee_ids;
          for (const box of assignees.querySelectorAll("[role=checkbox]")) box.setAttribute("aria-checked", String(assigned.has(box.dataset.id)));
          tasksChanged();
        } catch (error) {
          toast(explain(error));
        }
      });
      toggle.dataset.id = person.id;
      return h("li", {}, toggle);
    }));
    const following = followers.some((f) => f.id === state.user.id);
    const followText = h("span.grow");
    const follow = button({ class: "link-btn" });
    const drawFollowers = (list, on) => {
      followText.textContent = list.length ? `Followed by ${list.map((f) => f.name).join(", ")}` : "Nobody follows this task yet.";
      follow.textContent = on ? "Unfollow" : "Follow";
      follow.setAttribute("aria-pressed", String(on));
    };
    follow.addEventListener("click", async () => {
      const on = follow.getAttribute("aria-pressed") !== "true";
      if (on) askForNotifications();
      try {
        await api(`/tasks/${task.id}/${on ? "follow" : "unfollow"}`, { method: "POST" });
        drawFollowers((await api(`/tasks/${task.id}/followers`)).results, on);
      } catch (error) {
        toast(explain(error));
      }
    });
    drawFollowers(followers, following);
    element.append(h("h3.detail-label", { text: "Assigned to" }), assignees,
      h("h3.detail-label", { text: "Followers" }), h("div.card.row.followers", {}, followText, follow));
  }).catch(() => {});
  return element;
}

function commentsSection(task) {
  const tz = userTimeZone();
  const list = h("ul.list.card.comments", { role: "list", label: "Comments and activity" });
  const input = h("input.input", { type: "text", placeholder: "Add a comment", label: "Add a comment", maxlength: 15000, enterkeyhint: "send" });
  const post = h("button", { type: "submit", class: "icon-btn", icon: "send", label: "Post comment" });
  const form = h("form.card.row.quick-add", {}, input, post);
  const names = new Map([[state.user.id, state.user.name]]);
  const when = (iso) => `${shortDate(dateIn(new Date(iso), tz))}, ${timeOfDay(new Date(iso), tz)}`;
  const who = (id) => (id === state.user.id ? "You" : names.get(id) ?? "Someone");
  const commentRow = (comment) => h("li.comment", {},
    avatar(names.get(comment.posted_uid) ?? "?", "small"),
    h("div.grow", {}, h("div.meta", {}, h("strong", { text: who(comment.posted_uid) }), h("span", { text: when(comment.posted_at) })),
      h("p", { text: comment.content })));
  const activityRow = (a) => h("li.activity", { text: `${a.actor_id === state.user.id ? "You" : a.actor_name ?? "Someone"} ${happened(a, tz)} · ${ago(a.created_at)}` });
  Promise.all([listAll(`/comments?task_id=${task.id}`), listAll(`/tasks/${task.id}/activity`, 200), projectPeople(task).catch(() => [])]).then(([comments, activity, people]) => {
    for (const person of people) names.set(person.id, person.name);
    const items = [...comments.map((c) => [c.posted_at, commentRow(c)]), ...activity.filter((a) => a.kind !== "commented").map((a) => [a.created_at, activityRow(a)])];
    list.replaceChildren(...items.sort((x, y) => x[0].localeCompare(y[0])).map((item) => item[1]));
  }).catch(() => {});
  onSubmit(form, async () => {
    const content = input.value.trim();
    if (!content) return;
    post.disabled = true;
    try {
      list.append(commentRow(await api("/comments", { method: "POST", body: { task_id: task.id, content } })));
      input.value = "";
    } catch (error) {
      toast(explain(error));
    } finally {
      post.disabled = false;
    }
  });
  return h("div.section", {}, h("h3.detail-label", { text: "Comments and activity" }), list, form);
}

/** What an activity entry says happened, after who did it: "moved this to Tomorrow". */
function happened({ kind, detail }, tz) {
  const day = () => describeDue({ date: detail }, tz).label;
  const says = { created: "added this", content_edited: "renamed this", description_edited: "edited the notes", completed: "completed this", reopened: "reopened this" };
  if (kind in says) return says[kind];
  if (kind === "due_changed") return detail ? `moved this to ${day()}` : "removed the due date";
  if (kind === "completed_occurrence") return `completed this; next ${day()}`;
  if (kind === "priority_changed") return `set priority P${5 - detail}`;
  if (kind === "time_tracked") return `tracked ${hoursMinutes(detail)}`;
  return kind === "moved" ? `put this in ${detail}` : kind === "assigned" ? `assigned ${detail}` : `took ${detail} off this`;
}

/** "just now", "5 min ago", "2 h ago", then the day. */
function ago(iso) {
  const minutes = (Date.now() - Date.parse(iso)) / 60000;
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${Math.floor(minutes)} min ago`;
  return minutes < 1440 ? `${Math.floor(minutes / 60)} h ago` : shortDate(dateIn(new Date(iso), userTimeZone()));
}

/** The Reminder row: the user's own waiting reminders with Remove, and a picker that adds one. */
function reminderRow(task, parts) {
  const tz = userTimeZone();
  const list = h("ul.list.card.reminders", { role: "list", label: "Reminders", hidden: true });
  const at = h("input.input", { type: "datetime-local", step: 1, label: "Reminder date and time" });
  const setAt = button({ class: "btn primary small", text: "Set" });
  const atRow = h("div.form-row", { hidden: true }, at, setAt);
  const noTime = !parts?.time;
  const pick = h("select.select", { label: "Add a reminder" }, [["", "None"], ["0", "At due time"], ["10", "10 min before"], ["60", "1 h before"], ["at", "At a date and time…"]]
    .map(([value, text]) => h("option", { value, text, disabled: noTime && /\d/.test(value) })));
  const describe = (r) => r.due ? describeDue({ date: r.due.datetime }, tz).label
    : r.minute_offset ? `${r.minute_offset % 60 ? `${r.minute_offset} min` : `${r.minute_offset / 60} h`} before` : "At due time";
  const load = async () => {
    const mine = (await api(`/reminders?task_id=${task.id}`)).results.filter((r) => !r.fired_at);
    list.replaceChildren(...mine.map((r) => h("li.row", {}, h("span.grow", { text: describe(r) }),
      button({ class: "link-btn", text: "Remove", label: `Remove reminder ${describe(r)}`, on: { click: () => api(`/reminders/${r.id}`, { method: "DELETE" }).then(load, (e) => toast(explain(e))) } }))));
    list.hidden = !mine.length;
  };
  const add = async (body) => {
    askForNotifications();
    try {
      await api("/reminders", { method: "POST", body: { task_id: task.id, ...body } });
      pick.value = at.value = "";
      atRow.hidden = true;
      await load();
    } catch (error) {
      toast(explain(error));
    }
  };
  pick.addEventListener("change", () => {
    atRow.hidden = pick.value !== "at";
    if (!atRow.hidden) at.focus();
    else if (pick.value) add({ type: "relative", minute_offset: Number(pick.value) });
  });
  setAt.addEventListener("click", () => (at.value ? add({ type: "absolute", due: { datetime: at.value.length > 16 ? at.value : `${at.value}:00` } }) : at.focus()));
  load().catch(() => {});
  return h("div", {}, field("Reminder", pick), atRow, list);
}

// A reminder going off while the app is open shows as a toast (in the background: see onboarding.js).
onLiveEvent(async (event) => {
  if (event.kind !== "notification.created") return;
  const newest = (await api("/notifications?limit=1").catch(() => null))?.results?.[0];
  if (newest?.kind === "reminder") toast(newest.text, { duration: 10000 });
});
