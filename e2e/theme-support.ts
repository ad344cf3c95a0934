import type { Page } from "@playwright/test";
import { sections } from "../lib/shell/sections";
import type { SetRecord } from "../lib/svc/schemas/sets";
import { expect, portfolioOf, svcGet } from "./fixtures";

/**
 * The pages the dark theme is checked on: every section of the navigation, plus the pages
 * that draw the most colour (the listing workspace with its price calendar, a paid set's
 * analytics with the set calendar heat map and charts, a market with its map and bands).
 * Paths that depend on the seed are read from the service when the test runs.
 */
export const themedPages: Array<{ name: string; path: () => Promise<string> }> = [
  ...sections.map((s) => ({ name: s.label, path: async () => s.href })),
  { name: "Listing workspace", path: () => listingWorkspacePath() },
  { name: "Set analytics", path: async () => `${await paidSetPath()}?tab=analytics` },
  { name: "Market report of Austin", path: async () => "/market/mkt_austin" },
];

/** The owner's first visible listing's workspace, on its default tab. */
export async function listingWorkspacePath() {
  return `/listings/${(await portfolioOf("owner")).find((l) => !l.is_hidden)!.svc_id}`;
}

/** The owner's first paid set, on its default tab. */
export async function paidSetPath() {
  return `/sets/${(await svcGet<SetRecord[]>("/sets?per_page=100")).find((s) => s.is_paid)!.id}`;
}

/** Opens a page and waits until no main region says it is still loading. */
export async function openSettled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
}

export const themeOf = (page: Page) => page.locator("html").getAttribute("data-theme");

/** Opens the shell's display preferences and picks one choice (a radio: Dark, Miles…). */
export async function choose(page: Page, choice: string) {
  await page.getByRole("button", { name: "Display preferences" }).click();
  const dialog = page.getByRole("dialog", { name: "Display preferences" });
  await dialog.getByRole("radio", { name: choice, exact: true }).click();
  await expect(dialog.getByRole("radio", { name: choice, exact: true })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/**
 * The page's background as the reader sees it, 0 (black) to 255 (white): the mean of its
 * red, green and blue, read through a canvas since browsers report oklch/lab colours as is.
 */
export function backgroundLevel(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return (r! + g! + b!) / 3;
  });
}
