import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { ListingPreferences } from "@/lib/svc/schemas/preferences";
import {
  personaKey,
  routePageRequests,
  sentFromPage,
  serviceAnswer,
  signPageInAs,
  withServiceInPage,
} from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { PreferencesTab } from "@/components/listing/preferences/preferences-tab";

withServiceInPage();

/** The listings the page's session sees, as the service lists them. */
const portfolio = async () =>
  (await serviceAnswer<Listing[]>("/listings?per_page=100")).filter((l) => !l.is_hidden);
/** The truth: the listing's preferences as the service holds them now. */
const stored = (listing: Listing) =>
  serviceAnswer<ListingPreferences>(`/preferences/${listing.svc_id}?channel=svc`);
const changelogLength = async (listing: Listing) =>
  (await serviceAnswer<unknown[]>(`/preferences/${listing.svc_id}/changelog?channel=svc&per_page=100`))
    .length;
const writes = () => sentFromPage.filter((r) => r.startsWith("PUT"));
/**
 * The outcome of the last save or copy, kept in the tab: in the action bar pinned at the foot,
 * beside Save and Preview, so no confirmation floats over them.
 */
const writeStatus = () => within(screen.getByTestId("editor-actions")).getByRole("status");

/** The preferences tab of a listing, once its preferences have arrived. */
async function openTab(listing: Listing, readOnly = false) {
  const rendered = renderPage(<PreferencesTab listing={listing} readOnly={readOnly} />);
  await waitFor(() => expect(screen.getByTestId("preferences-tab")).toHaveAttribute("data-state", "ready"));
  const form = screen.getByRole("form", { name: "Preferences" });
  /** A setting's block: its inputs, why it is unavailable, and the warnings raised about it. */
  const setting = (name: string) => within(form).getByRole("group", { name });
  const save = () => rendered.user.click(screen.getByRole("button", { name: "Save changes" }));
  return { ...rendered, form, setting, save };
}

