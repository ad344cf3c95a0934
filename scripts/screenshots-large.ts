// The README's screenshots of the Listings page as the manager of 1,500 listings: a page of
// 100 on load, then every listing read and a custom rate applied to all of them.
import { addDays, todayUtc } from "../lib/format/dates";
import { as, base } from "./screenshot-session";

await as(null, async (page) => {
  await page.goto(`${base}/sign-in?next=/listings`);
  await page.getByRole("button", { name: "Sign in as portfolio manager", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/listings", { timeout: 60_000 });
  const portfolio = page.locator('[data-testid="portfolio"][data-state="ready"]');
  await portfolio.waitFor({ timeout: 60_000 });
  await page.screenshot({ path: "docs/screenshots/listings-large.png" });

  await page.getByRole("button", { name: "Read all 1,500 listings" }).click();
  await page.locator('[data-portfolio-mode="whole"][data-kpi-state="ready"]').waitFor({ timeout: 60_000 });
  await page.getByRole("checkbox", { name: /^Select all [\d,]+ listings$/ }).check();
  await page.getByRole("button", { name: /^Custom rate for [\d,]+ listings…$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Apply a custom rate" });
  const start = addDays(todayUtc(), 200);
  await dialog.getByLabel("First night", { exact: true }).fill(start);
  await dialog.getByLabel("Last night", { exact: true }).fill(addDays(start, 2));
  await dialog.getByLabel("Percent", { exact: true }).fill("8");
  const anyway = dialog.getByRole("checkbox", { name: "Apply anyway: I mean this value" });
  if (await anyway.isVisible()) await anyway.check();
  await dialog.getByRole("button", { name: /^Apply (anyway )?to [\d,]+ listings$/ }).click();
  await page.getByRole("dialog", { name: "Custom rate: the result" }).waitFor({ timeout: 120_000 });
  await page.screenshot({ path: "docs/screenshots/listings-large-batch.png" });
});
