// An invitation link (#/invite/TOKEN): says who invites to what, then joins, signed in or not.

import { api, post, session } from "../api.js";
import { browserTimeZone } from "../dates.js";
import { explain, field, fill, formOf, h, welcome } from "../ui.js";

export async function renderInvite(view, { token }, { signedIn }) {
  let invite;
  try {
    invite = await api(`/invites/${encodeURIComponent(token)}`);
  } catch (failure) {
    const gone = failure.status === 404 || failure.status === 409;
    fill(view, welcome(gone ? "This link can't be used" : "Something didn't work", gone ? explain(failure) : "Try again in a moment?",
      h("p.switch", {}, h("a.link-btn", { href: "#/signin", text: "Go to sign in" }))));
    return;
  }
  const place = invite.project_id ? "the project" : "the group";
  const name = h("input.input", { type: "text", autocomplete: "name", maxlength: 100, label: "Your name", value: invite.email.split("@")[0] });
  const form = formOf(field("Your name (for a new account)", name), `Join ${invite.target_name}`, async () => {
    const answer = await post("/invites/accept", { token, name: name.value.trim() || undefined, timezone: browserTimeZone() });
    session.token = answer.token;
    const target = answer.invite.project_id ? `#/projects/${answer.invite.project_id}` : `#/messages/${answer.invite.conversation_id}`;
    await signedIn(answer.user, target);
  }, { novalidate: true });
  fill(view, welcome(`Join ${invite.target_name}`, `${invite.inviter_name} invited ${invite.email} to ${place} as ${invite.role}.`, form));
  form.querySelector("[type=submit]").focus();
}
