// The Sync page once the owner's portfolio mirror is filled (part of `npm run screenshots`).
// At the reference service's 120 requests a minute the first fill takes about four minutes.
import { as, base } from "./screenshot-session";

await as("owner", async (page) => {
  await page.goto(`${base}/sync`);
  const start = page.getByRole("button", { name: "Start the sync" });
  // The page first reads how the sync stands: Start, or the mirror already there.
  await start.or(page.getByRole("region", { name: "Portfolio mirror" })).waitFor();
  if (await start.isVisible()) await start.click();
  await page.locator('section[data-state="idle"]').waitFor({ timeout: 10 * 60_000 });
  await page.screenshot({ path: "docs/screenshots/sync.png", fullPage: true });
  // Pace from the filled mirror: the months ahead against the same time last year.
  await page.goto(`${base}/pace`);
  await page.locator('[data-testid="pace"][data-state="ready"]').waitFor();
  await page.getByRole("table", { name: "Nights by stay period" }).waitFor({ state: "attached" });
  await page.screenshot({ path: "docs/screenshots/pace.png" });
});

// The 1,500-listing portfolio's Listings page once the mirror holds its records: every listing
// in hand with as of. The list is the first read (15 requests); the mirror is forgotten after.
await as("portfolio_manager", async (page) => {
  await page.goto(`${base}/sync`);
  const start = page.getByRole("button", { name: "Start the sync" });
  // The page first reads how the sync stands: Start, or the mirror already there.
  await start.or(page.getByRole("region", { name: "Portfolio mirror" })).waitFor();
  if (await start.isVisible()) await start.click();
  await page.getByText(/^Synced [\d,]+ of 1,500 listings/).waitFor({ timeout: 5 * 60_000 });
  const pause = page.getByRole("button", { name: "Pause" });
  if (await pause.isVisible()) await pause.click();
  await page.goto(`${base}/listings`);
  await page.getByRole("region", { name: "Listings from the portfolio mirror" }).waitFor();
  await page.screenshot({ path: "docs/screenshots/listings-mirror.png" });
  // Forgotten again: the other screenshots show the portfolio read live.
  await page.goto(`${base}/sync`);
  await page.getByRole("button", { name: "Forget the mirror" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Forget the mirror" }).click();
  await page.getByRole("heading", { name: "No mirror yet" }).waitFor();
});
