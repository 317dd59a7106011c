// An invitation link (#/invite/TOKEN): says who invites to what, then joins, signed in or not.

import { api, session } from "../api.js";
import { browserTimeZone } from "../dates.js";
import { explain, field, fill, formError, h, onSubmit } from "../ui.js";

export async function renderInvite(view, { token }, { signedIn }) {
  let invite;
  try {
    invite = await api(`/invites/${encodeURIComponent(token)}`);
  } catch (failure) {
    const gone = failure.status === 404 || failure.status === 409;
    fill(view, h("div.auth", {},
      h("img.logo", { src: "/icons/icon.svg", alt: "" }),
      h("h1.large-title", { text: gone ? "This link can't be used" : "Something didn't work" }),
      h("p.subtitle", { text: gone ? explain(failure) : "Try again in a moment?" }),
      h("p.switch", {}, h("a.link-btn", { href: "#/signin", text: "Go to sign in" }))));
    return;
  }
  const place = invite.project_id ? "the project" : "the group";
  const name = h("input", {
    class: "input", type: "text", autocomplete: "name", maxlength: 100, label: "Your name",
    value: invite.email.split("@")[0],
  });
  const error = formError();
  const join = h("button", { type: "submit", class: "btn primary block", text: `Join ${invite.target_name}` });
  const form = h("form", { novalidate: true },
    field("Your name (for a new account)", name), error, join);
  onSubmit(form, async () => {
    join.disabled = true;
    error.textContent = "";
    try {
      const answer = await api("/invites/accept", {
        method: "POST", body: { token, name: name.value.trim() || undefined, timezone: browserTimeZone() },
      });
      session.token = answer.token;
      const target = answer.invite.project_id ? `#/projects/${answer.invite.project_id}` : `#/messages/${answer.invite.conversation_id}`;
      await signedIn(answer.user, target);
    } catch (failure) {
      error.textContent = explain(failure);
      join.disabled = false;
    }
  });
  fill(view, h("div.auth", {},
    h("img.logo", { src: "/icons/icon.svg", alt: "" }),
    h("h1.large-title", { text: `Join ${invite.target_name}` }),
    h("p", {
      class: "subtitle",
      text: `${invite.inviter_name} invited ${invite.email} to ${place} as ${invite.role}.`,
    }),
    form));
  join.focus();
}
