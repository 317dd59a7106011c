// A classic script, run before first paint, so a dark-theme user never sees a white flash; theme.js keeps
// the choice afterwards.
try {
  var t = localStorage.getItem("kairos.theme");
  if (t !== "light" && t !== "dark") t = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  document.documentElement.dataset.theme = t;
} catch (e) {}
