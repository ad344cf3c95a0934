import { existsSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * The Chromium the end-to-end tests drive: PLAYWRIGHT_CHROMIUM_EXECUTABLE if set, else the
 * system's, else Playwright's own if one was installed. Never downloads one.
 */
export function findChromium() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser"]) {
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
