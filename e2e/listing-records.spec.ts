import type { Page } from "@playwright/test";
import { formatAmount } from "../lib/format/money";
import type { PreferenceChangelogEntry } from "../lib/svc/schemas/listing-changelog";
import type {
  BasePriceRecommendation,
  ListingFlag,
  Note,
  PricingTier,
} from "../lib/svc/schemas/listing-extras";
import type { Listing } from "../lib/svc/schemas/listings";
import type { Reservation } from "../lib/svc/schemas/reservations";
import { formatUtc, isoInWords } from "../lib/format/times";
import {
  expect,
  keyOf,
  type PersonaName,
  portfolioOf,
  SANDBOX,
  seriousViolations,
  svcGet,
  test,
  withSessionOf,
} from "./fixtures";

async function svcWrite(method: string, path: string, body: unknown, persona: PersonaName = "owner") {
  const response = await fetch(`${SANDBOX}${path}`, {
    method,
    headers: { "x-api-key": await keyOf(persona), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response;
}

/** The first of the owner's active listings that `matches` (asked one at a time, to spend few requests). */
async function findListing(matches: (listing: Listing) => Promise<boolean>): Promise<Listing> {
  for (const listing of (await portfolioOf("owner")).filter((l) => l.is_active && !l.is_hidden)) {
    if (await matches(listing)) return listing;
  }
  throw new Error("no listing matches");
}

const tierOf = (listing: Listing) =>
  svcGet<PricingTier>(`/listings/${listing.svc_id}/pricing_tier?channel=svc`).then((t) => t.name);

async function openTab(page: Page, listing: Listing, tab: string, testId = tab) {
  await page.goto(`/listings/${listing.svc_id}?tab=${tab}`);
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
  await expect(page.getByTestId(testId)).toHaveAttribute("data-state", "ready");
  return page.getByTestId(testId);
}

test.describe("listing workspace: records", () => {
  test("reservations filter by date type and range matches the service, and canceled ones show canceled_at", async ({
    page,
  }) => {
    const listing = (await portfolioOf("owner")).find((l) => l.is_active && !l.is_hidden)!;
    // A reservation canceled now, so the range below surely holds one.
    const simulated = await fetch(`${SANDBOX}/_sandbox/simulate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: "reservation", listing_id: listing.svc_id, action: "cancel" }),
    });
    const { reservation_id: canceledId } = (await simulated.json()) as { reservation_id: string };
    // The listing holds two years of stays: the cancelled one is found by its check-in, from today.
    const today = (await (await fetch(`${SANDBOX}/_sandbox/clock`)).json()) as { now: string };
    const upcoming = await svcGet<Reservation[]>(
      `/listings/${listing.svc_id}/reservations?channel=svc&per_page=100&date_filter_type=check_in&start_date=${today.now.slice(0, 10)}`,
    );
    const canceled = upcoming.find((r) => r.reservation_id === canceledId)!;
    expect(canceled.status).toBe("Canceled");
    const day = (iso: string, days: number) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const from = day(canceled.check_in, -20);
    const to = day(canceled.check_in, 20);

    await withSessionOf(page, "owner");
    const tab = await openTab(page, listing, "reservations");
    await tab.getByRole("radio", { name: "Check-in" }).click();
    await tab.getByLabel("From").fill(from);
    await tab.getByLabel("To").fill(to);
    await expect(page).toHaveURL(/res_by=check_in/);
    await expect(page).toHaveURL(new RegExp(`res_from=${from}`));
    await expect(page).toHaveURL(new RegExp(`res_to=${to}`));
    await expect(tab).toHaveAttribute("data-state", "ready");

    const truth = await svcGet<Reservation[]>(
      `/listings/${listing.svc_id}/reservations?channel=svc&date_filter_type=check_in&start_date=${from}&end_date=${to}&per_page=25`,
    );
    expect(truth.map((r) => r.reservation_id)).toContain(canceledId);
    const shown = await tab
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-reservation-id")));
    expect(shown).toEqual(truth.map((r) => r.reservation_id));

    for (const r of truth) {
      const row = tab.locator(`tr[data-reservation-id="${r.reservation_id}"]`);
      if (r.status === "Canceled") {
        await expect(row.getByText("Canceled", { exact: true })).toBeVisible();
        await expect(row.locator(`time[datetime="${r.canceled_at}"]`)).toHaveText(formatUtc(r.canceled_at!));
      } else {
        await expect(row.getByText("Canceled", { exact: true })).toHaveCount(0);
      }
    }
    await expect(tab.locator(`tr[data-reservation-id="${canceledId}"]`)).toContainText(
      formatAmount(canceled.total_price ?? canceled.payout, canceled.currency),
    );

    // The filter is in the address: a reload shows the same view.
    await page.reload();
    await expect(page.getByTestId("reservations")).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("reservations").getByRole("radio", { name: "Check-in" })).toBeChecked();
    await expect(page.getByTestId("reservations").locator("tbody tr")).toHaveCount(truth.length);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the owner adds, edits and deletes a note", async ({ page }) => {
    const listing = await findListing(
      async (l) => (await svcGet<Note[]>(`/listings/${l.svc_id}/notes?channel=svc`)).length === 0,
    );
    await withSessionOf(page, "owner");
    const tab = await openTab(page, listing, "notes");
    await expect(tab.getByText("No notes yet.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await tab.getByLabel("Add a note").fill("Guests ask for late check-out on Sundays.");
    await tab.getByRole("button", { name: "Add note" }).click();
    const item = tab.getByRole("listitem").filter({ hasText: "Guests ask for late check-out" });
    await expect(item).toBeVisible();
    await expect(tab.getByLabel("Add a note")).toHaveValue("");
    let stored = await svcGet<Note[]>(`/listings/${listing.svc_id}/notes?channel=svc`);
    expect(stored.map((n) => n.body)).toEqual(["Guests ask for late check-out on Sundays."]);

    await item.getByRole("button", { name: /^Edit note/ }).click();
    await tab.getByLabel(/^Edit note/).fill("Guests ask for late check-out on Sundays and holidays.");
    await tab.getByRole("button", { name: "Save note" }).click();
    await expect(tab.getByText("Guests ask for late check-out on Sundays and holidays.")).toBeVisible();
    stored = await svcGet<Note[]>(`/listings/${listing.svc_id}/notes?channel=svc`);
    expect(stored.map((n) => n.body)).toEqual(["Guests ask for late check-out on Sundays and holidays."]);

    await tab.getByRole("button", { name: /^Delete note/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this note?" });
    await expect(confirm).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Delete note" }).click();
    await expect(confirm).toBeHidden();
    await expect(tab.getByText("No notes yet.")).toBeVisible();
    expect(await svcGet<Note[]>(`/listings/${listing.svc_id}/notes?channel=svc`)).toEqual([]);
  });

  test("a restricted editor sees the tags but cannot edit them, and is told why", async ({ page }) => {
    const listing = (await portfolioOf("owner")).find(
      (l) => l.is_active && !l.is_hidden && l.tags.length > 0,
    )!;
    const truth = await svcGet<{ tags: string[] }>(
      `/listings/${listing.svc_id}/tags?channel=svc`,
      "restricted_editor",
    );
    await withSessionOf(page, "restricted_editor");
    const tab = await openTab(page, listing, "tags");
    const shown = tab.getByRole("list", { name: "Tags of this listing" }).getByRole("listitem");
    await expect(shown).toHaveText(truth.tags);
    await expect(tab.getByRole("note")).toContainText("Restricted editors cannot change tags");
    await expect(tab.getByRole("button", { name: /Edit tags/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The restricted editor may still write notes (the interface bars tags and batch preferences only).
    await page.getByRole("tab", { name: "Notes" }).click();
    await expect(page.getByTestId("notes")).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("notes").getByRole("button", { name: "Add note" })).toBeEnabled();

    // The owner, by contrast, is offered the editor (a fresh session: sign-in skips a signed-in one).
    await page.context().clearCookies();
    await withSessionOf(page, "owner");
    const owned = await openTab(page, listing, "tags");
    await expect(
      owned.getByRole("button", { name: `Edit tags of ${listing.name}`, exact: false }),
    ).toBeVisible();
    await expect(owned.getByRole("note")).toHaveCount(0);
  });

  test("sync: a click queues it, a second is counted down from Retry-After; the Free tier is told why not", async ({
    page,
  }) => {
    // Two listings' workspaces and a countdown: near 30 s on a busy machine.
    test.slow();
    const paid = await findListing(async (l) => (await tierOf(l)) !== "Free");
    await withSessionOf(page, "owner");
    await page.goto(`/listings/${paid.svc_id}`);
    const sync = page.getByTestId("sync");
    const button = sync.getByRole("button", { name: /Sync/ });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page.getByText(/Sync queued at/).first()).toBeVisible();

    await expect(button).toBeEnabled();
    await button.click();
    await expect(sync).toHaveAttribute("data-state", "countdown");
    await expect(sync.getByText("This listing was synced less than a minute ago.")).toBeVisible();
    // The wait reads as a duration ("42 s", "1 min"), never a bare count of seconds.
    const again = (await sync.getByText(/Sync again in /).textContent())!;
    const wait = again.match(/Sync again in (?:(\d+) min)? ?(?:(\d+) s)?\./)!;
    const seconds = Number(wait[1] ?? 0) * 60 + Number(wait[2] ?? 0);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    await expect(button).toHaveAccessibleName(/^Sync \((\d+ s|1 min)\)$/);
    await expect(button).toBeDisabled();
    // The debounce is the sync's, not the rate limit's: the shell does not announce a wait.
    await expect(page.getByText("The pricing service's rate limit was reached.")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const free = await findListing(async (l) => (await tierOf(l)) === "Free");
    await page.goto(`/listings/${free.svc_id}`);
    await expect(page.getByTestId("pricing-tier")).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("pricing-tier")).toContainText("Free");
    await expect(page.getByTestId("sync").getByRole("button", { name: /Sync/ })).toBeDisabled();
    await expect(page.getByTestId("sync")).toContainText("Sync needs a paid plan");
  });

  test("flags list what the service answers, most severe first; a listing without flags says so", async ({
    page,
  }) => {
    // Two listings' flags tabs: over 30 s once on a busy machine.
    test.slow();
    const flagsOf = (l: Listing) => svcGet<ListingFlag[]>(`/listings/${l.svc_id}/flags?channel=svc`);
    const flagged = await findListing(async (l) => (await flagsOf(l)).length > 0);
    const truth = await flagsOf(flagged);
    await withSessionOf(page, "owner");
    const tab = await openTab(page, flagged, "flags");
    const items = tab.getByRole("list", { name: "Flags" }).getByRole("listitem");
    await expect(items).toHaveCount(truth.length);
    for (const flag of truth) {
      const item = tab.locator(`li[data-flag-code="${flag.code}"]`);
      // The service's own sentence, its dates in the dashboard's words.
      await expect(item).toContainText(isoInWords(flag.message));
      await expect(item.locator(`time[datetime="${flag.detected_at}"]`)).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);

    const clear = await findListing(async (l) => (await flagsOf(l)).length === 0);
    const empty = await openTab(page, clear, "flags");
    await expect(empty.getByText("No flags.")).toBeVisible();
  });

  test("history shows the base price recommendation and the parts that add up to it", async ({ page }) => {
    const listing = (await portfolioOf("owner")).find((l) => l.is_active && !l.is_hidden)!;
    const rec = await svcGet<BasePriceRecommendation>(
      `/listings/${listing.svc_id}/base_price_recommendation?channel=svc`,
    );
    await withSessionOf(page, "owner");
    const tab = await openTab(page, listing, "history");
    const card = tab.getByRole("region", { name: "Base price recommendation" });
    const parts = card.getByRole("table", { name: "How the recommended base price adds up" });
    await expect(parts.locator("tbody tr")).toHaveCount(rec.attribution.factors.length + 1);
    await expect(parts.locator("tbody tr").first()).toContainText(
      formatAmount(rec.attribution.starting_price, rec.currency),
    );
    for (const factor of rec.attribution.factors) {
      await expect(parts.getByRole("rowheader", { name: factor.label, exact: true })).toBeVisible();
    }
    await expect(parts.locator("tfoot")).toContainText(
      formatAmount(rec.recommended_base_price, rec.currency),
    );
    await expect(tab.locator("section[data-state]").first()).toHaveAttribute("data-state", "ready");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the changelog shows who changed what, old → new", async ({ page }) => {
    const listing = (await portfolioOf("owner")).find(
      (l) => l.is_active && !l.is_hidden && l.supported_settings.min_stay,
    )!;
    const before = listing.listing_preferences.min_stay ?? 1;
    const write = await svcWrite("PUT", `/preferences/${listing.svc_id}?channel=svc`, {
      min_stay: before + 1,
    });
    expect(write.ok).toBe(true);
    const [latest] = await svcGet<PreferenceChangelogEntry[]>(
      `/preferences/${listing.svc_id}/changelog?channel=svc&per_page=1`,
    );
    expect(latest!.action).toBe("preferences_changed");
    const change = (latest!.details.changes as Record<string, { before: number | null; after: number }>)
      .min_stay!;

    await withSessionOf(page, "owner");
    const tab = await openTab(page, listing, "changelog");
    const first = tab.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first();
    await expect(first.getByRole("heading", { name: "Preferences changed" })).toBeVisible();
    await expect(first).toContainText(latest!.actor!.email);
    const nights = (n: number | null) => (n === null ? "not set" : `${n} night${n === 1 ? "" : "s"}`);
    const minStay = first.locator('dt:text-is("Minimum stay") + dd');
    await expect(minStay).toContainText(nights(change.before));
    await expect(minStay).toContainText(`changed to ${nights(change.after)}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
