// `npm run screenshots`: the README's screenshots, from a running `npm start` (BASE_URL).
import { createServer } from "node:net";
import { as, base, browser, keyOf, sandbox } from "./screenshot-session";

await as(null, (page) => page.screenshot({ path: "docs/screenshots/sign-in.png" }).then(() => undefined));
await as("owner", (page) =>
  page.screenshot({ path: "docs/screenshots/listings-owner.png" }).then(() => undefined),
);
await as("viewer", async (page) => {
  await page.getByRole("note").first().focus();
  await page.getByRole("tooltip").waitFor();
  await page.screenshot({ path: "docs/screenshots/listings-viewer.png" });
});
await as("owner", async (page) => {
  await page.goto(`${base}/usage`);
  await page.locator('[data-state="ready"]').first().waitFor();
  await page.screenshot({ path: "docs/screenshots/usage.png", fullPage: true });
});
await as("owner", async (page) => {
  await page.goto(`${base}/api-keys`);
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill("Pricing spreadsheet");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await page.getByText("This is the only time the key is shown.").waitFor();
  await page.screenshot({ path: "docs/screenshots/api-keys.png" });
});
await as("owner", async (page) => {
  // A loopback port where nothing listens: the delivery is refused, and the page shows why.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  const url = `http://127.0.0.1:${port}/hooks/pricing`;

  await page.goto(`${base}/webhooks`);
  await page.locator('[data-testid="webhooks"][data-state="ready"]').waitFor();
  await page.getByRole("button", { name: "Add subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a webhook subscription" });
  await dialog.getByLabel("Endpoint URL").fill(url);
  await dialog.getByRole("checkbox", { name: /Flags detected/ }).check();
  await dialog.getByRole("checkbox", { name: /Reservations ingested/ }).check();
  await dialog.getByRole("button", { name: "Add subscription" }).click();
  await page.getByRole("button", { name: "Done" }).click();

  // One flag on one of the owner's listings, then the service clock past its five-minute
  // window (this moves the demo world's clock forward by five minutes).
  const ownerKey = await keyOf("owner");
  const [listing] = (await (
    await fetch(`${sandbox}/listings?per_page=1`, { headers: { "x-api-key": ownerKey } })
  ).json()) as Array<{ svc_id: string }>;
  const post = (path: string, body: unknown) =>
    fetch(`${sandbox}/_sandbox/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await post("simulate", { event: "flag", listing_id: listing!.svc_id, code: `screenshot_${Date.now()}` });
  await post("clock", { advance_seconds: 301 });

  await page.getByRole("button", { name: "Refresh" }).click();
  const card = page.getByRole("article", { name: url, exact: true });
  await card
    .getByText("Attempt 2 due")
    .or(card.getByText(/Failed,/))
    .first()
    .waitFor();
  await card.getByRole("button", { name: /Show deliveries/ }).click();
  await card.getByRole("table").waitFor();
  await page.screenshot({ path: "docs/screenshots/webhooks.png", fullPage: true });

  // The Inbox: connect this dashboard, a pricing run in the listing's market, the window passes.
  const connection = page.getByTestId("dashboard-connection");
  await connection.getByRole("button", { name: "Connect" }).click();
  await page.locator('[data-testid="dashboard-connection"][data-state="connected"]').waitFor();
  const [first] = (await (
    await fetch(`${sandbox}/listings?per_page=1`, { headers: { "x-api-key": ownerKey } })
  ).json()) as Array<{ market_id: string }>;
  const market = first!.market_id;
  await post("simulate", { event: "pricing_run", market_id: market });
  await post("clock", { advance_seconds: 301 });
  const processed = page.locator('tr[data-event-type="recommendations.updated"][data-state="processed"]');
  for (let tries = 0; tries < 20 && !(await processed.count()); tries += 1) {
    await page.goto(`${base}/webhooks/inbox`);
    await page.waitForTimeout(500);
  }
  await processed.first().waitFor();
  await page.screenshot({ path: "docs/screenshots/inbox.png", fullPage: true });
});
await import("./screenshots-workspaces");
await import("./screenshots-sections");
await import("./screenshots-calendar");
await import("./screenshots-narrow");
await import("./screenshots-large");
await import("./screenshots-sync");
await import("./screenshots-walk");
await import("./screenshots-exceptions");
await browser.close();
console.log("Screenshots written to docs/screenshots/.");
