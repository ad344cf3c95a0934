// The README's screenshots of the Overview and the sections built after the workspaces.
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
