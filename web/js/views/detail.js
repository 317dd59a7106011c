// The task detail sheet: edit title, notes, due, priority, project, labels and estimate; run the
// stopwatch; subtasks, assignees and followers (shared projects), comments and activity.

import { api, listAll, post } from "../api.js";
import { clock, describeDue, dueParts, hoursMinutes, stamp, todayIn } from "../dates.js";
import { solidIcon } from "../icons.js";
import { onLiveEvent } from "../live.js";
import { SAVED_OFFLINE, send } from "../offline.js";
import { projectPeople, state, tasksChanged, userTimeZone } from "../state.js";
import { autoGrow, avatar, button, checkBox, count, explain, field, formError, h, inlineForm, markChosen, onCheck, openSheet, rowList, toast, told } from "../ui.js";

export function openTaskDetail(task) {
  const tz = userTimeZone();
  let parts = dueParts(task.due, tz);
  const title = h("textarea.textarea.detail-title", { rows: 1, label: "Title", maxlength: 500, value: task.content });
  const fitTitle = autoGrow(title);
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
  let estimateMinutes = minutesOf(task);
  const estimate = h("input.input", { type: "number", min: 1, max: 100000, inputmode: "numeric", label: "Estimate in minutes", placeholder: "Minutes", value: String(estimateMinutes) });
  const error = formError();
  const done = button({ class: "btn primary", text: "Done" });
  const stopwatch = stopwatchCard(task);
  const reminders = reminderRow(task, parts);
  const history = commentsSection(task);

  // Where the task came from: each message it was made from, which opens its thread there.
  const sources = h("p.task-source");
  api(`/tasks/${task.id}/sources`).then(({ sources: found }) => sources.replaceChildren(...found.map((source) =>
    h("a", { href: `#/messages/${source.conversation_id}/at/${source.message_id}`, text: source.label, on: { click: () => sheet.close() } }))), () => {});
  const content = h("div", {},
    title,
    sources,
    h("div.section", {}, notes),
    stopwatch.element,
    h("div.section", {},
      h("div.form-row", {}, field("Due date", date), field("Time", time)),
      task.due?.is_recurring ? h("p.hint", { text: `Repeats ${task.due.string}. A new date ends the repeat.` }) : null,
      field("Priority", h("div.prio-picker", { role: "group", label: "Priority" }, priorityButtons), "div"),
      reminders.element,
      field("Project", project),
      field("Labels", labels),
      field("Estimate (minutes)", estimate),
    ),
    subtasksSection(task),
    peopleSection(task, history.refresh),
    history.element,
    error,
    h("div.sheet-actions", {}, done),
  );
  // What happens to the task while its sheet is open (someone edits, comments on or completes it, a
  // reminder goes off) shows at once in its fields, history and reminders; a field the user has changed
  // keeps what they typed.
  const follow = async () => {
    const fresh = await api(`/tasks/${task.id}`).catch(() => null);
    if (!fresh) return;
    const next = dueParts(fresh.due, tz);
    const update = (input, was, now) => input.value === String(was) && (input.value = String(now));
    update(title, task.content, fresh.content);
    update(notes, task.description, fresh.description);
    update(date, parts?.date ?? "", next?.date ?? "");
    update(time, parts?.time ?? "", next?.time ?? "");
    update(project, task.project_id, fresh.project_id);
    update(labels, task.labels.join(", "), fresh.labels.join(", "));
    update(estimate, estimateMinutes, minutesOf(fresh));
    if (priority === task.priority) markChosen(priorityButtons[4 - (priority = fresh.priority)]);
    Object.assign(task, fresh);
    parts = next;
    estimateMinutes = minutesOf(fresh);
    fitTitle();
  };
  const unsubscribe = onLiveEvent((event) => {
    if (event.task_id !== task.id && event.kind !== "stopwatch.changed") return;
    if (event.kind === "task.deleted") {
      sheet.close();
      return toast("That task is no longer there.");
    }
    if (event.kind === "task.updated") follow();
    history.refresh();
    reminders.refresh();
  });
  // Each change is saved when its field is left or its picker closes, and whatever is still unsaved when the
  // sheet closes or the app goes to the background: nothing typed is lost. Saves run one after another, each
  // against what the one before saved.
  let saving = Promise.resolve();
  const persist = ({ leaving = false } = {}) => {
    saving = saving.then(() => saveChanges(leaving)).catch((failure) => {
      error.textContent = explain(failure);
    });
    return saving;
  };
  const saveChanges = async (leaving) => {
    error.textContent = "";
    const edit = changes(leaving);
    if (!edit) return;
    // What was sent, not what the fields hold once it is answered: a change made meanwhile is saved next.
    const sent = { title: title.value, notes: notes.value, priority, labels: labels.value, date: date.value, time: time.value,
      estimate: estimate.value, project: project.value };
    const { body, projectId } = edit;
    if (!Object.keys(body).length && !projectId) return;
    const undo = inverse(body, projectId);
    let queued = false;
    if (Object.keys(body).length) queued = (await send(`/tasks/${task.id}`, { body, taskId: task.id })).queued;
    if (projectId) {
      queued = (await send(`/tasks/${task.id}/move`, { body: { project_id: projectId }, taskId: task.id })).queued || queued;
    }
    remember(sent);
    tasksChanged();
    toast(queued ? SAVED_OFFLINE : "Saved", { action: "Undo", onAction: async () => {
      if (Object.keys(undo.body).length) await send(`/tasks/${task.id}`, { body: undo.body, taskId: task.id });
      if (undo.projectId) await send(`/tasks/${task.id}/move`, { body: { project_id: undo.projectId }, taskId: task.id });
      Object.assign(task, undo.fields);
      showSaved();
      tasksChanged();
    } });
  };
  /** What the fields say that the task does not, as the update's body and a project to move to; nil when a field
   * holds what cannot be saved (leaving, such a field keeps what was saved). */
  const changes = (leaving) => {
    const body = {};
    const content = title.value.trim();
    if (!content) {
      if (!leaving) {
        error.textContent = "Give the task a title.";
        return null;
      }
    } else if (content !== task.content) body.content = content;
    if (notes.value !== task.description) body.description = notes.value;
    if (priority !== task.priority) body.priority = priority;
    const newLabels = labels.value.split(",").map((s) => s.trim().replace(/^@/, "")).filter(Boolean);
    if (newLabels.join("\n") !== task.labels.join("\n")) body.labels = newLabels;
    if (estimate.value !== String(estimateMinutes)) {
      const minutes = Math.round(Number(estimate.value));
      if (estimate.value && !(minutes >= 1)) {
        if (!leaving) {
          error.textContent = "Give the estimate in whole minutes, or leave it empty.";
          return null;
        }
      } else Object.assign(body, estimate.value ? { duration: minutes, duration_unit: "minute" } : { duration: null });
    }
    if (date.value !== (parts?.date ?? "") || time.value !== (parts?.time ?? "")) {
      const day = date.value || (time.value ? todayIn(tz) : "");
      if (!day) body.due_date = null;
      else if (time.value) body.due_datetime = `${day}T${time.value}:00`;
      else body.due_date = day;
    }
    return { body, projectId: project.value !== task.project_id ? project.value : null };
  };
  /** The update that puts back what `body` and a move change, and the task's fields as they were. */
  const inverse = (body, projectId) => {
    const back = {};
    if ("content" in body) back.content = task.content;
    if ("description" in body) back.description = task.description;
    if ("priority" in body) back.priority = task.priority;
    if ("labels" in body) back.labels = task.labels;
    if ("duration" in body) {
      Object.assign(back, task.duration ? { duration: task.duration.amount, duration_unit: task.duration.unit } : { duration: null });
    }
    if ("due_date" in body || "due_datetime" in body) {
      if (!task.due) back.due_date = null;
      else if (task.due.is_recurring) back.due_string = task.due.string;
      else if (parts?.time) back.due_datetime = `${parts.date}T${parts.time}:00`;
      else back.due_date = parts?.date ?? null;
    }
    const fields = { content: task.content, description: task.description, priority: task.priority, labels: task.labels,
      duration: task.duration, due: task.due, project_id: task.project_id };
    return { body: back, projectId: projectId ? task.project_id : null, fields };
  };
  /** Takes the field values that were sent as what is saved. */
  const remember = (sent) => {
    const content = sent.title.trim();
    if (content) task.content = content;
    task.description = sent.notes;
    task.priority = sent.priority;
    task.labels = sent.labels.split(",").map((s) => s.trim().replace(/^@/, "")).filter(Boolean);
    if (sent.date !== (parts?.date ?? "") || sent.time !== (parts?.time ?? "")) {
      parts = sent.date || sent.time ? { date: sent.date || todayIn(tz), time: sent.time } : null;
      task.due = parts ? { ...task.due, is_recurring: false } : null;
    }
    if (sent.estimate === "" || Math.round(Number(sent.estimate)) >= 1) {
      estimateMinutes = sent.estimate;
      task.duration = sent.estimate ? { amount: Math.round(Number(sent.estimate)), unit: "minute" } : null;
    }
    task.project_id = sent.project;
  };
  /** Puts the saved values back in the fields, after an undo. */
  const showSaved = () => {
    title.value = task.content;
    notes.value = task.description;
    labels.value = task.labels.join(", ");
    markChosen(priorityButtons[4 - (priority = task.priority)]);
    parts = dueParts(task.due, tz);
    date.value = parts?.date ?? "";
    time.value = parts?.time ?? "";
    estimate.value = String(estimateMinutes = minutesOf(task));
    project.value = task.project_id;
    fitTitle();
  };
  for (const input of [title, notes, date, time, project, labels, estimate]) input.addEventListener("change", () => persist());
  for (const choice of priorityButtons) choice.addEventListener("click", () => persist());
  const background = () => document.visibilityState === "hidden" && persist({ leaving: true });
  document.addEventListener("visibilitychange", background);

  const sheet = openSheet({ title: "Task", content, onClose: () => {
    persist({ leaving: true });
    document.removeEventListener("visibilitychange", background);
    stopwatch.dispose();
    unsubscribe();
    // A reminder set here: once the sheet is done with, Kairos may offer to bring reminders to this device.
    if (reminders.set) import("../push.js").then((push) => push.offerPush(), () => {});
  } });
  requestAnimationFrame(fitTitle);
  done.addEventListener("click", () => sheet.close());
}

