// The README's screenshots of work by exception: the alert inbox and the triage queue, as the
// owner with the portfolio mirror filled and three rules of the kind a revenue manager sets.
import { as, base, settled } from "./screenshot-session";

await as("owner", async (page) => {
  const write = (path: string, data: unknown) =>
    page.request.post(`${base}${path}`, { data, headers: { origin: base } });
  await write("/api/sync", { action: "start" });
  for (let i = 0; i < 120; i++) {
    const status = (await (await page.request.get(`${base}/api/sync/status`)).json()) as { state?: string };
    if (status.state === "idle") break;
    await page.waitForTimeout(1_000);
  }
  const existing = (await (await page.request.get(`${base}/api/alerts/rules`)).json()) as {
    rules: unknown[];
  };
  if (existing.rules.length === 0)
    for (const rule of [
      { kind: "behind_stly", params: { metric: "nights", percent: 20 } },
      { kind: "no_booking", params: { days: 7 } },
      { kind: "at_minimum", params: { nights: 5 } },
    ])
      await write("/api/alerts/rules", rule);
  // Rules are evaluated a few seconds after they are made.
  await page.waitForTimeout(6_000);
  await page.goto(`${base}/alerts`);
  await page.locator('[data-testid="alert-inbox"][data-state="ready"]').waitFor({ timeout: 30_000 });
  await settled(page);
  await page.screenshot({ path: "docs/screenshots/alerts-inbox.png" });
  await page.goto(`${base}/triage`);
  await page.locator('[data-testid="triage"][data-state="ready"]').waitFor({ timeout: 30_000 });
  await settled(page);
  await page.screenshot({ path: "docs/screenshots/triage.png" });
});
