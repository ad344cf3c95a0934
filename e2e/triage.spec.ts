import { expect, keyOf, seriousViolations, signInAs, test } from "./fixtures";
import { ownerGet, startSyncPair, SYNC_BASE, SYNC_SANDBOX } from "./sync-support";
import type { CustomRate } from "../lib/svc/schemas/custom-rates";
import type { Listing } from "../lib/svc/schemas/listings";

/**
 * The triage queue as the revenue manager (the owner, who prices the portfolio) works it:
 * the mirror filled, the queue sorted by score, the three lowest ticked and a custom rate
 * applied to them from the triage page itself, checked at the reference service. The pair is
 * this spec's own (sync-support.ts), so that no shared pair holds a mirror.
 */
let pair: { stop(): Promise<void> };
test.describe.configure({ mode: "serial", timeout: 150_000 });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  pair = await startSyncPair();
});
test.afterAll(async () => {
  await pair?.stop();
});

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test("the three lowest-scored listings are ticked in the triage queue and get a custom rate from there", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  await page.goto(`${SYNC_BASE}/triage`);
  // Before the mirror is filled: a sentence and the way to the Sync page, not an error.
  await expect(page.getByTestId("triage-notice")).toContainText("has not been started");
  await page.getByRole("link", { name: "Open the Portfolio sync page" }).click();
  await page.getByRole("button", { name: "Start the sync" }).click();
  const mirror = page.getByRole("region", { name: "Portfolio mirror" });
  await expect(mirror).toHaveAttribute("data-state", "idle", { timeout: 90_000 });

  await page.goto(`${SYNC_BASE}/triage`);
  const triage = page.getByTestId("triage");
  await expect(triage).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("triage-as-of")).toContainText(
    /as of \d+ \w{3} \d{4}, \d\d:\d\d UTC: \d+ listings/,
  );
  const table = page.getByTestId("triage-table");
  await table.getByRole("button", { name: "Score" }).click();
  await expect(table.getByRole("columnheader", { name: /Score/ })).toHaveAttribute("aria-sort", "ascending");
  expect(await seriousViolations(page)).toEqual([]);

  const rows = table.locator("tbody tr");
  const scores = (await rows.locator("td:nth-child(2)").allInnerTexts()).map((t) => Number.parseInt(t, 10));
  expect(scores.filter(Number.isFinite)).toEqual([...scores.filter(Number.isFinite)].sort((a, b) => a - b));
  const lowest: string[] = [];
  for (let i = 0; i < 3; i++) {
    const row = rows.nth(i);
    const href = await row.getByRole("link").first().getAttribute("href");
    lowest.push(decodeURIComponent(href!.split("/").pop()!));
    await row.getByRole("checkbox").check();
    // The band is said in words beside its colour.
    await expect(row).toContainText(/Needs attention now|Watch|Healthy/);
  }
  const toolbar = page.getByRole("group", { name: "Selected listings" });
  await expect(toolbar).toContainText("3 listings selected");
  await expect(toolbar.getByRole("link", { name: "Open in the calendar" })).toHaveAttribute(
    "href",
    `/calendar?listings=${lowest.join(",")}`,
  );

  // A fixed price on nights three weeks out.
  const key = await keyOf("owner", "standard", SYNC_SANDBOX);
  const records = (await ownerGet<Listing[]>("/listings?per_page=100", key)).filter((l) =>
    lowest.includes(l.svc_id),
  );
  // Inside every one's minimum and maximum: no guardrail asks for a confirmation.
  const floor = Math.max(0, ...records.map((l) => l.listing_preferences.min_price ?? 0));
  const ceiling = Math.min(...records.map((l) => l.listing_preferences.max_price ?? Infinity));
  const price = Math.max(floor, Math.min(175, ceiling));
  expect(price).toBeLessThanOrEqual(ceiling);
  const today = (await ownerGet<{ now: string }>("/_sandbox/clock", key)).now.slice(0, 10);
  const [start, end] = [addDays(today, 20), addDays(today, 21)];

  await toolbar.getByRole("button", { name: "Custom rate for 3 listings\u2026" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply a custom rate" });
  await dialog.getByLabel("First night", { exact: true }).fill(start);
  await dialog.getByLabel("Last night", { exact: true }).fill(end);
  await dialog.getByRole("radio", { name: "Fixed price" }).click();
  await dialog.getByLabel("Nightly price", { exact: true }).fill(String(price));
  await dialog.getByRole("button", { name: "Apply to 3 listings" }).click();

  const results = page
    .getByRole("dialog", { name: "Custom rate: the result" })
    .getByRole("list", { name: "Result per listing" });
  for (const listing of records) {
    await expect(results.getByRole("listitem").filter({ hasText: listing.name })).toContainText("Applied");
    const rates = await ownerGet<CustomRate[]>(`/listings/${listing.svc_id}/custom_rates?channel=svc`, key);
    expect(rates).toContainEqual(
      expect.objectContaining({ start_date: start, end_date: end, price_type: "fixed", price_value: price }),
    );
  }
});
