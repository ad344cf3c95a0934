import { expect, keyOf, portfolioOf, test, withSessionOf } from "./fixtures";
import { advanceClock, control, openWebhooksPage, signInWithKey } from "./webhooks-support";

/**
 * "Connect this dashboard": the service delivers the account's events to the dashboard's own
 * receiver, and the Inbox shows them verified and processed.
 */
const panel = (page: import("@playwright/test").Page) => page.getByTestId("dashboard-connection");

test.describe("connect this dashboard", () => {
  test("connected from the Webhooks page, a pricing run's event reaches the Inbox processed; then disconnected", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);
    await expect(panel(page)).toHaveAttribute("data-state", "not-connected");
    await expect(panel(page).getByRole("heading")).toHaveText("This dashboard: not connected");

    await panel(page).getByRole("button", { name: "Connect" }).click();
    await expect(panel(page)).toHaveAttribute("data-state", "connected");
    await expect(panel(page).getByRole("heading")).toHaveText("This dashboard: connected");
    // The dashboard's own subscription is listed with the others, pointing at its receiver.
    const own = page.getByRole("article", { name: /\/api\/webhooks\/snk_/ });
    await expect(own).toBeVisible();

    // Its secret is rotated from the panel (the receiver must learn it), not from its card.
    await expect(own.getByRole("button", { name: "Rotate secret" })).toHaveCount(0);
    await expect(own).toContainText("rotate its secret from");
    await panel(page).getByRole("button", { name: "Rotate secret" }).click();
    await panel(page).getByRole("button", { name: "Rotate", exact: true }).click();
    await expect(page.getByText("The dashboard's signing secret was rotated.")).toBeVisible();

    const { market_id: market, market_name: marketName } = (await portfolioOf("owner"))[0]!;
    await control("simulate", { event: "pricing_run", market_id: market });
    // Past the five-minute batching window: the service sends the batch to the receiver.
    await advanceClock(301);

    await panel(page).getByRole("link", { name: "Inbox" }).click();
    await expect(page.getByRole("heading", { name: "Event inbox", level: 1 })).toBeVisible();
    const processed = page.locator('tr[data-event-type="recommendations.updated"][data-state="processed"]');
    await expect(async () => {
      await page.reload();
      await expect(processed.first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const row = processed.first();
    await expect(row).toContainText("Recommendations updated");
    // The market by its name, as the listings name it.
    await expect(row).toContainText(`Market ${marketName}`);
    await expect(row).toContainText(/\d+ listings?: /);
    await expect(row).toContainText("Verified");
    await expect(row).toContainText("Processed");
    await expect(row.locator("td").first()).toHaveText(/^evt_/);
    await expect(page.getByText("No delivery was refused.")).toBeVisible();

    await openWebhooksPage(page);
    await panel(page).getByRole("button", { name: "Disconnect" }).click();
    await expect(panel(page)).toHaveAttribute("data-state", "not-connected");
    await expect(page.getByText("No webhook subscriptions.")).toBeVisible();
  });

  test("a read-only session sees the connection but cannot connect, and is told why", async ({ page }) => {
    await signInWithKey(page, await keyOf("owner", "read_only"));
    await openWebhooksPage(page);
    await expect(panel(page)).toHaveAttribute("data-state", "not-connected");
    const connect = panel(page).getByRole("button", { name: "Connect" });
    await expect(connect).toBeDisabled();
    await expect(panel(page).getByRole("note")).toContainText("read-only key, which cannot create or delete");
  });

  test("the Inbox says when nothing was received", async ({ page }) => {
    await withSessionOf(page, "owner");
    await page.goto("/webhooks/inbox");
    await expect(page.getByText("No events received yet.")).toBeVisible();
    await expect(page.getByText("This dashboard is not connected, so nothing new arrives.")).toBeVisible();
  });
});
