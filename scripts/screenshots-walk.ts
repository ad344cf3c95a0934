// The README's screenshots of a revenue manager's walk: the comps' median row in a set's price
// calendar, the Listings search at 1,500 listings, and the Listings page as cards on a phone.
import { as, base, browser, keyOf, sandbox } from "./screenshot-session";

await as("owner", async (page) => {
  // A paid set of the owner's with a calendar: the first one the service lists.
  const sets = (await (
    await fetch(`${sandbox}/sets?per_page=100`, { headers: { "x-api-key": await keyOf("owner") } })
  ).json()) as Array<{ id: string; is_paid: boolean; member_count?: number }>;
  const paid = sets.find((s) => s.is_paid);
  if (!paid) throw new Error("The seeded world has no paid set for the calendar's screenshot.");
  await page.goto(`${base}/sets/${paid.id}?tab=analytics`);
  const panel = page.locator('[data-testid="set-calendar"][data-state="ready"]');
  await panel.waitFor({ timeout: 30_000 });
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: "docs/screenshots/set-calendar-median.png" });
});

await as(null, async (page) => {
  await page.goto(`${base}/sign-in?next=/listings`);
  await page.getByRole("button", { name: "Sign in as portfolio manager", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/listings", { timeout: 60_000 });
  await page.locator('[data-testid="portfolio"][data-state="ready"]').waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Read all 1,500 listings" }).click();
  await page.locator('[data-portfolio-mode="whole"][data-kpi-state="ready"]').waitFor({ timeout: 60_000 });
  await page.getByRole("searchbox").first().fill("loft");
  await page.waitForURL(/q=loft/);
  await page.locator('[data-kpi-state="ready"]').first().waitFor();
  await page.screenshot({ path: "docs/screenshots/listings-search.png" });
});

const phone = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
});
const page = await phone.newPage();
await page.goto(`${base}/sign-in?next=/listings`);
await page.getByRole("button", { name: "Sign in as owner", exact: true }).click();
await page.waitForURL("**/listings");
await page.locator('[data-testid="portfolio"][data-state="ready"]').waitFor();
await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0);
// The cards, not the filters above them: the first card at the top of the screen.
await page
  .locator("main ul > li")
  .first()
  .evaluate((card) => card.scrollIntoView({ block: "start" }));
await page.screenshot({ path: "docs/screenshots/narrow-listings-cards.png" });
await phone.close();
