import { existsSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The Chromium a script drives: PLAYWRIGHT_CHROMIUM_EXECUTABLE if set, else the system's, else
 * Playwright's own if one was installed. Never downloads one.
 *
 * `forTests` prefers the system's headless shell (Debian: chromium-headless-shell), the same
 * engine without the desktop browser around it. On this 2-core machine it opens a context in a
 * third of the time and loads a page in about half, and the browser suite is CPU-bound, so the
 * tests take it. The benches and screenshots keep the full browser, the one users run.
 */
export function findChromium({ forTests = false } = {}) {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const shell = forTests ? ["/usr/bin/chromium-headless-shell"] : [];
  for (const candidate of [...shell, "/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    const require = createRequire(import.meta.url);
    const own = require("playwright-core").chromium.executablePath();
    return own && existsSync(own) ? own : null;
  } catch {
    return null;
  }
}

/** Launch flags that work on these machines (no sandbox as root, no network chatter). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
