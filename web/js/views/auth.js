// Sign in and sign up. The token goes to localStorage; sign-up sends the browser's time zone.

import { post, session } from "../api.js";
import { browserTimeZone } from "../dates.js";
import { field, fill, formOf, h, welcome } from "../ui.js";

export function renderAuth(view, { mode }, { signedIn }) {
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
  fill(view, welcome(signingUp ? "Welcome to Kairos" : "Welcome back",
    signingUp ? "Say what's on your mind. Kairos turns it into tasks." : "Sign in to pick up where you left off.",
    form,
    h("p.switch", {}, signingUp ? "Already have an account? " : "New here? ",
      h("a.link-btn", { href: signingUp ? "#/signin" : "#/signup", text: signingUp ? "Sign in" : "Create an account" }))));
  (signingUp ? name : email).focus();
}
