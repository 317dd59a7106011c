// A thread's composer: text with @mention suggestions, files uploaded as soon as they are picked,
// typing signals, and the row above it that says who is typing or offers a next step.

import { sendTyping } from "../live.js";
import { state } from "../state.js";
import { autoGrow, avatar, button, h, onSubmit } from "../ui.js";
import { ACCEPT, fileSize, refusal, upload } from "./attachments.js";

const TYPING_EVERY_MS = 3000;
const MAX_FILES = 10;

/** The handle that names `member` in a message: their first name, unless someone else here shares it. */
export function mentionHandle(member, members) {
  const first = member.name.trim().split(/\s+/)[0];
  const shared = members.some((other) => other.user_id !== member.user_id && other.name.trim().split(/\s+/)[0].toLowerCase() === first.toLowerCase());
  return shared ? member.name.replace(/\s+/g, "") : first;
}

/**
 * Builds the composer of `conversation`. `onSend({text, attachments, localUrls})` posts a message;
 * `onShareTask()` opens the task picker; `tools` shows above the field. Returns
 * `{ element, typingLine, showNote, dispose }`.
 */
export function createComposer({ conversation, onSend, onShareTask, tools }) {
  const input = h("textarea", { rows: 1, label: "Message", placeholder: "Message", maxlength: 10000, "aria-autocomplete": "list", "aria-expanded": "false" });
  const send = h("button", { type: "submit", class: "icon-btn send", icon: "send", label: "Send", disabled: true });
  const picker = h("input", { type: "file", class: "visually-hidden", accept: ACCEPT, multiple: true, tabindex: "-1", label: "Choose files to attach" });
  const attach = button({ class: "icon-btn", icon: "attach", label: "Attach a photo or PDF", on: { click: () => picker.click() } });
  const share = button({ class: "icon-btn", icon: "taskShare", label: "Share a task", on: { click: onShareTask } });
  const tray = h("ul.tray", { label: "Attachments", hidden: true });
  const typingLine = h("p.typing", { "aria-live": "polite" });
  const suggestions = h("ul.mention-list.card", { role: "listbox", id: `mentions-${conversation.id}`, label: "People to mention", hidden: true });
  const notes = h("div.composer-notes");
  const element = h("form.composer", {},
    h("div.composer-above", {}, tools, notes, suggestions, typingLine),
    attach, share, h("div.compose-field", {}, tray, input), send, picker);
  input.setAttribute("aria-controls", suggestions.id);

  const uploads = [];
  let lastTyping = 0;

  const refresh = () => {
    const busy = uploads.some((u) => u.state === "uploading");
    const ready = uploads.some((u) => u.state === "done");
    send.disabled = busy || !(input.value.trim() || ready);
    tray.hidden = uploads.length === 0;
  };
  autoGrow(input, 140);

  // ---- Files: each upload starts at once and shows as a chip until the message is sent.
  picker.addEventListener("change", () => {
    for (const file of [...picker.files]) addFile(file);
    picker.value = "";
  });
  const warn = (text) => showNote(h("p.note-text", { role: "alert", text }));
  function addFile(file) {
    const refused = refusal(file) ?? (uploads.length >= MAX_FILES ? `A message carries up to ${MAX_FILES} files.` : null);
    if (refused) return warn(refused);
    notes.replaceChildren();
    const item = { file, state: "uploading", attachment: null, localUrl: file.type.startsWith("image/") ? URL.createObjectURL(file) : null };
    const status = h("span.att-size", { text: "Uploading…" });
    const remove = button({ class: "icon-btn", icon: "close", label: `Remove ${file.name}` });
    item.chip = h("li.tray-item", {},
      item.localUrl ? h("img.tray-thumb", { src: item.localUrl, alt: "" }) : h("span.att-icon", { icon: "file" }),
      h("span.grow", {}, h("span.att-name", { text: file.name }), status), remove);
    const drop = () => {
      uploads.splice(uploads.indexOf(item), 1);
      item.chip.remove();
      refresh();
    };
    remove.addEventListener("click", () => {
      drop();
      if (item.localUrl) URL.revokeObjectURL(item.localUrl);
      input.focus();
    });
    uploads.push(item);
    tray.append(item.chip);
    refresh();
    upload(file).then((attachment) => {
      item.attachment = attachment;
      item.state = "done";
      status.textContent = fileSize(attachment.size);
      refresh();
    }, (error) => {
      drop();
      warn(refusal(file, error));
    });
  }

  // ---- Mentions: "@" and the start of a name offer the members whose names match.
  let matches = [];
  let active = 0;
  const others = () => conversation.members.filter((m) => m.user_id !== state.user.id);
  const query = () => input.value.slice(0, input.selectionStart).match(/(?:^|[^\p{L}\p{N}])@([\p{L}\p{N}._-]*)$/u);
  const closeSuggestions = () => {
    matches = [];
    suggestions.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  };
  const drawSuggestions = () => {
    const found = query();
    const typed = found?.[1].toLowerCase();
    matches = found ? others().filter((m) => m.name.toLowerCase().split(/\s+/).some((word) => word.startsWith(typed)) || m.name.replace(/\s+/g, "").toLowerCase().startsWith(typed)).slice(0, 6) : [];
    if (matches.length === 0) return closeSuggestions();
    active = Math.min(active, matches.length - 1);
    suggestions.replaceChildren(...matches.map((member, i) => {
      const option = h("li", { role: "option", id: `${suggestions.id}-${i}`, class: "row", "aria-selected": String(i === active) },
        avatar(member.name, "small"), h("span.grow", { text: member.name }));
      option.addEventListener("pointerdown", (event) => event.preventDefault());
      option.addEventListener("click", () => pick(member));
      return option;
    }));
    suggestions.hidden = false;
    input.setAttribute("aria-expanded", "true");
    input.setAttribute("aria-activedescendant", `${suggestions.id}-${active}`);
  };
  const pick = (member) => {
    const found = query();
    if (!found) return closeSuggestions();
    const caret = input.selectionStart;
    const start = caret - found[1].length - 1;
    const handle = `@${mentionHandle(member, conversation.members)} `;
    input.value = input.value.slice(0, start) + handle + input.value.slice(caret);
    input.setSelectionRange(start + handle.length, start + handle.length);
    closeSuggestions();
    refresh();
    input.focus();
  };

  input.addEventListener("input", () => {
    refresh();
    active = 0;
    drawSuggestions();
    if (input.value.trim() && Date.now() - lastTyping > TYPING_EVERY_MS) {
      lastTyping = Date.now();
      sendTyping(conversation.id);
    }
  });
  input.addEventListener("blur", closeSuggestions);
  input.addEventListener("keydown", (event) => {
    if (matches.length) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        active = (active + (event.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length;
        return drawSuggestions();
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        return pick(matches[active]);
      }
      if (event.key === "Escape") {
        event.stopPropagation();
        return closeSuggestions();
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      element.requestSubmit();
    }
  });

  onSubmit(element, () => {
    if (send.disabled) return;
    const done = uploads.filter((u) => u.state === "done");
    const localUrls = new Map(done.filter((u) => u.localUrl).map((u) => [u.attachment.id, u.localUrl]));
    onSend({ text: input.value.trim(), attachments: done.map((u) => u.attachment), localUrls });
    notes.replaceChildren();
    uploads.length = 0;
    tray.replaceChildren();
    input.value = "";
    input.style.height = "";
    lastTyping = 0;
    closeSuggestions();
    refresh();
  });

  /** Shows one note above the composer (a refused file, an offer to share); a newer note replaces it. */
  function showNote(...content) {
    const dismiss = button({ class: "icon-btn", icon: "close", label: "Dismiss" });
    const note = h("div.composer-note.card", { role: "status" }, h("div.grow", {}, content), dismiss);
    dismiss.addEventListener("click", () => note.remove());
    notes.replaceChildren(note);
    return () => note.remove();
  }

  return {
    element,
    typingLine,
    showNote,
    dispose() {
      for (const u of uploads) if (u.localUrl) URL.revokeObjectURL(u.localUrl);
    },
  };
}
