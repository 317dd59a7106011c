// Light, dark or the system's choice, kept on this device. The page always carries the resolved
// theme in data-theme (set before first paint by first-paint.js), so the stylesheet has one dark palette.

const KEY = "kairos.theme";
const systemDark = matchMedia("(prefers-color-scheme: dark)");

export function currentTheme() {
  return localStorage.getItem(KEY) || "system";
}

export function applyTheme(theme) {
  if (theme === "light" || theme === "dark") localStorage.setItem(KEY, theme);
  else localStorage.removeItem(KEY);
  const dark = theme === "dark" || (theme !== "light" && systemDark.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.content = dark ? "#000000" : "#f5f5f7";
}

// Follow the system while the choice is "system".
systemDark.addEventListener("change", () => currentTheme() === "system" && applyTheme("system"));
