// Settings' hooks: the person's receivers of signed JSON and ntfy topics, added, tried, their delivery logs
// read and removed. What a hook may be, and what became of each notice, the server decides.

import { api, post } from "../api.js";
import { stamp } from "../dates.js";
import { userTimeZone } from "../state.js";
import { button, copyButton, explain, field, formOf, h, markChosen, openMenu, openSheet, rowList, toast } from "../ui.js";

/** The hooks, each opening what can be done with it, and the form that adds one; its signing secret shows once. */
export async function hooksCard() {
  const hooks = await api("/webhooks").catch(() => null);
  if (!hooks) return h("div.card.pad", {}, h("p.hint", { text: "You're offline: your hooks come back with the connection." }));
  const list = h("div");
  const show = (results) => list.replaceChildren(results.length
    ? rowList(".feed.hooks", results.map((hook) => {
      const kind = (hook.format === "ntfy" ? "ntfy" : "Signed JSON") + (hook.has_token ? ", with token" : "");
      const line = h("span.when", { role: "status", text: kind });
      const tell = (outcome) => (line.textContent = outcome ? `${kind} · ${outcome}` : kind);
      return button({ class: "row", on: { click: () => choices(hook, tell, reload) } },
        h("span.grow", {}, h("span.text", { text: hook.url }), line), h("span.chev", { icon: "chevron" }));
    }))
    : h("p.hint", { text: "No hooks yet. Notices can go to a receiver of signed JSON (Home Assistant, n8n, your own code) or to an ntfy topic." }));
  const reload = () => api("/webhooks").then((page) => show(page.results), (error) => toast(explain(error)));
  show(hooks.results);

  const url = h("input.input", { label: "Address", placeholder: "https://example.com/kairos-hook", inputmode: "url", autocapitalize: "off", spellcheck: "false", maxlength: 2000 });
  const token = h("input.input", { label: "Access token", placeholder: "tk_...", autocomplete: "off", spellcheck: "false" });
  const tokenField = field("Access token (optional)", token);
  tokenField.hidden = true;
  const formats = h("div.segmented", { role: "group", label: "Format" }, [["json", "Signed JSON"], ["ntfy", "ntfy topic"]].map(([format, text], i) =>
    button({ text, data: { format }, "aria-pressed": String(!i), on: { click: (event) => {
      markChosen(event.currentTarget);
      tokenField.hidden = format !== "ntfy";
      url.placeholder = tokenField.hidden ? "https://example.com/kairos-hook" : "https://ntfy.sh/mytopic";
    } } })));
  const made = h("div");
  const form = formOf([field("Address", url), field("Format", formats, "div"), tokenField], "Add hook", async () => {
    const format = formats.querySelector('[aria-pressed="true"]').dataset.format;
    const hook = await post("/webhooks", { url: url.value.trim(), format, token: (format === "ntfy" && token.value.trim()) || undefined })
      .catch((error) => { if (error.status !== 409) throw error; });
    if (!hook) return "You have 10 hooks already, the most one person keeps: remove one you no longer use first.";
    url.value = token.value = "";
    made.replaceChildren(...(hook.secret ? secretShown(hook.secret) : []));
    await reload();
  });
  return h("div", {}, list, h("div.card.boxed", { style: "margin-top:12px" }, form, made));
}

/** A JSON hook's signing secret, shown this once, with how a receiver checks it. */
function secretShown(secret) {
  return [h("p.hint", { role: "alert" }, h("strong", { style: "color:var(--text)", text: "Copy it now: it is not shown again." })),
    field("Signing secret", h("input.input", { readonly: true, value: secret, label: "Signing secret", on: { focus: (event) => event.target.select() } })),
    copyButton(secret),
    h("p.hint", { style: "margin-bottom:0", text: "A receiver checks Kairos-Signature: sha256= and the HMAC-SHA256 of Kairos-Timestamp, a dot and the raw body, keyed with this secret." })];
}

/** What can be done with one hook: a test, whose outcome `tell` puts on its row, its log, or removing it (asked again first). */
function choices(hook, tell, reload) {
  const preview = () => h("p.menu-preview", { text: hook.url });
  const remove = () => openMenu("Remove this hook?", [["Remove", () => api(`/webhooks/${hook.id}`, { method: "DELETE" }).then(reload, (error) => toast(explain(error))), "danger"],
    ["Cancel", () => {}]], { preview: preview() });
  const sendTest = async () => {
    tell("Sending a test…");
    try {
      const result = await post(`/webhooks/${hook.id}/test`);
      tell(result.delivered ? `Delivered (${result.status})` : `Not delivered: ${result.error}`);
    } catch (error) {
      tell();
      toast(explain(error));
    }
  };
  openMenu("Hook", [["Send a test", sendTest], ["Delivery log", () => deliveryLog(hook)], ["Remove", remove, "danger"]], { preview: preview() });
}

/** The hook's log, newest first, each notice by its words in the feed (by its kind once it has left the feed). */
function deliveryLog(hook) {
  const log = rowList(".feed.hooks", [], { hidden: true });
  const more = button({ class: "btn block", text: "Show more", style: "margin-top:12px", hidden: true });
  const empty = h("p.hint", { hidden: true, text: "Nothing sent yet. Each notice that goes to this hook shows here; a test is not kept." });
  const { body } = openSheet({ title: "Delivery log", content: h("div", {}, h("p.menu-preview", { text: hook.url }), empty, log, more) });
  const tz = userTimeZone();
  const said = (entry) => ({
    delivered: "Delivered",
    waiting: `Waiting, next try at ${stamp(entry.next_attempt_at, tz)}${entry.error ? `. Last try: ${entry.error}` : ""}`,
    failed: `Failed: ${entry.error ?? entry.status}`,
  })[entry.state] ?? "Dropped";
  let cursor = "";
  const load = async () => {
    more.disabled = true;
    try {
      const page = await api(`/webhooks/${hook.id}/deliveries?limit=20${cursor && `&cursor=${encodeURIComponent(cursor)}`}`);
      log.append(...page.results.map((entry) => h("li", {}, h("div.row", {}, h("span.grow", {},
        h("span.text", { text: entry.text ?? entry.kind[0].toUpperCase() + entry.kind.slice(1).replace(".", " ") }),
        h("span.when", { text: `${stamp(entry.created_at, tz)} · ${said(entry)}` }))))));
      log.hidden = !log.childElementCount;
      empty.hidden = !log.hidden;
      cursor = page.next_cursor ?? "";
      more.hidden = !cursor;
    } catch (error) {
      if (body.isConnected) toast(explain(error));
    }
    more.disabled = false;
  };
  more.addEventListener("click", load);
  load();
}
