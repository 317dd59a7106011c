// Communications > Notes: personal notes beside Messages; a note's "Summarize" shows what it comes to, and
// "Extract tasks" opens capture's review.

import { api, clientId, post } from "../api.js";
import { button, count, emptyState, explain, fill, formError, h, onSubmit, rowList, screenHeader, toast } from "../ui.js";
import { openCapture } from "./capture.js";
import { openSummarySheet } from "./summary.js";

/** The segments of Communications, with `current` marked. */
export const commsSegments = (current) => h("nav.segmented", { label: "Communications" },
  [["messages", "Messages"], ["notes", "Notes"]].map(([key, name]) => h("a", { href: `#/${key}`, text: name, "aria-current": key === current && "page" })));

export async function renderNotes(view) {
  const list = h("div.notes");
  let query = "";
  let searching = null;
  const draw = async () => {
    const page = await api(`/notes?limit=100${query ? `&query=${encodeURIComponent(query)}` : ""}`);
    fill(list, page.results.length ? rowList("", page.results.map((note) => noteRow(note, draw)))
      : query ? emptyState("search", "No note holds that", "Try other words.") : emptyState("book", "No notes yet", "Write one above. Only you see your notes."));
  };
  // One id per note being written: saving again after a lost answer keeps it once.
  let noteId = clientId();
  const text = h("textarea.textarea", { label: "New note", placeholder: "Write a note…" });
  const error = formError();
  const form = h("form.card.note-form", {}, text, error, h("div.sheet-actions", {}, h("button.btn.primary", { type: "submit", text: "Save note" })));
  onSubmit(form, async () => {
    if (!text.value.trim()) return;
    try {
      await post("/notes", { text: text.value, client_id: noteId });
      text.value = "";
      error.textContent = "";
      noteId = clientId();
      await draw();
    } catch (failure) {
      error.textContent = explain(failure);
    }
  });
  const search = h("input.input.notes-search", { type: "search", label: "Search notes", placeholder: "Search notes" });
  search.addEventListener("input", () => {
    clearTimeout(searching);
    searching = setTimeout(() => {
      query = search.value.trim();
      draw().catch((failure) => toast(explain(failure)));
    }, 250);
  });
  view.append(screenHeader("Notes"), commsSegments("notes"), form, search, list);
  await draw();
  return () => clearTimeout(searching);
}

/** A note with when it was written, the tasks made from it, and its "Summarize" and "Extract tasks" buttons. */
function noteRow(note, redraw) {
  const made = note.task_ids.length ? ` · ${count(note.task_ids.length, "task")}` : "";
  const written = new Date(note.created_at).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  const extract = button({ class: "btn small", text: "Extract tasks", label: `Extract tasks from note ${note.id}`, on: { click: async () => {
    extract.disabled = true;
    try {
      const result = await post(`/notes/${note.id}/extract`);
      if (!result.tasks.length) return toast("Kairos found no task in this note.");
      openCapture({ text: note.text, result, commitTo: `/notes/${note.id}/tasks`, onAdded: () => redraw().catch(() => {}) });
    } catch (failure) {
      toast(explain(failure));
    } finally {
      extract.disabled = false;
    }
  } } });
  const summarize = button({ class: "btn small", text: "Summarize", label: `Summarize note ${note.id}`, on: { click: async () => {
    summarize.disabled = true;
    try {
      openSummarySheet("Note summary", await post(`/notes/${note.id}/summary`));
    } catch (failure) {
      toast(explain(failure));
    } finally {
      summarize.disabled = false;
    }
  } } });
  return h("div.row.note-row", { "data-note": note.id },
    h("span.grow", {}, h("span.note-text", { text: note.text }), h("small.hint", { text: `${note.source === "voice" ? "Voice · " : ""}${written}${made}` })),
    h("span.note-actions", {}, summarize, extract));
}
