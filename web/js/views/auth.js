// Sign in (password, API token or the server's identity provider), sign up, and a forgotten password's emailed
// links. The token goes to localStorage; sign-up sends the browser's time zone.

import { api, post, session } from "../api.js";
import { browserTimeZone } from "../dates.js";
import { explain, field, fill, formError, formOf, h, welcome } from "../ui.js";

/** What the sign-in screen says when the identity provider's sign-in came back refused (its error code). */
const PROVIDER_PROBLEMS = {
  unverified_email: "Your account there has no verified email address, so it can't be matched to a Kairos account. Verify your email with the provider, or sign in with your password.",
  invalid_token: "The sign-in answer could not be trusted, so nothing was signed in. Try again.",
  stale_attempt: "That sign-in took too long or was started elsewhere. Try again from this screen.",
  denied: "The sign-in was cancelled or refused. Try again, or sign in with your password.",
  provider_unavailable: "The sign-in service can't be reached right now. Try again in a moment, or sign in with your password.",
  not_configured: "This server doesn't offer that kind of sign-in. Sign in with your email and password.",
};

export function renderAuth(view, { mode, problem }, { signedIn }) {
  if (mode === "forgot") return renderForgot(view);
  const signingUp = mode === "signup";
  const name = h("input.input", { type: "text", autocomplete: "name", required: true, maxlength: 100, label: "Name" });
  const email = h("input.input", { type: "email", autocomplete: "email", required: true, label: "Email" });
  const password = h("input", {
    class: "input", type: "password", required: true, minlength: signingUp ? 8 : false, maxlength: 200,
    autocomplete: signingUp ? "new-password" : "current-password", label: "Password",
  });
  const fields = [signingUp ? field("Name", name) : null, field("Email", email),
    field(signingUp ? "Password (8 characters or more)" : "Password", password)];
  const form = formOf(fields, signingUp ? "Create account" : "Sign in", async () => {
    const problem = signingUp && !name.value.trim() ? "Tell us your name." : !email.value.includes("@") ? "Enter your email address."
      : signingUp && password.value.length < 8 ? "Choose a password of 8 characters or more." : !password.value ? "Enter your password." : "";
    if (problem) return problem;
    try {
      const body = signingUp
        ? { name: name.value.trim(), email: email.value.trim(), password: password.value, timezone: browserTimeZone() }
        : { email: email.value.trim(), password: password.value };
      const answer = await post(`/auth/${signingUp ? "signup" : "login"}`, body);
      session.token = answer.token;
      await signedIn(answer.user);
    } catch (failure) {
      if (failure.status === 401) return "That email and password don't match. Try again?";
      if (failure.status === 409) return "There is already an account with this email. Sign in instead?";
      throw failure;
    }
  }, { novalidate: true });
  const providerProblem = formError();
  if (problem) providerProblem.textContent = PROVIDER_PROBLEMS[problem] ?? "That sign-in didn't work. Try again, or sign in with your password.";
  fill(view, welcome(signingUp ? "Welcome to Kairos" : "Welcome back",
    signingUp ? "Say what's on your mind. Kairos turns it into tasks." : "Sign in to pick up where you left off.",
    problem ? providerProblem : null, providerButtons(), form,
    signingUp ? null : h("p.switch", {}, h("a.link-btn", { href: "#/forgot", text: "Forgot password?" })),
    signingUp ? null : tokenSignIn(signedIn),
    h("p.switch", {}, signingUp ? "Already have an account? " : "New here? ",
      h("a.link-btn", { href: signingUp ? "#/signin" : "#/signup", text: signingUp ? "Sign in" : "Create an account" }))));
  (signingUp ? name : email).focus();
}

/** "Sign in with <name>" for each identity provider the server offers; empty until it answers, or if none. */
function providerButtons() {
  const box = h("div.providers");
  api("/auth/providers").then(({ providers }) => {
    box.replaceChildren(...providers.map((provider) =>
      h("a.btn.block.provider-btn", { href: provider.start_url, text: `Sign in with ${provider.name}` })));
    if (providers.length) box.append(h("p.or", { text: "or" }));
  }).catch(() => {});
  return box;
}

/** Back from the identity provider: #/oidc/CODE turns its one-time code into this browser's token. */
export async function renderProviderReturn(view, { code }, { signedIn }) {
  try {
    const answer = await post("/auth/oidc/confirm", { code });
    session.token = answer.token;
    await signedIn(answer.user);
  } catch (failure) {
    fill(view, welcome("That sign-in didn't finish", failure.status === 409 || failure.status === 404
      ? "This sign-in was already used or took too long. Start again from the sign-in screen." : explain(failure),
    h("p.switch", {}, h("a.link-btn", { href: "#/signin", text: "Back to sign in" }))));
  }
}

function tokenSignIn(signedIn) {
  const token = h("input.input", { type: "password", label: "API token" });
  return h("details.token-signin", {}, h("summary", { text: "Sign in with an API token" }), formOf([field("API token", token),
    h("p.hint", { text: "Make one in Settings › API token." })], "Sign in with token", async () => {
    session.token = token.value.trim();
    try {
      await signedIn(await api("/user"));
    } catch (failure) {
      session.token = null;
      if (failure.status === 401) return "This token is not valid or was revoked.";
      throw failure;
    }
  }, { novalidate: true }));
}

function renderForgot(view) {
  const email = h("input.input", { type: "email", autocomplete: "email", label: "Email" });
  const sent = h("p.hint.center", { role: "status" });
  const ask = (path) => async () => {
    if (!email.value.includes("@")) return "Enter your email address.";
    await post(path, { email: email.value.trim() });
    sent.textContent = "If it has an account, an email is on its way.";
  };
  const link = formOf([], "Email me a sign-in link", ask("/auth/link"), { class: "second-form" });
  link.lastChild.className = "btn block";
  fill(view, welcome("Forgot your password?", "Get a link to set a new one, or to sign in.",
    formOf(field("Email", email), "Email me a reset link", ask("/auth/reset"), { novalidate: true }), link, sent,
    h("p.switch", {}, h("a.link-btn", { href: "#/signin", text: "Back to sign in" }))));
  email.focus();
}

/** A link from an email: #/reset/TOKEN asks for a new password, #/signin/TOKEN signs straight in. */
export async function renderEmailedLink(view, { kind, token }, { signedIn }) {
  const use = async (path, body) => {
    const answer = await post(path, { token, ...body });
    session.token = answer.token;
    await signedIn(answer.user);
  };
  if (kind === "signin") {
    const problem = await use("/auth/link/confirm").catch(explain);
    if (problem) fill(view, welcome("This link can't be used", problem, h("p.switch", {}, h("a.link-btn", { href: "#/forgot", text: "Ask for a new link" }))));
    return;
  }
  const password = h("input.input", { type: "password", autocomplete: "new-password", label: "New password" });
  fill(view, welcome("Choose a new password", "This signs you out on your other devices.",
    formOf(field("New password", password), "Set password and sign in", () =>
      password.value.length < 8 ? "Choose a password of 8 characters or more." : use("/auth/reset/confirm", { new_password: password.value }))));
  password.focus();
}