/** The task's estimate in minutes, or "" without one. */
const minutesOf = (task) => (task.duration ? task.duration.amount * (task.duration.unit === "day" ? 480 : 1) : "");

/** Opens the sheet of the task `id` as it is now; `missing` says so when the user can't see it (any more). */
export async function openTaskById(id, missing = "That task is no longer there.") {
  try {
    openTaskDetail(await api(`/tasks/${id}`));
  } catch (error) {
    toast(error.status === 404 ? missing : explain(error));
  }
}

/** The stopwatch for one task, counting on locally from the server's reading. */
function stopwatchCard(task) {
  const clockText = h("span");
  const status = h("small");
  const startStop = button({ class: "btn primary small" });
  const card = h("div.card.stopwatch", {}, h("div.clock", { role: "timer", label: "Elapsed time" }, clockText, status), startStop);
  const tracked = h("p.hint.est-actual", { label: "Estimate and actual time" });
  let watch = null;
  let receivedAt = 0;
  let ticker = null;

  /** Where this task's stopwatch is: "idle" while the stopwatch times another task. */
  const now = () => (watch?.task_id === task.id ? watch.state : "idle");
  const render = () => {
    const running = now() === "running";
    clockText.textContent = clock(now() === "idle" ? 0 : watch.elapsed_seconds + (running ? (performance.now() - receivedAt) / 1000 : 0));
    status.textContent = { running: "Running", paused: "Paused", stopped: "Recorded" }[now()] ?? "Stopwatch";
    card.classList.toggle("running", running);
    startStop.innerHTML = `${solidIcon(running ? "stop" : "play")}<span>${running ? "Stop" : "Start"}</span>`;
    startStop.setAttribute("aria-label", `${running ? "Stop" : "Start"} the stopwatch`);
  };
  const accept = (reading) => {
    watch = reading;
    receivedAt = performance.now();
    clearInterval(ticker);
    ticker = now() === "running" ? setInterval(render, 1000) : null;
    render();
  };
  const refresh = async () => {
    try {
      accept(await api("/time/timer"));
      tracked.replaceChildren(...estimateVersusActual(await api(`/time/tasks/${task.id}`)));
    } catch {
      tracked.textContent = "";
    }
  };
  startStop.addEventListener("click", async () => {
    const running = now() === "running";
    startStop.disabled = true;
    await told(post(`/time/timer/${running ? "stop" : "start"}`, running ? undefined : { task_id: task.id }).then((reading) => {
      accept(reading);
      refresh();
    }));
    startStop.disabled = false;
  });
  const unsubscribe = onLiveEvent((event) => event.kind === "stopwatch.changed" && refresh());
  render();
  refresh();
  return {
    element: h("div.section", {}, card, tracked),
    dispose: () => {
      clearInterval(ticker);
      unsubscribe();
    },
  };
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

function subtasksSection(task) {
  const list = h("ul.tasks.card.subtasks", { role: "list" });
  const row = (sub) => {
    const check = checkBox(`Complete ${sub.content}`);
    const li = h("li.task", { data: { id: sub.id } }, check, h("div.task-main", {}, h("span.title", { text: sub.content })));
    onCheck(check, li, (done) => send(`/tasks/${sub.id}/${done ? "close" : "reopen"}`, { taskId: sub.id }).then(tasksChanged));
    return li;
  };
  listAll(`/tasks?parent_id=${task.id}`).then((subs) => list.append(...subs.map(row)), () => {});
  return h("div.section", {}, h("h3.detail-label", { text: "Subtasks" }), list,
    inlineForm("Add a subtask", "plus", "Add subtask", async (content) => {
      list.append(row(await post("/tasks", { content, parent_id: task.id })));
      tasksChanged();
    }));
}

/** Who is assigned and who follows the task, in a shared project; nothing in a private one. */
function peopleSection(task, assigned) {
  const element = h("div.section");
  projectPeople(task.project_id).then(async (people) => {
    if (!people.length) return;
    const toggles = people.map((person) => {
      const toggle = button({ class: "row", role: "checkbox", label: `Assign ${person.name}` },
        avatar(person.name, "small"), h("span.grow", { text: person.name }), h("span.tick", { icon: "check" }));
      toggle.addEventListener("click", () => {
        const ids = new Set(task.assignee_ids);
        if (!ids.delete(person.id)) ids.add(person.id);
        told(post(`/tasks/${task.id}`, { assignee_ids: [...ids] }).then((saved) => {
          task.assignee_ids = saved.assignee_ids;
          showAssigned();
          assigned();
          tasksChanged();
        }));
      });
      return toggle;
    });
    const showAssigned = () => toggles.forEach((toggle, i) => toggle.setAttribute("aria-checked", String(task.assignee_ids.includes(people[i].id))));
    const followText = h("span.grow");
    const follow = button({ class: "link-btn" });
    const showFollowers = async () => {
      const followers = (await api(`/tasks/${task.id}/followers`)).results;
      const on = followers.some((f) => f.id === state.user.id);
      followText.textContent = followers.length ? `Followed by ${followers.map((f) => f.name).join(", ")}` : "Nobody follows this task yet.";
      follow.textContent = on ? "Unfollow" : "Follow";
      follow.setAttribute("aria-pressed", String(on));
    };
    follow.addEventListener("click", () => {
      const on = follow.getAttribute("aria-pressed") !== "true";
      told(post(`/tasks/${task.id}/${on ? "follow" : "unfollow"}`).then(showFollowers));
    });
    // Muting keeps the task's completion and reopening out of your notifications; mentions still come.
    const mute = button({ class: "link-btn mute" });
    const showMuted = async () => {
      const muted = (await api("/mutes")).task_ids.includes(task.id);
      mute.textContent = muted ? "Unmute" : "Mute";
      mute.setAttribute("aria-pressed", String(muted));
    };
    mute.addEventListener("click", () => {
      const muted = mute.getAttribute("aria-pressed") === "true";
      told(post(`/tasks/${task.id}/${muted ? "unmute" : "mute"}`).then(showMuted));
    });
    task.assignee_ids ??= [];
    showAssigned();
    await Promise.all([showFollowers(), showMuted()]);
    element.append(h("h3.detail-label", { text: "Assigned to" }), rowList(".people", toggles, { label: "Assignees" }),
      h("h3.detail-label", { text: "Followers" }), h("div.card.row.followers", {}, followText, follow, mute));
  }).catch(() => {});
  return element;
}

function commentsSection(task) {
  const tz = userTimeZone();
  const list = h("ul.list.card.comments", { role: "list", label: "Comments and activity" });
  const names = new Map([[state.user.id, state.user.name]]);
  const who = (id) => (id === state.user.id ? "You" : names.get(id) ?? "Someone");
  const commentRow = (comment) => h("li.comment", {},
    avatar(names.get(comment.posted_uid) ?? "?", "small"),
    h("div.grow", {}, h("div.meta", {}, h("strong", { text: who(comment.posted_uid) }), h("span", { text: stamp(comment.posted_at, tz) })),
      h("p", { text: comment.content })));
  const activityRow = (a) => h("li.activity", { text: `${a.actor_id === state.user.id ? "You" : a.actor_name ?? "Someone"} ${happened(a, tz)} · ${ago(a.created_at)}` });
  let loads = 0;
  const refresh = () => {
    const mine = ++loads;
    Promise.all([listAll(`/comments?task_id=${task.id}`), listAll(`/tasks/${task.id}/activity`, 200), projectPeople(task.project_id)]).then(([comments, activity, people]) => {
      if (mine !== loads) return;
      for (const person of people) names.set(person.id, person.name);
      const items = [...comments.map((c) => [c.posted_at, commentRow(c)]), ...activity.filter((a) => a.kind !== "commented").map((a) => [a.created_at, activityRow(a)])];
      list.replaceChildren(...items.sort((x, y) => x[0].localeCompare(y[0])).map((item) => item[1]));
    }).catch(() => {});
  };
  refresh();
  const element = h("div.section", {}, h("h3.detail-label", { text: "Comments and activity" }), list,
    inlineForm("Add a comment", "send", "Post comment",
      async (content) => list.append(commentRow(await post("/comments", { task_id: task.id, content }))),
      { maxlength: 15000, enterkeyhint: "send" }));
  return { element, refresh };
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
  return minutes < 1440 ? `${Math.floor(minutes / 60)} h ago` : stamp(iso, userTimeZone(), true);
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
  let loads = 0;
  const load = async () => {
    const asked = ++loads;
    const mine = (await api(`/reminders?task_id=${task.id}`)).results.filter((r) => !r.fired_at);
    if (asked !== loads) return;
    list.replaceChildren(...mine.map((r) => h("li.row", {}, h("span.grow", { text: describe(r) }),
      button({ class: "link-btn", text: "Remove", label: `Remove reminder ${describe(r)}`, on: { click: () => told(api(`/reminders/${r.id}`, { method: "DELETE" }).then(load)) } }))));
    list.hidden = !mine.length;
    pick.options[0].text = mine.length ? count(mine.length, "reminder") : "None";
  };
  const add = (body) => {
    told(post("/reminders", { task_id: task.id, ...body }).then(() => {
      pick.value = at.value = "";
      atRow.hidden = true;
      row.set = true;
      return load();
    }));
  };
  pick.addEventListener("change", () => {
    atRow.hidden = pick.value !== "at";
    if (!atRow.hidden) at.focus();
    else if (pick.value) add({ type: "relative", minute_offset: Number(pick.value) });
  });
  setAt.addEventListener("click", () => (at.value ? add({ type: "absolute", due: { datetime: at.value.length > 16 ? at.value : `${at.value}:00` } }) : at.focus()));
  const refresh = () => load().catch(() => {});
  refresh();
  const row = { element: h("div", {}, field("Reminder", pick), atRow, list), refresh, set: false };
  return row;
}
