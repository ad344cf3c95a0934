// The Sync page once the owner's portfolio mirror is filled (part of `npm run screenshots`).
// At the reference service's 120 requests a minute the first fill takes about four minutes.
import { as, base } from "./screenshot-session";

await as("owner", async (page) => {
  await page.goto(`${base}/sync`);
  const start = page.getByRole("button", { name: "Start the sync" });
  if (await start.isVisible()) await start.click();
  await page.locator('section[data-state="idle"]').waitFor({ timeout: 10 * 60_000 });
  await page.screenshot({ path: "docs/screenshots/sync.png", fullPage: true });
});
