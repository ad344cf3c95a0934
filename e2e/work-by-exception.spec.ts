import type { Locator, Page } from "@playwright/test";
import { expect, keyOf, seriousViolations, signInAs, test } from "./fixtures";
import { listingOpenSoon, ownerGet, startSyncPair, SYNC_BASE, SYNC_SANDBOX } from "./sync-support";
import { control } from "./webhooks-support";
import type { CustomRate } from "../lib/svc/schemas/custom-rates";
import type { Listing } from "../lib/svc/schemas/listings";

/**
 * Work by exception as the owner (who prices the portfolio) meets it, on the sync's own pair
 * (its mirror is what rules watch and triage scores; no shared pair holds a mirror): create a
 * rule on the Alerts page, see a booking clear a listing's alert and the cancellation of that
 * booking trip it again, with its why in the inbox and the count in the bell; snooze it and
 * find it under Snoozed; then open the triage queue, tick the three lowest-scored listings and
 * apply a custom rate to them from there, checked at the reference service.
 */
let pair: { stop(): Promise<void> };
test.describe.configure({ mode: "serial", timeout: 300_000 });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  pair = await startSyncPair();
});
test.afterAll(async () => {
  await pair?.stop();
});

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function simulate(body: Record<string, unknown>): Promise<{ reservation_id: string }> {
  const response = await fetch(`${SYNC_SANDBOX}/_sandbox/simulate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { reservation_id: string };
}

/** The alert row of one listing in the inbox as drawn now. */
const rowOf = (page: Page, listingId: string): Locator =>
  page
    .getByTestId("alert-inbox")
    .locator("li[data-alert-id]", { has: page.locator(`a[href="/listings/${listingId}"]`) });

/** The inbox read again until `check` holds: alerts are evaluated a few seconds after the mirror reads. */
async function untilInbox(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("alert-inbox")).toHaveAttribute("data-state", "ready");
    await check();
  }).toPass({ timeout: 60_000, intervals: [2_000] });
}

test("before the mirror is filled, triage says so in a sentence and leads to the Sync page", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  await page.goto(`${SYNC_BASE}/triage`);
  await expect(page.getByTestId("triage-notice")).toContainText("has not been started");
  await page.getByRole("link", { name: "Open the Portfolio sync page" }).click();
  await expect(page.getByRole("button", { name: "Start the sync" })).toBeVisible();
});

test("a rule created on the page fires when a cancellation trips it, the inbox says why, the bell counts it, a snooze moves it under Snoozed; then triage's three lowest get a custom rate", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  await page.goto(`${SYNC_BASE}/sync`);
  await page.getByRole("button", { name: "Start the sync" }).click();
  const mirror = page.getByRole("region", { name: "Portfolio mirror" });
  await expect(mirror.getByText("Synced 34 of 34 listings.")).toBeVisible({ timeout: 90_000 });
  await page.goto(`${SYNC_BASE}/webhooks`);
  const connection = page.getByTestId("dashboard-connection");
  await connection.getByRole("button", { name: "Connect" }).click();
  await expect(connection).toHaveAttribute("data-state", "connected");
  const target = await listingOpenSoon();
  expect(target, "a listing with open nights in the next weeks").not.toBeNull();

  // The rule, made in the dialog: no new booking in a day, over the whole portfolio.
  await page.goto(`${SYNC_BASE}/alerts`);
  await expect(page.getByText("No rules yet. Create one")).toBeVisible();
  await page.getByRole("button", { name: "New rule" }).click();
  const dialog = page.getByRole("dialog", { name: "New alert rule" });
  await dialog.getByLabel("Watch for").selectOption({ label: "No new booking" });
  await dialog.getByLabel("Days without a new booking").fill("1");
  await dialog.getByRole("button", { name: "Create the rule" }).click();
  await expect(dialog).toBeHidden();
  const rules = page.getByTestId("alert-rules");
  await expect(
    rules.getByText("No new booking in 1 day for a listing with open nights in the next 30", { exact: true }),
  ).toBeVisible();
  await expect(rules.getByText("The whole portfolio")).toBeVisible();

  // Nothing booked today: the target's alert is open; a booking clears it.
  await untilInbox(page, () => expect(rowOf(page, target!)).toHaveCount(1));
  const booked = await simulate({ event: "reservation", listing_id: target, action: "new" });
  await control("clock", { advance_seconds: 301 }, SYNC_SANDBOX); // the service delivers
  await untilInbox(page, () => expect(rowOf(page, target!)).toHaveCount(0));

  // The booking is cancelled: the listing has no standing booking of the last day again.
  await simulate({
    event: "reservation",
    listing_id: target,
    action: "cancel",
    reservation_id: booked.reservation_id,
  });
  await control("clock", { advance_seconds: 301 }, SYNC_SANDBOX);
  await untilInbox(page, () => expect(rowOf(page, target!)).toHaveCount(1));

  const answer = await page.request.get(`${SYNC_BASE}/api/alerts?state=open&listing_id=${target}`);
  const [alert] = ((await answer.json()) as { alerts: Array<{ id: string; why: string }> }).alerts;
  expect(alert!.why).toMatch(/^No new booking in the last 1 day, with \d+ open nights? in the next 30\.$/);
  const row = rowOf(page, target!);
  await expect(row.getByText(alert!.why)).toBeVisible();
  await expect(row.getByText(/^Fired/)).toBeVisible();
  const group = page.getByTestId("alert-inbox").locator("details").first();
  await expect(group.locator("summary")).toContainText(
    "No new booking in 1 day for a listing with open nights in the next 30",
  );

  // The bell counts the open alerts apart from the notifications.
  const { open } = (await (await page.request.get(`${SYNC_BASE}/api/alerts/count`)).json()) as {
    open: number;
  };
  const bell = page.getByTestId("notification-bell").getByRole("button");
  await expect(bell).toHaveAccessibleName(new RegExp(`^Notifications, .+; ${open} open alerts?$`));
  await expect(page.getByTestId("bell-alerts-badge")).toHaveText(String(open));
  expect(await seriousViolations(page)).toEqual([]);

  // Snoozed until tomorrow (the dialog's default): it leaves Open and shows under Snoozed.
  await row.getByRole("button", { name: /^Snooze the alert on / }).click();
  const snooze = page.getByRole("dialog", { name: "Snooze the alert" });
  await snooze.getByRole("button", { name: "Snooze", exact: true }).click();
  await expect(snooze).toBeHidden();
  await expect(page.getByText(/is snoozed until /)).toBeVisible();
  await expect(rowOf(page, target!)).toHaveCount(0);
  await page.getByRole("radio", { name: "Snoozed" }).check();
  await expect(page).toHaveURL(/state=snoozed/);
  await expect(rowOf(page, target!).getByText(alert!.why)).toBeVisible();
  await expect(rowOf(page, target!).getByText(/^Snoozed until /)).toBeVisible();

  // Then the day's work: the triage queue, the three lowest ticked, a custom rate from there.
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
  const rateDialog = page.getByRole("dialog", { name: "Apply a custom rate" });
  await rateDialog.getByLabel("First night", { exact: true }).fill(start);
  await rateDialog.getByLabel("Last night", { exact: true }).fill(end);
  await rateDialog.getByRole("radio", { name: "Fixed price" }).click();
  await rateDialog.getByLabel("Nightly price", { exact: true }).fill(String(price));
  await rateDialog.getByRole("button", { name: "Apply to 3 listings" }).click();

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
