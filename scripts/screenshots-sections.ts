// The README's screenshots of the Overview and the sections built after the workspaces (the
// market and the segments among them).
import { as, base, settled } from "./screenshot-session";

await as("owner", async (page) => {
  await page.goto(`${base}/`);
  await settled(page);
  await page.getByRole("button", { name: "Compare with last year" }).click();
  await page.getByRole("button", { name: "Check every listing's flags" }).click();
  await page.locator('[data-testid="last-year"][data-state="done"]').waitFor({ timeout: 60_000 });
  await page
    .getByText(/Read (\d+) of \1 listings/)
    .last()
    .waitFor({ timeout: 60_000 });
  await page.screenshot({ path: "docs/screenshots/overview.png", fullPage: true });
});
await as("owner", async (page) => {
  await page.goto(`${base}/notifications`);
  await settled(page);
  await page.getByRole("button", { name: /^Notifications,/ }).click();
  await page.getByRole("dialog").waitFor();
  await page.screenshot({ path: "docs/screenshots/notifications.png" });
});
await as("owner", async (page) => {
  await page.goto(`${base}/team`);
  await settled(page);
  await page.screenshot({ path: "docs/screenshots/team.png", fullPage: true });
});
await as("owner", async (page) => {
  await page.goto(`${base}/market/mkt_austin`);
  await settled(page);
  for (const group of [/^2 bedrooms/, /^3 bedrooms/])
    await page.getByRole("checkbox", { name: group }).check();
  await settled(page);
  await page.locator('[data-testid="market-trend"] [data-plot="drawn"]').waitFor();
  await page.screenshot({ path: "docs/screenshots/market.png", fullPage: true });
  await page.getByRole("tab", { name: "Distribution" }).click();
  // The tab's panel mounts after the click: wait for its plot, not for the page's idle state.
  await page.locator('[data-testid="market-distribution"] [data-plot="drawn"]').first().waitFor();
  await settled(page);
  await page.screenshot({ path: "docs/screenshots/market-distribution.png", fullPage: true });
});
await as("owner", async (page) => {
  await page.goto(`${base}/segments`);
  await settled(page);
  await page.getByRole("table").getByRole("link").first().click();
  await page.waitForURL(/\/segments\/[^/]+$/);
  // A client navigation: the segment's parts appear (loading) only after the URL changes.
  for (const part of ["segment-listings", "segment-metrics", "segment-assignees"])
    await page.locator(`[data-testid="${part}"][data-state="ready"]`).waitFor();
  await settled(page);
  await page.screenshot({ path: "docs/screenshots/segments.png", fullPage: true });
});
await as("owner", async (page) => {
  await page.goto(`${base}/segments/new`);
  await settled(page);
  await page.getByLabel(/^Name/).fill("Austin family homes");
  await page.getByRole("checkbox", { name: /^Austin \(/ }).check();
  await page.getByLabel("At least").fill("2");
  await page.getByLabel("At most").fill("4");
  await page.getByLabel("Tagged with any of").fill("family, pet-friendly");
  await page.screenshot({ path: "docs/screenshots/segments-builder.png", fullPage: true });
});
