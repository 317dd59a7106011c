// Sign in and sign up. The token goes to localStorage; sign-up sends the browser's time zone.

import { api, session } from "../api.js";
import { browserTimeZone } from "../dates.js";
import { explain, field, fill, formError, h, onSubmit } from "../ui.js";

export function renderAuth(view, { mode }, { signedIn }) {
  const signingUp = mode === "signup";
  const name = h("input.input", { type: "text", autocomplete: "name", required: true, maxlength: 100, label: "Name" });
  const email = h("input.input", { type: "email", autocomplete: "email", required: true, label: "Email" });
  const password = h("input", {
    class: "input", type: "password", required: true, minlength: signingUp ? 8 : false, maxlength: 200,
    autocomplete: signingUp ? "new-password" : "current-password", label: "Password",
  });
  const error = formError();
  const submit = h("button", { type: "submit", class: "btn primary block", text: signingUp ? "Create account" : "Sign in" });
  const form = h("form", { novalidate: true },
    signingUp ? field("Name", name) : null,
    field("Email", email),
    field(signingUp ? "Password (8 characters or more)" : "Password", password),
    error, submit);
  onSubmit(form, async () => {
    const problem = signingUp && !name.value.trim() ? "Tell us your name." : !email.value.includes("@") ? "Enter your email address."
      : signingUp && password.value.length < 8 ? "Choose a password of 8 characters or more." : !password.value ? "Enter your password." : "";
    if (problem) {
      error.textContent = problem;
      return;
    }
    submit.disabled = true;
    error.textContent = "";
    try {
      const body = signingUp
        ? { name: name.value.trim(), email: email.value.trim(), password: password.value, timezone: browserTimeZone() }
        : { email: email.value.trim(), password: password.value };
      const answer = await api(`/auth/${signingUp ? "signup" : "login"}`, { method: "POST", body });
      session.token = answer.token;
      await signedIn(answer.user);
    } catch (failure) {
      error.textContent = failure.status === 401 ? "That email and password don't match. Try again?"
        : failure.status === 409 ? "There is already an account with this email. Sign in instead?" : explain(failure);
      submit.disabled = false;
    }
  });
  fill(view, h("div.auth", {},
    h("img.logo", { src: "/icons/icon.svg", alt: "" }),
    h("h1.large-title", { text: signingUp ? "Welcome to Kairos" : "Welcome back" }),
    h("p.subtitle", { text: signingUp ? "Say what's on your mind. Kairos turns it into tasks." : "Sign in to pick up where you left off." }),
    form,
    h("p.switch", {}, signingUp ? "Already have an account? " : "New here? ",
      h("a.link-btn", { href: signingUp ? "#/signin" : "#/signup", text: signingUp ? "Sign in" : "Create an account", style: "display:inline-flex;align-items:center;padding:0 4px" }))));
  (signingUp ? name : email).focus();
}
