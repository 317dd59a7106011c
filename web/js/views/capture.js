// The capture half-sheet: say or type a brain-dump, review the tasks Kairos reads from it, add them.

import { clientId, post } from "../api.js";
import { describeDue } from "../dates.js";
import { tasksChanged, userTimeZone } from "../state.js";
import { button, count, explain, fill, formError, h, openSheet, toast } from "../ui.js";

const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;

export function openCapture() {
  const body = h("div");
  const sheet = openSheet({ title: "Capture", content: body, onClose: () => listener?.stop() });
  let listener = null;
  let text = "";

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
      h("p.hint", { text: `${Recognition ? "Say or type" : "Type"} everything on your mind. Kairos splits it into tasks.` }),
      inputBox, status, h("div.sheet-actions", {}, review));
    body.replaceChildren(form);
    input.focus();
    review.addEventListener("click", async () => {
      listener?.stop();
      review.disabled = true;
      review.textContent = "Reading…";
      try {
        const result = await post("/capture", { text, tz: userTimeZone() });
        showReview(result);
      } catch (error) {
        status.textContent = explain(error);
        review.disabled = false;
        review.textContent = "Review";
      }
    });
  };

  const showReview = (result) => {
    // One id for this review: pressing Add again after a lost answer gets the first commit's tasks back.
    const commitId = clientId();
    const proposals = result.tasks.map((task) => ({ ...task }));
    const cards = h("div.proposals");
    const add = button({ class: "btn primary" });
    const back = button({ class: "btn", text: "Edit text", on: { click: showInput } });
    const error = formError();
    const refresh = () => {
      add.textContent = `Add ${count(proposals.length, "task")}`;
      add.disabled = proposals.length === 0;
      if (!proposals.length) cards.replaceChildren(h("p.hint", { text: "Nothing to add. Edit the text to try again." }));
    };
    const addCard = (proposal) => {
      const title = h("input", { type: "text", value: proposal.title, label: "Task title", maxlength: 500 });
      title.addEventListener("input", () => (proposal.title = title.value));
      const card = h("div.card.proposal", {},
        h("div.grow", {}, title, proposalMeta(proposal)),
        button({ class: "icon-btn", icon: "close", label: `Remove ${proposal.title}`, on: { click: () => {
          proposals.splice(proposals.indexOf(proposal), 1);
          card.remove();
          refresh();
        } } }));
      if (!cards.querySelector(".proposal")) cards.replaceChildren();
      cards.append(card);
    };
    proposals.forEach(addCard);
    // What Kairos heard but made no task of: one tap reads that clause alone as a task.
    const notAdded = result.set_aside.map((clause) => {
      const make = button({ class: "btn", text: "Add", label: `Add “${clause.text}” as a task` });
      const row = h("li.not-added", {}, h("span.grow", { text: clause.text }), make);
      make.addEventListener("click", async () => {
        make.disabled = true;
        try {
          const answer = await post("/capture/span", { text, start: clause.span[0], end: clause.span[1], tz: userTimeZone() });
          if (!answer.task) {
            error.textContent = "Kairos found nothing to do in that. Edit the text instead.";
            return;
          }
          proposals.push(answer.task);
          addCard(answer.task);
          row.remove();
          refresh();
        } catch (failure) {
          error.textContent = explain(failure);
          make.disabled = false;
        }
      });
      return row;
    });
    const warnings = result.warnings.map((w) => h("p.warning", { text: w.message }));
    fill(body,
      ...warnings,
      proposals.length ? h("p.hint", { text: "Here is what Kairos heard. Change or remove anything, then add." }) : null,
      cards,
      notAdded.length ? h("section.set-aside", {}, h("h3", { text: "Not added" }), h("ul.list.card", { role: "list" }, ...notAdded)) : null,
      error, h("div.sheet-actions", {}, back, add));
    refresh();
    add.focus();
    add.addEventListener("click", async () => {
      if (proposals.some((p) => !p.title.trim())) {
        error.textContent = "Every task needs a title.";
        return;
      }
      add.disabled = true;
      try {
        const tasks = proposals.map((p) => ({ ...p, title: p.title.trim() }));
        const answer = await post("/capture/commit", { tasks, create_missing_lists: true, client_id: commitId });
        sheet.close();
        tasksChanged();
        toast(`Added ${count(answer.tasks.length, "task")}`);
      } catch (failure) {
        error.textContent = explain(failure);
        add.disabled = false;
      }
    });
  };

  showInput();
}

function proposalMeta(proposal) {
  const meta = h("span.meta");
  if (proposal.due) meta.append(h("span.due", { text: describeDue({ date: proposal.due }, userTimeZone()).label }));
  if (proposal.recurrence) meta.append(h("span", { text: "Repeats" }));
  if (proposal.list) meta.append(h("span", { text: proposal.list_exists ? `#${proposal.list}` : `#${proposal.list} (new list)` }));
  if (proposal.priority) meta.append(h("span.prio", { text: `P${proposal.priority}` }));
  for (const label of proposal.labels) meta.append(h("span.chip", { text: `@${label}` }));
  return meta;
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
    recognition.onend = () => {
      recognition = null;
      mic.setAttribute("aria-pressed", "false");
      mic.setAttribute("aria-label", "Speak");
      if (status.textContent === "Listening…") status.textContent = "";
    };
    mic.setAttribute("aria-pressed", "true");
    mic.setAttribute("aria-label", "Stop listening");
    status.textContent = "Listening…";
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
