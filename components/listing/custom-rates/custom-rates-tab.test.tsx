import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "@/lib/format/dates";
import {
  READ_ONLY_CUSTOM_RATES_REASON,
  VIEWER_CUSTOM_RATES_REASON,
} from "@/lib/listing/custom-rates/permission";
import { periodDates, rateWords } from "@/lib/listing/custom-rates/words";
import type { CustomRate } from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import { upstream } from "@/test-support/bff";
import { sentFromPage, serviceAnswer, signPageInAs, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { CustomRatesTab } from "@/components/listing/custom-rates/custom-rates-tab";

withServiceInPage();

const ratesOf = (svcId: string) => serviceAnswer<CustomRate[]>(`/listings/${svcId}/custom_rates?channel=svc`);
/** A period of three nights or more that starts after today: one a write can split. */
const splittable = (rates: CustomRate[]) =>
  rates.filter((r) => r.end_date > addDays(r.start_date, 1) && r.start_date > todayUtc());

/** The owner's own listings with seeded periods that can be split, each test taking its own. */
let withRates: Listing[];
beforeAll(async () => {
  const own = (await serviceAnswer<Listing[]>("/listings?per_page=100")).filter(
    (l) => l.is_active && !l.is_hidden && l.access_level === "owner",
  );
  withRates = [];
  for (const listing of own) {
    if (splittable(await ratesOf(listing.svc_id)).length > 0) withRates.push(listing);
    if (withRates.length === 3) break;
  }
  expect(withRates, "three seeded listings with a custom rate of three nights or more").toHaveLength(3);
});

async function openTab(listing: Listing, readOnly = false) {
  const rendered = renderPage(<CustomRatesTab listing={listing} readOnly={readOnly} />);
  const tab = await screen.findByTestId("custom-rates");
  await expect.poll(() => tab.getAttribute("data-state"), { timeout: 10_000 }).toBe("ready");
  const form = screen.getByRole("region", { name: "Add a custom rate" });
  return { ...rendered, tab, form };
}

const rowHeader = (period: { start_date: string; end_date: string }) =>
  screen.getByRole("rowheader", { name: new RegExp(`^${periodDates(period)}`) });
const writes = () => sentFromPage.filter((r) => !r.startsWith("GET"));

describe("the custom rates tab", () => {
  it("a rate written inside an existing period is told as the split the service answered, and the list shows its parts", async () => {
    const listing = withRates[0]!;
    const target = splittable(await ratesOf(listing.svc_id))[0]!;
    const middle = addDays(target.start_date, 1);
    const { user, form } = await openTab(listing);
    await user.type(within(form).getByLabelText("First night"), middle);
    await user.type(within(form).getByLabelText("Last night"), middle);
    await user.click(within(form).getByRole("radio", { name: "Fixed price" }));
    await user.type(within(form).getByLabelText("Nightly price"), "199");
    await user.click(within(form).getByRole("button", { name: "Add custom rate" }));

    const outcome = await screen.findByRole("status", {}, { timeout: 10_000 });
    const after = await ratesOf(listing.svc_id);
    const parts = after.filter(
      (r) => r.reason === target.reason && r.start_date >= target.start_date && r.end_date <= target.end_date,
    );
    expect(parts.map((p) => [p.start_date, p.end_date])).toEqual([
      [target.start_date, target.start_date],
      [addDays(middle, 1), target.end_date],
    ]);
    expect(outcome).toHaveTextContent(
      `Custom rate added for ${periodDates({ start_date: middle, end_date: middle })}.`,
    );
    expect(outcome).toHaveTextContent(
      `The period ${periodDates(target)} (${rateWords(target, target.currency)}) was split into ${periodDates(parts[0]!)} and ${periodDates(parts[1]!)}.`,
    );
    for (const period of [...parts, { start_date: middle, end_date: middle }]) {
      expect(rowHeader(period)).toBeVisible();
    }

    // The explanation stays until dismissed.
    await user.click(within(outcome).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByTestId("custom-rate-outcome")).not.toBeInTheDocument();
  });

  it("deleting a period first says which, then removes it as the service answers", async () => {
    const listing = withRates[1]!;
    const period = (await ratesOf(listing.svc_id)).find((r) => r.start_date > todayUtc())!;
    const { user } = await openTab(listing);
    const row = rowHeader(period).closest("tr")!;
    await user.click(
      within(row).getByRole("button", { name: `Delete the custom rate for ${periodDates(period)}` }),
    );

    const confirm = screen.getByRole("alertdialog", { name: "Delete this custom rate?" });
    expect(confirm).toHaveAccessibleDescription(
      `The nights of ${periodDates(period)} (${rateWords(period, period.currency)}) go back to the service's recommendation.`,
    );
    expect(writes()).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: "Delete custom rate" }));

    await expect.poll(() => screen.queryByRole("alertdialog"), { timeout: 10_000 }).toBeNull();
    expect(screen.queryByRole("rowheader", { name: new RegExp(`^${periodDates(period)}`) })).toBeNull();
    expect(writes()).toEqual([`DELETE /api/svc/listings/${listing.svc_id}/custom_rates?channel=svc`]);
    expect(upstream.filter((r) => r.method === "DELETE").map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { start_date: period.start_date, end_date: period.end_date },
    ]);
    expect((await ratesOf(listing.svc_id)).some((r) => r.start_date === period.start_date)).toBe(false);
  });

  it("clearing nights with the last before the first is refused beside the last night; the dates stay and nothing is sent", async () => {
    const { user } = await openTab(withRates[2]!);
    await user.click(screen.getByRole("button", { name: "Clear nights…" }));
    const dialog = screen.getByRole("dialog", { name: "Clear nights from the custom rates" });
    const first = within(dialog).getByLabelText("First night");
    const last = within(dialog).getByLabelText("Last night");
    const start = addDays(todayUtc(), 20);
    await user.type(first, start);
    await user.type(last, addDays(start, -1));
    await user.click(within(dialog).getByRole("button", { name: "Clear these nights" }));

    const sentence = "The end date is before the start date.";
    expect(await within(dialog).findByText(sentence)).toBeVisible();
    expect(last).toHaveAttribute("aria-invalid", "true");
    expect(last).toHaveAccessibleDescription(sentence);
    expect(first).toHaveValue(start);
    expect(last).toHaveValue(addDays(start, -1));
    expect(writes()).toEqual([]);
  });

  it("clearing nights inside a period splits it, and the page says how from the service's answer", async () => {
    const listing = withRates[2]!;
    const target = splittable(await ratesOf(listing.svc_id))[0]!;
    const middle = addDays(target.start_date, 1);
    const { user } = await openTab(listing);
    await user.click(screen.getByRole("button", { name: "Clear nights…" }));
    const dialog = screen.getByRole("dialog", { name: "Clear nights from the custom rates" });
    await user.type(within(dialog).getByLabelText("First night"), middle);
    await user.type(within(dialog).getByLabelText("Last night"), middle);
    await user.click(within(dialog).getByRole("button", { name: "Clear these nights" }));

    const outcome = await screen.findByRole("status", {}, { timeout: 10_000 });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(outcome).toHaveTextContent(
      `Custom rates cleared for ${periodDates({ start_date: middle, end_date: middle })}.`,
    );
    expect(outcome).toHaveTextContent(
      `The period ${periodDates(target)} (${rateWords(target, target.currency)}) was split`,
    );
    expect(upstream.filter((r) => r.method === "DELETE").map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { start_date: middle, end_date: middle },
    ]);
    expect(rowHeader({ start_date: target.start_date, end_date: target.start_date })).toBeVisible();
  });
});

