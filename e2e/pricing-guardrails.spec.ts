import type { Page } from "@playwright/test";
import { formatAmount } from "../lib/format/money";
import { addDays } from "../lib/listing/calendar/dates";
import { channelRef } from "../lib/display/channels";
import type { CustomRate } from "../lib/svc/schemas/custom-rates";
import type { Listing } from "../lib/svc/schemas/listings";
import type { ListingPreferences } from "../lib/svc/schemas/preferences";
import type { PreviewResult } from "../lib/svc/schemas/preferences-extras";
import {
  expect,
  keyOf,
  portfolioOf,
  rowOf,
  SANDBOX,
  seriousViolations,
  signInAs,
  svcGet,
  test,
  withSessionOf,
} from "./fixtures";

const todayUtc = () => new Date().toISOString().slice(0, 10);
const usd = (value: number) => formatAmount(value, "USD");

const preferencesOf = (svcId: string) => svcGet<ListingPreferences>(`/preferences/${svcId}?channel=svc`);
const customRatesOf = (svcId: string) => svcGet<CustomRate[]>(`/listings/${svcId}/custom_rates?channel=svc`);

/** The owner's own visible USD listings with a base price and both limits, in the service's order. */
async function pricedListings(): Promise<Listing[]> {
  return (await portfolioOf("owner")).filter(
    (l) =>
      !l.is_hidden &&
      l.is_active &&
      l.access_level === "owner" &&
      l.currency === "USD" &&
      l.listing_preferences.base_price !== null &&
      l.listing_preferences.min_price !== null &&
      l.listing_preferences.max_price !== null,
  );
}

/** Every request that would change something (preferences or custom rates), as the page sends it. */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "PUT" && path.startsWith("/api/svc/")) writes.push(path);
  });
  return writes;
}

