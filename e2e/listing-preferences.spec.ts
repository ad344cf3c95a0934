import type { Page } from "@playwright/test";
import { labelOf } from "../lib/display/open-values";
import type { Listing } from "../lib/svc/schemas/listings";
import type { ListingPreferences } from "../lib/svc/schemas/preferences";
import {
  expect,
  keyOf,
  type PersonaName,
  portfolioOf,
  rowOf,
  SANDBOX,
  seriousViolations,
  signInAs,
  sortColumn,
  test,
  withSessionOf,
} from "./fixtures";

const CHANNEL = { airbnb: "Airbnb", vrbo: "Vrbo", booking_com: "Booking.com" } as const;

/** The truth: the listing's preferences as the reference service answers them. */
async function storedPreferences(persona: PersonaName, svcId: string): Promise<ListingPreferences> {
  const response = await fetch(`${SANDBOX}/preferences/${svcId}?channel=svc`, {
    headers: { "x-api-key": await keyOf(persona) },
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as ListingPreferences;
}

async function changelogLength(persona: PersonaName, svcId: string): Promise<number> {
  const response = await fetch(`${SANDBOX}/preferences/${svcId}/changelog?channel=svc&per_page=100`, {
    headers: { "x-api-key": await keyOf(persona) },
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as unknown[]).length;
}

async function openPreferences(page: Page, listing: Listing) {
  await page.goto(`/listings/${listing.svc_id}?tab=preferences`);
  await expect(page.getByTestId("preferences-tab")).toHaveAttribute("data-state", "ready");
}

/** A setting's block: its inputs, why it is unavailable, and the warnings raised about it. */
const setting = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

test.describe("listing preferences", () => {
  test("a minimum stay copied to a listing whose channel cannot take it is warned about beside min stay", async ({
    page,
  }) => {
    const portfolio = (await portfolioOf("owner")).filter((l) => !l.is_hidden);
    const target = portfolio.find((l) => !l.supported_settings.min_stay)!;
    const source = portfolio.find(
      (l) =>
        l.channel === target.channel &&
        l.supported_settings.min_stay &&
        l.listing_preferences.min_stay !== null,
    )!;
    const channel = labelOf(CHANNEL, target.channel);
    await withSessionOf(page, "owner");
    await openPreferences(page, target);

    // The form itself does not offer what the channel refuses, and says why.
    const minStay = setting(page, "Minimum stay");
    await expect(minStay.getByRole("textbox", { name: "Minimum stay" })).toBeDisabled();
    await expect(minStay).toContainText(`${channel} does not take a minimum stay from us for this listing.`);

    await page.getByRole("button", { name: "Copy from another listing" }).click();
    const dialog = page.getByRole("dialog", { name: `Copy preferences to ${target.name}` });
    await dialog.getByLabel("Copy from").selectOption(source.svc_id);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toContainText(`${channel} does not take a minimum stay from us for this listing.`);
    await dialog.getByRole("button", { name: "Copy preferences" }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole("status").filter({ hasText: "Copied with warnings" })).toContainText(
      `From ${source.name}.`,
    );
    await expect(minStay).toContainText(
      `Not applied: ${channel} does not take a minimum stay from us for this listing, so it was not applied.`,
    );
    await expect(minStay).toContainText("Affected: minimum stay.");

    const stored = await storedPreferences("owner", target.svc_id);
    expect(stored.min_stay).toBeNull();
    expect(stored.guests_included).toBe(source.listing_preferences.guests_included);
    await expect(page.getByRole("textbox", { name: "Guests included" })).toHaveValue(
      String(stored.guests_included ?? ""),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a total fee percentage of -150 is refused in the form, and the service's 400 is shown when the form is bypassed", async ({
    page,
  }) => {
    const target = (await portfolioOf("owner")).find((l) => !l.is_hidden && l.access_level === "owner")!;
    const before = await storedPreferences("owner", target.svc_id);
    const writes: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && new URL(r.url()).pathname.startsWith("/api/svc/preferences"))
        writes.push(r.url());
    });
    await withSessionOf(page, "owner");
    await openPreferences(page, target);

    const fees = setting(page, "Fee adjustments");
    if (before.fee_adjustments === null)
      await fees.getByRole("button", { name: "Set a fee adjustment" }).click();
    const total = fees.getByRole("textbox", { name: "Total fee percentage" });
    await total.fill("-150");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(fees).toContainText("The total fee percentage must be at least -100.");
    await expect(total).toHaveAttribute("aria-invalid", "true");
    expect(writes).toEqual([]);

    // Bypassing the page: the dashboard's BFF checks the contract's schema and refuses it...
    const origin = new URL(page.url()).origin;
    const direct = await page.request.put(`/api/svc/preferences/${target.svc_id}?channel=svc`, {
      data: { fee_adjustments: { total_fee_percentage: -150, auto_update: false } },
      headers: { origin },
    });
    expect(direct.status()).toBe(400);
    expect((await direct.json()).error.details.fields[0].field).toBe("fee_adjustments.total_fee_percentage");
    // ...and the one-setting PUT, whose body the BFF passes on, reaches the service's own 400.
    const one = await page.request.put(`/api/svc/preferences/${target.svc_id}/fee_adjustments?channel=svc`, {
      data: { value: { total_fee_percentage: -150, auto_update: false } },
      headers: { origin },
    });
    expect(one.status()).toBe(400);
    expect((await one.json()).error.code).toBe("invalid_preferences");

    // The page's handling of that 400: the form's valid -50 is swapped for -150 on the way
    // and sent to the reference service itself, whose answer the page receives.
    const key = await keyOf("owner");
    await page.route(
      (url) => url.pathname === `/api/svc/preferences/${target.svc_id}`,
      async (route) => {
        const request = route.request();
        if (request.method() !== "PUT") return route.fallback();
        const body = request.postDataJSON() as { fee_adjustments: Record<string, unknown> };
        body.fee_adjustments = { ...body.fee_adjustments, total_fee_percentage: -150 };
        const response = await route.fetch({
          url: `${SANDBOX}/preferences/${target.svc_id}?channel=svc`,
          headers: { "content-type": "application/json", "x-api-key": key },
          postData: JSON.stringify(body),
        });
        await route.fulfill({ response });
      },
    );
    await total.fill("-50");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The changes were not saved." })).toContainText(
      "Invalid total fee percentage",
    );
    await expect(fees).toContainText("The total fee percentage must be at least -100.");
    await expect(total).toHaveValue("-50");
    expect((await storedPreferences("owner", target.svc_id)).fee_adjustments).toEqual(before.fee_adjustments);
  });

  test("a preview shows the price change by night and changes nothing", async ({ page }) => {
    // The editor, a preview of a year of nights and the service's truth read twice: near 30 s on a busy machine.
    test.slow();
    const target = (await portfolioOf("owner")).find(
      (l) => !l.is_hidden && l.listing_preferences.base_price !== null,
    )!;
    const base = target.listing_preferences.base_price!;
    const changesBefore = await changelogLength("owner", target.svc_id);
    await withSessionOf(page, "owner");
    await openPreferences(page, target);

    await page.getByRole("textbox", { name: "Base price" }).fill(String(base + 50));
    await page.getByRole("button", { name: "Preview changes" }).click();
    const preview = page.getByRole("region", { name: /Preview of the next \d+ nights/ });
    await expect(preview).toContainText("Nothing was saved");
    await expect(preview).toContainText(/\d+ of \d+ nights would change/);
    const nights = preview.getByRole("region", { name: "Price change by night" }).getByRole("row");
    expect(await nights.count()).toBeGreaterThan(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByTestId("preferences-tab")).toHaveAttribute("data-state", "ready");
    await expect(page.getByRole("textbox", { name: "Base price" })).toHaveValue(String(base));
    expect((await storedPreferences("owner", target.svc_id)).base_price).toBe(base);
    expect(await changelogLength("owner", target.svc_id)).toBe(changesBefore);
  });

  test("a batch from the portfolio applies where it may and reports the restricted editor's listings as refused", async ({
    page,
  }) => {
    const portfolio = (await portfolioOf("restricted_editor")).filter((l) => !l.is_hidden);
    const own = portfolio.find((l) => l.access_level === "owner")!;
    const barred = portfolio.filter((l) => l.access_level === "restricted_editor").slice(0, 2);
    const minStay = (own.listing_preferences.min_stay ?? 1) + 1;
    await signInAs(page, "restricted_editor");

    // Owned listings first, so that every chosen row is on the first page.
    const access = page.getByRole("columnheader", { name: /Your access/ });
    await sortColumn(access, "ascending");
    for (const listing of [own, ...barred]) await rowOf(page, listing).getByRole("checkbox").check();
    await page
      .getByRole("group", { name: "Selected listings" })
      .getByRole("button", { name: "Edit preferences" })
      .click();

    const dialog = page.getByRole("dialog", { name: "Edit preferences of 3 listings" });
    await expect(dialog).toContainText("The service will refuse 2 of these listings");
    await dialog.getByRole("checkbox", { name: "Apply minimum stay" }).check();
    await dialog.getByRole("textbox", { name: "Nights" }).fill(String(minStay));
    await dialog.getByRole("button", { name: "Apply to 3 listings" }).click();

    await expect(dialog.getByRole("status")).toHaveText("Applied to 1 listing; 2 refused.");
    const results = dialog.getByRole("list", { name: "Result per listing" });
    const item = (l: Listing) =>
      results.getByRole("listitem").filter({ hasText: `${labelOf(CHANNEL, l.channel)} #${l.id}` });
    await expect(item(own)).toContainText("Applied");
    for (const listing of barred) {
      await expect(item(listing)).toContainText("Refused");
      await expect(item(listing)).toContainText("restricted editor cannot use the batch");
    }
    expect(await seriousViolations(page)).toEqual([]);

    expect((await storedPreferences("restricted_editor", own.svc_id)).min_stay).toBe(minStay);
    for (const listing of barred) {
      expect((await storedPreferences("restricted_editor", listing.svc_id)).min_stay).toBe(
        listing.listing_preferences.min_stay,
      );
    }
  });

  test("a viewer sees the preferences read-only, with the reason", async ({ page }) => {
    const target = (await portfolioOf("viewer")).find((l) => !l.is_hidden && l.access_level === "viewer")!;
    await withSessionOf(page, "viewer");
    await openPreferences(page, target);
    await expect(page.getByRole("note").filter({ hasText: "view-only access" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Base price" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: /Post prices to/ })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Copy from another listing" })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
