// The README's screenshots of the portfolio calendar, as the manager of 1,500 listings.
import { addDays, todayUtc } from "../lib/format/dates";
import { base, browser } from "./screenshot-session";

const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
const page = await context.newPage();
const from = addDays(todayUtc(), 30);
await page.goto(`${base}/sign-in?next=${encodeURIComponent(`/calendar?from=${from}&nights=60`)}`);
await page.getByRole("button", { name: "Sign in as portfolio manager", exact: true }).click();
await page.waitForURL("**/calendar**");
const grid = page.getByTestId("portfolio-grid");
await grid.locator('[role="row"][aria-rowindex="6"][data-row-state="ready"]').waitFor({ timeout: 60_000 });
await page.waitForFunction(() => !document.querySelector('[data-row-state="loading"]'), null, {
  timeout: 60_000,
});
// Four listings × five nights, by pointer.
const from0 = await grid.locator('[data-cell="1:2"]').boundingBox();
const to = await grid.locator('[data-cell="4:6"]').boundingBox();
await page.mouse.move(from0!.x + 8, from0!.y + 8);
await page.mouse.down();
await page.mouse.move(to!.x + 8, to!.y + 8, { steps: 6 });
await page.mouse.up();
await page.screenshot({ path: "docs/screenshots/portfolio-calendar.png" });
await page.getByRole("button", { name: "Set custom rate…" }).click();
const dialog = page.getByRole("dialog", { name: "Set a custom rate" });
await dialog.getByLabel(/^Price a night/).fill("240");
await dialog.getByLabel(/^Reason/).fill("City marathon weekend");
await page.screenshot({ path: "docs/screenshots/portfolio-calendar-change.png" });
await context.close();
