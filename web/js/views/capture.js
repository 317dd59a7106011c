// The capture half-sheet: say or type a brain-dump, review the tasks Kairos reads from it, add them.

import { clientId, post } from "../api.js";
import { state, tasksChanged, userTimeZone } from "../state.js";
import { button, count, explain, fill, formError, h, openSheet, toast } from "../ui.js";

const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;

/**
 * Opens capture at its text box; or, given a `result` already read from `text` (a note's "Extract tasks"), at its
 * review, whose tasks are added through `commitTo` and then told to `onAdded`.
 */
export function openCapture({ text: given = "", result = null, commitTo = "/capture/commit", onAdded } = {}) {
  const body = h("div");
  const sheet = openSheet({ title: result ? "Extract tasks" : "Capture", content: body, onClose: () => {
    listener?.stop();
    document.onselectionchange = null;
  } });
  let listener = null;
  let text = given;

  const showInput = () => {
    const input = h("textarea.textarea", { label: "What's on your mind?", autofocus: true, value: text,
      placeholder: "Call the dentist tomorrow at 9, buy milk, and send the report by Friday p1" });
    const status = h("p.listening", { "aria-live": "polite" });
    const review = button({ class: "btn primary block", text: "Review", disabled: !text.trim() });
    input.addEventListener("input", () => {
      text = input.value;
      review.disabled = !text.trim();
    });
    const inputBox = h("div.capture-input", {}, input);
    if (Recognition) inputBox.append(micButton(input, status, (l) => (listener = l)));
    const form = h("form", { on: { submit: (e) => e.preventDefault() } },
      h("p.hint", `${Recognition ? "Say or type" : "Type"} everything on your mind. Kairos splits it into tasks.`),
      inputBox, status, h("div.sheet-actions", {}, review));
    body.replaceChildren(form);
    input.focus();
    review.addEventListener("click", () => {
      listener?.stop();
      review.disabled = true;
      review.textContent = "Reading…";
      post("/capture", { text, tz: userTimeZone() }).then(showReview, (error) => {
        status.textContent = explain(error);
        review.disabled = false;
        review.textContent = "Review";
      });
    });
  };

  const showReview = (result) => {
    // One id for this review: pressing Add again after a lost answer gets the first commit's tasks back.
    const commitId = clientId();
    const proposals = result.tasks.map((task) => ({ ...task }));
    const cards = h("div.proposals");
    const add = button({ class: "btn primary" });
    const back = result ? null : button({ class: "btn", text: "Edit text", on: { click: showInput } });
    const error = formError();
    const refresh = () => {
      add.textContent = `Add ${count(proposals.length, "task")}`;
      add.disabled = proposals.length === 0;
      if (!proposals.length) cards.replaceChildren(h("p.hint", "Nothing to add. Edit the text to try again."));
    };
    // Each card edits its task inline, under the words it was read from.
    const addCard = (p) => {
      let [day = "", clock = ""] = p.due?.split("T") ?? [];
      const watch = (el, set) => {
        el.addEventListener("change", () => {
          set(el.value.trim());
          p.due = day ? day + (clock && `T${clock}`) : null;
        });
        return el;
      };
      const input = (label, value, set, props) => watch(h("input.input", { label, value, ...props }), set);
      const card = h("div.card.proposal", {},
        h("div.grow", {}, input("Task title", p.title, (v) => (p.title = v), { class: "title", maxlength: 500 }), h("q.said", text.slice(...p.source_span)), p.recurrence && h("small.hint", " Repeats"),
          h("div.form-row", {}, input("Due date", day, (v) => (day = v), { type: "date" }), input("Due time", clock, (v) => (clock = v), { type: "time" })),
          h("div.form-row", {}, input("List", p.list ?? "", (v) => (p.list = v || null), { list: "capture-lists", placeholder: "Inbox" }),
            watch(h("select.select", { label: "Priority" }, [1, 2, 3, 4].map((n) => h("option", { value: n, text: `P${n}`, selected: (p.priority ?? 4) === n }))), (v) => (p.priority = +v)),
            input("Labels", p.labels.map((l) => `@${l}`).join(" "), (v) => (p.labels = v.split(/[\s,@]+/).filter(Boolean)), { placeholder: "@label" }))),
        button({ class: "icon-btn", icon: "close", label: `Remove ${p.title}`, on: { click: () => {
          proposals.splice(proposals.indexOf(p), 1);
          card.remove();
          refresh();
        } } }));
      if (!cards.querySelector(".proposal")) cards.replaceChildren();
      cards.append(card);
    };
    proposals.forEach(addCard);
    // Part of what was said, read alone as one more task.
    const addSpan = async (control, [start, end], done) => {
      control.disabled = true;
      try {
        const { task } = await post("/capture/span", { text, start, end, tz: userTimeZone() });
        if (!task) return (error.textContent = "Kairos found nothing to do in that. Edit the text instead.");
        proposals.push(task);
        addCard(task);
        refresh();
        done();
      } catch (failure) {
        error.textContent = explain(failure);
      } finally {
        control.disabled = false;
      }
    };
    // Words selected in the transcript: a button offers to make a task of them.
    const said = h("p.card.transcript", { text });
    let picked = null;
    const create = button({ class: "btn small", hidden: true, on: { click: () => addSpan(create, picked, () => (create.hidden = true)) } });
    document.onselectionchange = () => {
      const range = getSelection().rangeCount && getSelection().getRangeAt(0);
      if (range?.startContainer !== said.firstChild || range.endContainer !== said.firstChild || range.collapsed) return;
      picked = [range.startOffset, range.endOffset];
      create.textContent = `Create task from “${range}”`;
      create.hidden = false;
    };
    // What Kairos heard but made no task of: one tap reads that clause alone as a task.
    const notAdded = result.set_aside.map((clause) => {
      const make = button({ class: "btn", text: "Add", label: `Add “${clause.text}” as a task`, on: { click: () => addSpan(make, clause.span, () => row.remove()) } });
      const row = h("li.not-added", {}, h("span.grow", clause.text), make);
      return row;
    });
    const warnings = result.warnings.map((w) => h("p.warning", w.message));
    fill(body,
      ...warnings,
      proposals.length ? h("p.hint", "Here is what Kairos heard. Change or remove anything, then add.") : null,
      cards,
      notAdded.length ? h("section.set-aside", {}, h("h3", "Not added"), h("ul.list.card", { role: "list" }, ...notAdded)) : null,
      h("section.set-aside", {}, h("h3", "What you said (select words to make a task of them)"), said, create,
        h("datalist", { id: "capture-lists" }, state.projects.map((p) => h("option", { value: p.name })))),
      error, h("div.sheet-actions", {}, back, add));
    refresh();
    add.focus({ preventScroll: true });
    body.closest(".sheet").scrollTop = 0;
    add.addEventListener("click", async () => {
      if (proposals.some((p) => !p.title.trim())) {
        error.textContent = "Every task needs a title.";
        return;
      }
      add.disabled = true;
      try {
        const tasks = proposals.map((p) => ({ ...p, title: p.title.trim() }));
        const answer = await post(commitTo, { tasks, create_missing_lists: true, client_id: commitId });
        sheet.close();
        tasksChanged();
        onAdded?.(answer);
        toast(`Added ${count(answer.tasks.length, "task")}`);
        // The first capture (not a note's tasks, whose screen goes on) is a moment to offer reminders here.
        if (!onAdded) import("../push.js").then((push) => push.offerPush(), () => {});
      } catch (failure) {
        error.textContent = explain(failure);
        add.disabled = false;
      }
    });
  };

  if (result) showReview(result);
  else showInput();
}