describe("the listing's preferences", () => {
  it("a setting the listing's channel does not take is disabled, with the reason beside it", async () => {
    const target = (await portfolio()).find((l) => !l.supported_settings.min_stay)!;
    const channel = labelOf(channelLabels, target.channel);
    const { setting } = await openTab(target);
    const minStay = within(setting("Minimum stay")).getByRole("textbox", { name: "Minimum stay" });
    const reason = `${channel} does not take a minimum stay from us for this listing.`;
    expect(minStay).toBeDisabled();
    expect(setting("Minimum stay")).toHaveTextContent(`Not available: ${reason}`);
    expect(minStay).toHaveAccessibleDescription(expect.stringContaining(reason));
  });

  it("a copy whose channel cannot take a setting is warned about first, then 'Copied with warnings' beside that setting", async () => {
    const listings = await portfolio();
    const target = listings.find((l) => !l.supported_settings.min_stay)!;
    const source = listings.find(
      (l) =>
        l.channel === target.channel &&
        l.supported_settings.min_stay &&
        l.listing_preferences.min_stay !== null,
    )!;
    const channel = labelOf(channelLabels, target.channel);
    const { user, form, setting } = await openTab(target);

    await user.click(screen.getByRole("button", { name: "Copy from another listing" }));
    const dialog = screen.getByRole("dialog", { name: `Copy preferences to ${target.name}` });
    const from = within(dialog).getByLabelText("Copy from");
    await within(dialog).findByRole("option", { name: `${source.name} (${channel} #${source.id})` });
    await user.selectOptions(from, source.svc_id);
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(dialog).toHaveTextContent(`${channel} does not take a minimum stay from us for this listing.`);
    await user.click(within(dialog).getByRole("button", { name: "Copy preferences" }));

    await waitFor(() => expect(writeStatus()).toHaveTextContent(/^Copied with warnings:/));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(writeStatus()).toHaveTextContent(`From ${source.name}.`);
    expect(setting("Minimum stay")).toHaveTextContent(
      `Not applied: ${channel} does not take a minimum stay from us for this listing, so it was not applied.`,
    );
    expect(setting("Minimum stay")).toHaveTextContent("Affected: minimum stay.");
    const now = await stored(target);
    expect(now.min_stay).toBeNull();
    expect(now.guests_included).toBe(source.listing_preferences.guests_included);
    expect(within(form).getByRole("textbox", { name: "Guests included" })).toHaveValue(
      String(now.guests_included ?? ""),
    );
  });

  it("Escape closes the copy dialog without copying anything", async () => {
    const [target] = await portfolio();
    const { user } = await openTab(target!);
    const copy = screen.getByRole("button", { name: "Copy from another listing" });
    await user.click(copy);
    expect(screen.getByRole("dialog", { name: `Copy preferences to ${target!.name}` })).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(copy).toHaveFocus();
    expect(sentFromPage.filter((r) => !r.startsWith("GET"))).toEqual([]);
  });

  it("a save the channel applies only in part is 'Saved with warnings', the reason beside the days", async () => {
    const target = (await portfolio()).find(
      (l) => l.channel === "booking_com" && l.supported_settings.checkin_checkout,
    )!;
    const { user, setting, save } = await openTab(target);
    const days = setting("Check-in and checkout days");
    await user.click(within(days).getByRole("switch", { name: "Restrict check-in and checkout days" }));
    const sunday = () =>
      within(within(days).getByRole("group", { name: "Checkout days" })).getByRole("checkbox", {
        name: "Sunday",
      });
    await user.click(sunday());
    expect(screen.getByText("1 unsaved change.")).toBeVisible();
    await save();

    await waitFor(() => expect(writeStatus()).toHaveTextContent(/^Saved with warnings:/));
    expect(days).toHaveTextContent(
      "Partly applied: Booking.com takes only part of check-in and checkout days for this listing: the checkout days were not applied.",
    );
    expect(days).toHaveTextContent("Affected: checkout days.");
    // The form now shows what is stored: every checkout day.
    expect(sunday()).toBeChecked();
    expect(writes()).toEqual([`PUT /api/svc/preferences/${target.svc_id}?channel=svc`]);
    const now = await stored(target);
    expect(now.checkin_checkout?.checkout_days).toHaveLength(7);
    expect(now.checkin_checkout?.checkin_days).toHaveLength(7);
  });

  it("a total fee percentage below -100 is refused on its line, marked invalid, kept, and nothing is sent", async () => {
    const target = (await portfolio()).find((l) => l.access_level === "owner")!;
    const before = await stored(target);
    const { user, setting, save } = await openTab(target);
    const fees = setting("Fee adjustments");
    if (before.fee_adjustments === null)
      await user.click(within(fees).getByRole("button", { name: "Set a fee adjustment" }));
    const total = within(fees).getByRole("textbox", { name: "Total fee percentage" });
    await user.clear(total);
    await user.type(total, "-150");
    await save();

    const sentence = "The total fee percentage must be at least -100.";
    expect(await within(fees).findByText(sentence)).toBeVisible();
    expect(total).toHaveAttribute("aria-invalid", "true");
    expect(total).toHaveAccessibleDescription(expect.stringContaining(sentence));
    expect(total).toHaveValue("-150");
    expect(screen.getByText("Some values need fixing before they can be saved.")).toBeVisible();
    expect(writes()).toEqual([]);
    expect((await stored(target)).fee_adjustments).toEqual(before.fee_adjustments);
  });

  it("the service's own refusal of a value is said in words, beside the field and under the form; what was typed stays", async () => {
    const target = (await portfolio()).find((l) => l.access_level === "owner")!;
    const before = await stored(target);
    // The form's valid -50 is swapped for -150 on the way and sent to the reference service
    // itself, whose answer the page receives.
    const key = await personaKey("owner");
    routePageRequests(async (url, method, init) => {
      if (method !== "PUT" || !url.startsWith(`/api/svc/preferences/${target.svc_id}?`)) return null;
      const body = JSON.parse(String(init.body)) as { fee_adjustments: Record<string, unknown> };
      body.fee_adjustments = { ...body.fee_adjustments, total_fee_percentage: -150 };
      return fetch(`${process.env.SVC_BASE_URL}/preferences/${target.svc_id}?channel=svc`, {
        method: "PUT",
        headers: { "content-type": "application/json", "x-api-key": key },
        body: JSON.stringify(body),
      });
    });
    const { user, setting, save } = await openTab(target);
    const fees = setting("Fee adjustments");
    if (before.fee_adjustments === null)
      await user.click(within(fees).getByRole("button", { name: "Set a fee adjustment" }));
    const total = within(fees).getByRole("textbox", { name: "Total fee percentage" });
    await user.clear(total);
    await user.type(total, "-50");
    await save();

    const alert = await screen.findByText(/^The changes were not saved\./);
    expect(alert).toHaveAttribute("role", "alert");
    expect(alert).toHaveTextContent("Invalid total fee percentage");
    expect(fees).toHaveTextContent("The total fee percentage must be at least -100.");
    expect(total).toHaveAttribute("aria-invalid", "true");
    expect(total).toHaveValue("-50");
    expect(writes()).toEqual([`PUT /api/svc/preferences/${target.svc_id}?channel=svc`]);
    expect((await stored(target)).fee_adjustments).toEqual(before.fee_adjustments);
  });

  it("a base price below the minimum is said beside the field, and saved only after 'Save anyway'", async () => {
    const target = (await portfolio()).find(
      (l) =>
        l.access_level === "owner" &&
        l.listing_preferences.base_price !== null &&
        l.listing_preferences.min_price !== null,
    )!;
    const { base_price: oldBase, min_price: min } = await stored(target);
    const base = min! - 20;
    const { user, setting, save } = await openTab(target);
    const basePrice = within(setting("Base price")).getByRole("textbox", { name: "Base price" });
    await user.clear(basePrice);
    await user.type(basePrice, String(base));
    expect(await within(setting("Base price")).findByText(/is below the minimum price of/)).toBeVisible();

    // Save does not send until confirmed; what was typed stays.
    await save();
    expect(await screen.findByText(/^Nothing was sent\./)).toHaveAttribute("role", "alert");
    const confirm = screen.getByRole("checkbox", { name: "Save anyway: I mean this value" });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(writes()).toEqual([]);
    expect(basePrice).toHaveValue(String(base));
    expect((await stored(target)).base_price).toBe(oldBase);

    // Confirmed, the button says what it will do, and the value is saved as it is.
    await user.click(confirm);
    await user.click(screen.getByRole("button", { name: "Save anyway" }));
    // What holds now and what waits: a base price reaches the recommendations at the next pricing run.
    await waitFor(() =>
      expect(writeStatus()).toHaveTextContent(
        /^Saved\. Every setting was applied\. Now: Stored now: base price\. Next: The price calendar's recommendations change at the next pricing run of the listing's market, not on save/,
      ),
    );
    expect(screen.getByText("No unsaved changes.")).toBeVisible();
    expect((await stored(target)).base_price).toBe(base);
    expect(setting("Base price")).not.toHaveTextContent("Check:");
  });

  it("a preview shows the price change by night and saves nothing", async () => {
    const target = (await portfolio()).find(
      (l) => l.access_level === "owner" && l.listing_preferences.base_price !== null,
    )!;
    const { base_price: base } = await stored(target);
    const changesBefore = await changelogLength(target);
    const { user, form } = await openTab(target);
    const basePrice = within(form).getByRole("textbox", { name: "Base price" });
    await user.clear(basePrice);
    await user.type(basePrice, String(base! + 50));
    await user.click(screen.getByRole("button", { name: "Preview changes" }));

    const preview = await screen.findByRole("region", { name: /^Preview of the next \d+ nights$/ });
    expect(preview).toHaveTextContent("Nothing was saved");
    expect(preview).toHaveTextContent(/\d+ of \d+ nights would change/);
    const nights = within(
      within(preview).getByRole("region", { name: "Price change by night" }),
    ).getAllByRole("row");
    expect(nights.length).toBeGreaterThan(2);
    expect(sentFromPage.filter((r) => !r.startsWith("GET"))).toEqual([
      `POST /api/svc/preferences/${target.svc_id}/preview?channel=svc`,
    ]);
    expect((await stored(target)).base_price).toBe(base);
    expect(await changelogLength(target)).toBe(changesBefore);
    expect(basePrice).toHaveValue(String(base! + 50));
  });

  it("a restricted editor saves a listing's own preferences and is told batches refuse it", async () => {
    await signPageInAs("restricted_editor");
    const target = (await portfolio()).find((l) => l.access_level === "restricted_editor")!;
    const { user, form, save } = await openTab(target);
    expect(screen.getByRole("note")).toHaveTextContent(
      "As a restricted editor you can change this listing's preferences here, but the service refuses it in batch edits from the portfolio.",
    );
    const nickname = within(form).getByRole("textbox", { name: "Nickname" });
    await user.clear(nickname);
    await user.type(nickname, "Ravi's pick");
    await save();

    await waitFor(() => expect(writeStatus()).toHaveTextContent(/^Saved\./));
    expect(screen.getByText("No unsaved changes.")).toBeVisible();
    expect(writes()).toEqual([`PUT /api/svc/preferences/${target.svc_id}?channel=svc`]);
    expect((await stored(target)).nickname).toBe("Ravi's pick");
  });

  it("a viewer sees the preferences read-only, with the reason", async () => {
    await signPageInAs("viewer");
    const target = (await portfolio()).find((l) => l.access_level === "viewer")!;
    const { form } = await openTab(target);
    const reason = "You have view-only access to this listing: its preferences cannot be changed.";
    expect(screen.getByRole("note")).toHaveTextContent(reason);
    expect(within(form).getByRole("textbox", { name: "Base price" })).toBeDisabled();
    expect(within(form).getByRole("switch", { name: /^Post prices to/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDisabled();
    expect(screen.getByText("Read only.")).toBeVisible();
    const copy = screen.getByRole("button", { name: /^Copy from another listing/ });
    expect(copy).toBeDisabled();
    expect(copy).toHaveAccessibleDescription(reason);
  });

  it("with a read-only key every setting is read-only, and the note says why", async () => {
    const [target] = await portfolio();
    const { form } = await openTab(target!, true);
    expect(screen.getByRole("note")).toHaveTextContent(
      "Your session uses a read-only API key, so these preferences can be read but not changed.",
    );
    for (const input of within(form).getAllByRole("textbox")) expect(input).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDisabled();
  });
});
