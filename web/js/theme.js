// Light, dark or the system's choice, kept on this device.

const KEY = "kairos.theme";

export function currentTheme() {
  return localStorage.getItem(KEY) || "system";
}

export function applyTheme(theme) {
  if (theme === "light" || theme === "dark") {
    localStorage.setItem(KEY, theme);
    document.documentElement.dataset.theme = theme;
  } else {
    localStorage.removeItem(KEY);
    delete document.documentElement.dataset.theme;
  }
  const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.content = dark ? "#000000" : "#f5f5f7";
}
