// Home's card of what the user was mentioned in while away, grouped by thread. Who counts as away, which
// mentions count and their order are the server's (`GET /mentions/digest`); the card only shows them.

import { post } from "../api.js";
import { button, count, h, rowList, told } from "../ui.js";
import { recountBell } from "./notifications.js";

/** The card for `digest`; each group opens its thread at the earliest mention shown, Dismiss marks them read. */
export function missedMentionsCard(digest) {
  const dismiss = () => told(post("/mentions/digest/dismiss").then(() => {
    card.remove();
    recountBell();
  }));
  const card = h("section.missed", { label: "Mentions while you were away" },
    h("div.missed-head", {}, h("h2.section-title", { text: "While you were away" }),
      button({ class: "link-btn", text: "Dismiss", label: "Dismiss these mentions", on: { click: dismiss } })),
    rowList(".missed-groups", digest.groups.map((group) => {
      const at = group.mentions.at(-1).message_id;
      return h("a.row", { href: `#/messages/${group.conversation_id}/at/${at}`, data: { conversation: group.conversation_id } },
        h("span.grow", {}, h("span.text", {}, h("strong", { text: group.conversation_name }), ` · ${count(group.count, "mention")}`),
          group.mentions.map((m) => h("span.reason", { text: `${m.author}: ${m.excerpt}` }))),
        h("span.chev", { icon: "chevron" }));
    })));
  return card;
}
