// Message attachments: uploading a picked file, and showing a message's files (images as previews
// fetched with the token, PDFs as a chip that opens the file).

import { post, session } from "../api.js";
import { h } from "../ui.js";

const MAX_BYTES = 25 * 1024 * 1024;
const TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/heic", "application/pdf"];
export const ACCEPT = `${TYPES.join(",")},.heic,.pdf`;

/**
 * Neutral words for a file this check, or the server when its upload met `failure`, will not take; null
 * when it may be sent.
 */
export function refusal(file, failure) {
  if (failure?.status === 413 || file.size > MAX_BYTES) return `${file.name} is larger than 25 MB. Try a smaller file.`;
  if (failure?.status === 415 || (file.type && !TYPES.includes(file.type))) return `${file.name} can't be attached. Photos and PDFs can.`;
  return failure ? `${file.name} didn't upload. Try again?` : null;
}

export const upload = (file) => post(`/attachments?name=${encodeURIComponent(file.name)}`, file);

/** "1.2 MB", "340 KB". */
export function fileSize(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Object URLs of downloaded files, by attachment id; released when the thread closes. */
export function fileCache() {
  const urls = new Map();
  return {
    /** The file's object URL, downloaded with the token the first time. */
    url(attachment) {
      if (!urls.has(attachment.id)) {
        const loading = fetch(attachment.url, { headers: { Authorization: `Bearer ${session.token}` } })
          .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
          .then((blob) => URL.createObjectURL(blob));
        loading.catch(() => urls.delete(attachment.id));
        urls.set(attachment.id, loading);
      }
      return urls.get(attachment.id);
    },
    release() {
      for (const loading of urls.values()) loading.then((url) => URL.revokeObjectURL(url), () => {});
      urls.clear();
    },
  };
}

/** A message's files: image previews, and a chip for each PDF. `localUrls` previews a message still sending. */
export function attachmentList(attachments, files, localUrls = new Map()) {
  return h("div.attachments", {}, attachments.map((attachment) =>
    attachment.mime_type.startsWith("image/") ? imagePreview(attachment, files, localUrls.get(attachment.id)) : fileChip(attachment, files)));
}

function imagePreview(attachment, files, localUrl) {
  const img = h("img.att-img", { alt: attachment.name });
  const link = h("a.att-image", { target: "_blank", rel: "noopener", label: `Open ${attachment.name}` }, img);
  img.addEventListener("load", () => link.classList.add("loaded"), { once: true });
  const show = (url) => {
    img.src = url;
    link.href = url;
  };
  if (localUrl) show(localUrl);
  else files.url(attachment).then(show, () => link.replaceWith(fileChip(attachment, files)));
  return link;
}

function fileChip(attachment, files) {
  const chip = h("a.att-file", { target: "_blank", rel: "noopener", href: "#", label: `Open ${attachment.name}, ${fileSize(attachment.size)}` },
    h("span.att-icon", { icon: "file" }),
    h("span.grow", {}, h("span.att-name", { text: attachment.name }), h("span.att-size", { text: fileSize(attachment.size) })));
  chip.addEventListener("click", async (event) => {
    if (chip.dataset.ready) return;
    event.preventDefault();
    try {
      chip.href = await files.url(attachment);
      chip.dataset.ready = "true";
      chip.click();
    } catch {
      chip.querySelector(".att-size").textContent = "Couldn't open this file. Try again?";
    }
  });
  return chip;
}