/** The microphone: a live transcript into the text box while the browser listens. */
function micButton(input, status, setListener) {
  const mic = button({ class: "mic-btn", icon: "mic", label: "Speak", "aria-pressed": "false" });
  let recognition = null;
  const stop = () => recognition?.stop();
  mic.addEventListener("click", () => {
    if (recognition) return stop();
    recognition = new Recognition();
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.lang = "en-US";
    const before = input.value.trim();
    recognition.onresult = (event) => {
      const spoken = [...event.results].map((r) => r[0].transcript).join(" ").replace(/\s+/g, " ").trim();
      input.value = [before, spoken].filter(Boolean).join(" ");
      input.dispatchEvent(new Event("input"));
    };
    recognition.onerror = (event) => {
      status.textContent = event.error === "not-allowed" ? "Kairos can't use the microphone. You can type instead." : "I didn't catch that. Try again, or type.";
    };
    const listening = (on) => {
      mic.ariaPressed = on;
      mic.ariaLabel = on ? "Stop listening" : "Speak";
      if (on || status.textContent === "Listening…") status.textContent = on ? "Listening…" : "";
    };
    recognition.onend = () => {
      recognition = null;
      listening(false);
    };
    listening(true);
    try {
      recognition.start();
    } catch {
      recognition = null;
      status.textContent = "I didn't catch that. Try again, or type.";
    }
  });
  setListener({ stop });
  return mic;
}
