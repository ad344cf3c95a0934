import { expect, portfolioOf, test, withSessionOf } from "./fixtures";
import { advanceClock, control, openWebhooksPage } from "./webhooks-support";

/**
 * Live updates: with this dashboard connected, a change at the service reaches an open page
 * over server-sent events, which refetches the listings named without a reload.
 */
test("an open listings page hears a pricing run and refetches its portfolio without a reload", async ({
  page,
}) => {
  await withSessionOf(page, "owner");
  await openWebhooksPage(page);
  const panel = page.getByTestId("dashboard-connection");
  await panel.getByRole("button", { name: "Connect" }).click();
  await expect(panel).toHaveAttribute("data-state", "connected");

  try {
    await page.goto("/listings");
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");
    // The page's own marker: a full reload would lose it.
    await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));
    const portfolioRefetched = page.waitForRequest((r) => r.url().includes("/api/svc/listings?"), {
      timeout: 30_000,
    });

    const market = (await portfolioOf("owner"))[0]!.market_id;
    await control("simulate", { event: "pricing_run", market_id: market });
    await advanceClock(301); // past the five-minute batching window: the service delivers

    await expect(page.getByText(/New price recommendations for \d+ listings?/)).toBeVisible({
      timeout: 30_000,
    });
    await portfolioRefetched;
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  } finally {
    await openWebhooksPage(page);
    await panel.getByRole("button", { name: "Disconnect" }).click();
    await expect(panel).toHaveAttribute("data-state", "not-connected");
  }
});
