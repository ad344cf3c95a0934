/**
 * The colour theme: the reader's choice (System, Light, Dark) is kept in localStorage; the
 * page's `<html data-theme>` always holds the theme in force ("light" or "dark"), set before
 * first paint by THEME_SCRIPT and kept in step with the system setting while the choice is
 * System. app/theme-dark.css redefines the colour variables under `[data-theme="dark"]`.
 */

export type ThemeChoice = "system" | "light" | "dark";
export type Theme = "light" | "dark";

export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
export const THEME_STORAGE_KEY = "rd-theme";

export const isThemeChoice = (value: unknown): value is ThemeChoice =>
  value === "system" || value === "light" || value === "dark";

export const themeWords: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  return choice === "system" ? (systemDark ? "dark" : "light") : choice;
}

/**
 * Runs inline in `<head>` (with the CSP nonce) before the body paints, so that a dark page
 * never flashes white. It also follows the system setting and other tabs' choices later on:
 * both listeners read the stored choice afresh. It mirrors `resolveTheme` by hand because it
 * must stay a few hundred bytes of plain ES5; theme.test.ts checks the two agree.
 */
export const THEME_SCRIPT = `(function(){try{var m=window.matchMedia("(prefers-color-scheme: dark)");var a=function(){var c=null;try{c=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}document.documentElement.setAttribute("data-theme",c==="light"||c==="dark"?c:m.matches?"dark":"light")};a();m.addEventListener("change",a);window.addEventListener("storage",a)}catch(e){}})();`;