test.describe("pricing guardrails", () => {
  test("a base price below the minimum is said beside the field, and saved only after 'Save anyway'", async ({
    page,
  }) => {
    const [target] = await pricedListings();
    const { base_price: oldBase, min_price: min } = target!.listing_preferences;
    const base = min! - 20;
    const writes = recordWrites(page);
    await withSessionOf(page, "owner");
    await page.goto(`/listings/${target!.svc_id}?tab=preferences`);
    await expect(page.getByTestId("preferences-tab")).toHaveAttribute("data-state", "ready");

    const baseGroup = page.getByRole("group", { name: "Base price", exact: true });
    await baseGroup.getByRole("textbox", { name: "Base price" }).fill(String(base));
    await expect(baseGroup).toContainText(
      `Check: The base price (${usd(base)}) is below the minimum price of ${usd(min!)}. Nights the engine would price under it are held at the minimum, whatever the demand; Preview changes counts them.`,
    );
    // Far below the recommendation, too: said beside the same field.
    await expect(baseGroup).toContainText("below the service's base price recommendation");

    // The preview names the nights held at the floor, as the service's own preview prices them.
    const truth = (await (
      await fetch(`${SANDBOX}/preferences/${target!.svc_id}/preview?channel=svc`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": await keyOf("owner") },
        body: JSON.stringify({ base_price: base }),
      })
    ).json()) as PreviewResult;
    const atFloor = truth.price_preview.filter((n) => n.preview_price <= min!).length;
    await page.getByRole("button", { name: "Preview changes" }).click();
    const preview = page.getByRole("region", { name: /Preview of the next \d+ nights/ });
    const count = `${atFloor} of ${truth.price_preview.length} nights would sit at your minimum price (${usd(min!)}).`;
    await expect(preview).toContainText(count);
    // The guardrail beside the field now says the preview's count, in the same words.
    await expect(baseGroup).toContainText(
      `Check: The base price (${usd(base)}) is below the minimum price of ${usd(min!)}. ${count}`,
    );

    // Save does not send until confirmed; what was typed stays.
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was sent." })).toBeVisible();
    const confirm = page.getByRole("checkbox", { name: "Save anyway: I mean this value" });
    await expect(confirm).toBeFocused();
    expect(writes).toEqual([]);
    expect((await preferencesOf(target!.svc_id)).base_price).toBe(oldBase);
    await expect(baseGroup.getByRole("textbox", { name: "Base price" })).toHaveValue(String(base));
    expect(await seriousViolations(page)).toEqual([]);

    // Confirmed, the button says what it will do, and the value is saved unchanged.
    await confirm.check();
    await page.getByRole("button", { name: "Save anyway" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    expect((await preferencesOf(target!.svc_id)).base_price).toBe(base);
    await expect(page.getByText("No unsaved changes.")).toBeVisible();
    await expect(baseGroup).not.toContainText("Check:");
  });

  test("a minimum above the maximum is refused in plain sentences beside the minimum", async ({ page }) => {
    const [target] = await pricedListings();
    const { max_price: max } = target!.listing_preferences;
    await withSessionOf(page, "owner");
    await page.goto(`/listings/${target!.svc_id}?tab=preferences`);
    await expect(page.getByTestId("preferences-tab")).toHaveAttribute("data-state", "ready");
    const minGroup = page.getByRole("group", { name: "Minimum price", exact: true });
    await minGroup.getByRole("textbox", { name: "Minimum price" }).fill(String(max! + 100));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(minGroup).toContainText(
      `The minimum price (${usd(max! + 100)}) is above the maximum price (${usd(max!)}), so no price can meet both. Lower the minimum or raise the maximum.`,
    );
    await expect(page.getByRole("checkbox", { name: /Save anyway/ })).toHaveCount(0);
  });

  test("the batch dialog names the listing whose base a new minimum passes, and applies after confirming", async ({
    page,
  }) => {
    const listings = (await pricedListings()).slice(0, 8);
    const byBase = [...listings].sort(
      (a, b) => a.listing_preferences.base_price! - b.listing_preferences.base_price!,
    );
    const low = byBase[0]!;
    const high = byBase[byBase.length - 1]!;
    const min = low.listing_preferences.base_price! + 10;
    expect(min).toBeLessThan(high.listing_preferences.base_price!);
    const writes = recordWrites(page);
    await signInAs(page, "owner");
    for (const listing of [low, high]) await rowOf(page, listing).getByRole("checkbox").check();
    await page
      .getByRole("group", { name: "Selected listings" })
      .getByRole("button", { name: "Edit preferences" })
      .click();

    const dialog = page.getByRole("dialog", { name: "Edit preferences of 2 listings" });
    await dialog.getByRole("checkbox", { name: "Apply minimum price" }).check();
    await dialog.getByRole("textbox", { name: "Minimum" }).fill(String(min));
    const item = dialog.getByRole("listitem").filter({ hasText: "Apply minimum price" });
    await expect(item).toContainText(
      `Check: ${low.name} (${channelRef(low)}): The base price (${usd(low.listing_preferences.base_price!)}) is below the minimum price of ${usd(min)}.`,
    );
    await expect(item).not.toContainText(channelRef(high));

    await dialog.getByRole("button", { name: "Apply to 2 listings" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Nothing was sent." })).toBeVisible();
    expect(writes).toEqual([]);
    expect((await preferencesOf(low.svc_id)).min_price).toBe(low.listing_preferences.min_price);
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole("checkbox", { name: "Apply anyway: I mean this value" }).check();
    await dialog.getByRole("button", { name: "Apply anyway to 2 listings" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Applied to 2 listings.");
    for (const listing of [low, high]) expect((await preferencesOf(listing.svc_id)).min_price).toBe(min);
  });

  test("a custom rate below the minimum price is said beside its value and added only after 'Add anyway'", async ({
    page,
  }) => {
    const [target] = await pricedListings();
    const min = target!.listing_preferences.min_price!;
    const price = min - 10;
    const start = addDays(todayUtc(), 30);
    const before = await customRatesOf(target!.svc_id);
    const writes = recordWrites(page);
    await withSessionOf(page, "owner");
    await page.goto(`/listings/${target!.svc_id}?tab=custom-rates`);
    await expect(page.getByTestId("custom-rates")).toHaveAttribute("data-state", "ready");

    const form = page.getByRole("region", { name: "Add a custom rate" });
    await form.getByLabel("First night", { exact: true }).fill(start);
    await form.getByLabel("Last night", { exact: true }).fill(start);
    await form.getByRole("radio", { name: "Fixed price" }).click();
    await form.getByLabel("Nightly price", { exact: true }).fill(String(price));
    await expect(form).toContainText(
      `Check: A fixed price of ${usd(price)} is below the minimum price of ${usd(min)}. Nights in this period would be priced under your minimum.`,
    );
    await form.getByRole("button", { name: "Add custom rate" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "Nothing was sent." })).toBeVisible();
    expect(writes).toEqual([]);
    expect(await customRatesOf(target!.svc_id)).toEqual(before);
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole("checkbox", { name: "Add anyway: I mean this value" }).check();
    await form.getByRole("button", { name: "Add anyway" }).click();
    await expect(page.getByText(/^Custom rate added for/)).toBeVisible();
    expect(await customRatesOf(target!.svc_id)).toContainEqual(
      expect.objectContaining({
        start_date: start,
        end_date: start,
        price_type: "fixed",
        price_value: price,
      }),
    );
  });

  test("the bulk custom-rate dialog names the listing whose minimum a percent rate passes", async ({
    page,
  }) => {
    const listings = (await pricedListings()).slice(0, 8);
    // The listing whose minimum sits closest to its base (with its adjustment) is the first a
    // discount takes under it; the one whose minimum sits furthest, the last.
    const share = (l: Listing) =>
      l.listing_preferences.min_price! /
      (l.listing_preferences.base_price! * (1 + (l.listing_preferences.base_price_adjustment ?? 0) / 100));
    const sorted = [...listings].sort((a, b) => share(b) - share(a));
    const [tight, loose] = [sorted[0], sorted[sorted.length - 1]];
    // A discount that takes the tight listing under its minimum and leaves the loose one above.
    const off = Math.round((1 - (share(tight!) + share(loose!)) / 2) * 100);
    await signInAs(page, "owner");
    for (const listing of [tight!, loose!]) await rowOf(page, listing).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Custom rate for 2 listings…" }).click();
    const dialog = page.getByRole("dialog", { name: "Apply a custom rate" });
    await dialog.getByLabel("Percent", { exact: true }).fill(String(-off));
    await expect(dialog).toContainText(`Check: ${tight!.name} (${channelRef(tight!)}): At the base price`);
    await expect(dialog).not.toContainText(`(${channelRef(loose!)}): At the base price`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