describe("the custom rates tab, for a viewer", () => {
  it("a viewer reads the listing's custom rates, but every change is disabled and the reason is said", async () => {
    await signPageInAs("viewer");
    const owners = withRates[0]!;
    const listing = await serviceAnswer<Listing>(`/listings/${owners.svc_id}?channel=svc`);
    expect(listing.access_level).toBe("viewer");
    const periods = await ratesOf(listing.svc_id);
    const { form } = await openTab(listing);

    expect(screen.getByRole("note")).toHaveTextContent(VIEWER_CUSTOM_RATES_REASON);
    for (const period of periods) expect(rowHeader(period)).toBeVisible();
    for (const del of screen.getAllByRole("button", { name: /^Delete the custom rate for/ })) {
      expect(del).toBeDisabled();
    }
    expect(screen.getByRole("button", { name: "Clear nights…" })).toBeDisabled();
    expect(within(form).getByRole("button", { name: "Add custom rate" })).toBeDisabled();
    expect(within(form).getByLabelText("First night")).toBeDisabled();
    expect(writes()).toEqual([]);
  });
});

describe("the custom rates tab, with a read-only key", () => {
  it("a read-only key reads the custom rates, but every change is disabled and the reason is said", async () => {
    await signPageInAs("owner", "read_only");
    const listing = withRates[0]!;
    const { form } = await openTab(listing, true);

    expect(screen.getByRole("note")).toHaveTextContent(READ_ONLY_CUSTOM_RATES_REASON);
    expect(screen.getAllByRole("rowheader").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Clear nights…" })).toBeDisabled();
    expect(within(form).getByRole("button", { name: "Add custom rate" })).toBeDisabled();
    expect(within(form).getByLabelText("Percent")).toBeDisabled();
  });
});
