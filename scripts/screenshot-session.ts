// What both screenshot scripts share: one Chromium, and a fresh signed-in page per shot.
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./find-chromium.mjs";

export const base = process.env.BASE_URL ?? "http://localhost:3000";
/** The reference service behind it, for the `/_sandbox` controls and the truth some shots need. */
export const sandbox = process.env.SANDBOX_URL ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? "4010"}`;

const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium found; see README.");

export const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });

export async function as(persona: string | null, shoot: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in?next=/listings`);
  if (persona) {
    await page.getByRole("button", { name: `Sign in as ${persona.replace("_", " ")}`, exact: true }).click();
    await page.waitForURL("**/listings");
    await page.locator('[data-testid="portfolio"][data-state="ready"]').waitFor();
  }
  await shoot(page);
  await context.close();
}

/** A persona's key, read from the reference service's persona list. */
export async function keyOf(persona: string): Promise<string> {
  const personas = (await (await fetch(`${sandbox}/_sandbox/personas`)).json()) as Array<{
    persona: string;
    keys: Record<string, string>;
  }>;
  return personas.find((p) => p.persona === persona)!.keys.standard!;
}

/** Waits until no chart or panel on the page is still loading. */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0);
}
