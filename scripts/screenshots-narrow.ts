// The README's screenshots at a phone's width: a listing's workspace, and the Menu open.
import { base, browser } from "./screenshot-session";

const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
await page.goto(`${base}/sign-in?next=/listings`);
await page.getByRole("button", { name: "Sign in as owner", exact: true }).click();
await page.waitForURL("**/listings");
await page.locator('[data-testid="portfolio"][data-state="ready"]').waitFor();
await page.locator('a[href^="/listings/"]').first().click();
await page.waitForURL(/\/listings\/[^/?]+/);
await page.getByRole("heading", { level: 1 }).waitFor();
// The live-update stream stays open, so "network idle" never comes: wait for the panels instead.
await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0);
await page.screenshot({ path: "docs/screenshots/narrow-listing.png" });
await page.getByRole("button", { name: "Menu", exact: true }).click();
await page.getByRole("dialog", { name: "Menu" }).waitFor();
await page.screenshot({ path: "docs/screenshots/narrow-menu.png" });
await context.close();
