import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDayLong, todayUtc } from "@/lib/format/dates";
import { nightColumns } from "@/lib/format/night-columns";
import { READ_ONLY_CUSTOM_RATES_REASON } from "@/lib/listing/custom-rates/permission";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { PriceCalendar } from "@/lib/svc/schemas/calendar";
import type { CustomRateInput } from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import { upstream } from "@/test-support/bff";
import { sentFromPage, serviceAnswer, signPageInAs, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { SelectionBar } from "@/components/calendar/selection-bar";

withServiceInPage();

/** Three nights of three listings, far enough ahead that most nights are still open. */
const NIGHTS = 3;
const ROWS = 3;

/**
 * The selection bar as the portfolio calendar holds it, over `listings` (the first three
 * selected) from `from`: no row read yet, so opening a change reads their nights first.
 */
function renderSelection(listings: Listing[], from: string, keyKind: ApiKeyKind | null = null) {
  const nights = nightColumns(from, addDays(from, NIGHTS - 1));
  return renderPage(
    <SelectionBar
      selection={{ anchor: { row: 0, col: 0 }, focus: { row: ROWS - 1, col: NIGHTS - 1 } }}
      listings={listings}
      nights={nights}
      rowOf={() => null}
      keyKind={keyKind}
      touch={false}
      onClear={() => {}}
    />,
  );
}

const dates = (from: string) => `${formatDayLong(from)} to ${formatDayLong(addDays(from, NIGHTS - 1))}`;

/** Opens the change of `kind` and waits until the nights are read and the form is there. */
async function openChange(listings: Listing[], from: string, kind: "rate" | "min_stay") {
  const rendered = renderSelection(listings, from);
  await rendered.user.click(
    screen.getByRole("button", { name: kind === "rate" ? "Set custom rate…" : "Set minimum stay…" }),
  );
  const dialog = await screen.findByRole(
    "dialog",
    { name: kind === "rate" ? "Set a custom rate" : "Set a minimum stay" },
    { timeout: 10_000 },
  );
  await within(dialog).findByRole("button", { name: /^Apply/ }, { timeout: 10_000 });
  const value = () =>
    within(dialog).getByRole("spinbutton", {
      name: /^(Price a night|Percent|Minimum stay)/,
    });
  const apply = () => rendered.user.click(within(dialog).getByRole("button", { name: /^Apply/ }));
  return { ...rendered, dialog, value, apply };
}

const writes = () => sentFromPage.filter((r) => !r.startsWith("GET"));
/** The periods each listing was sent, by svc id, from the writes that reached the service. */
function periodsSent(): Record<string, CustomRateInput[]> {
  const sent: Record<string, CustomRateInput[]> = {};
  for (const r of upstream.filter((u) => u.method === "PUT")) {
    const body = JSON.parse(r.body) as { custom_rates: CustomRateInput[]; listing_ids?: string[] };
    const pathId = /^\/listings\/([^/]+)\//.exec(r.path)![1]!;
    for (const id of [pathId, ...(body.listing_ids ?? [])]) sent[id] = body.custom_rates;
  }
  return sent;
}

let owned: Listing[];
beforeAll(async () => {
  owned = (await serviceAnswer<Listing[]>("/listings?per_page=100")).filter(
    (l) => l.is_active && !l.is_hidden && l.access_level === "owner",
  );
  expect(owned.length).toBeGreaterThanOrEqual(4 * ROWS);
});

/** Distinct listings and nights per test: each test's writes stay its own. */
const listingsFor = (test: number) => owned.slice(test * ROWS, test * ROWS + ROWS);
const fromFor = (test: number) => addDays(todayUtc(), 200 + test * 10);

describe("the calendar change dialog", () => {
  it("reads the selected listings' nights, then previews per listing the nights written and the booked nights skipped, before anything is sent", async () => {
    const listings = listingsFor(0);
    const from = fromFor(0);
    const { user, dialog, value } = await openChange(listings, from, "rate");
    expect(dialog).toHaveAccessibleDescription(
      `${dates(from)}, 3 selected listings. Booked nights are skipped.`,
    );

    const calendars = await Promise.all(
      listings.map((l) =>
        serviceAnswer<PriceCalendar>(
          `/listings/${l.svc_id}/price_calendar?channel=svc&start_date=${from}&end_date=${addDays(from, NIGHTS - 1)}`,
        ),
      ),
    );
    const booked = calendars.map((c) => c.nights.filter((n) => n.is_booked).length);
    expect(
      booked.some((b) => b < NIGHTS),
      "a selected listing with an open night",
    ).toBe(true);
    const table = within(dialog).getByRole("table", { name: "The change per listing" });
    listings.forEach((listing, i) => {
      if (booked[i] === NIGHTS) return;
      const row = within(table).getByRole("rowheader", { name: listing.name }).closest("tr")!;
      const cells = within(row).getAllByRole("cell");
      expect(cells[0]).toHaveTextContent(String(NIGHTS - booked[i]!));
      expect(cells[1]).toHaveTextContent(String(booked[i]));
      expect(cells[3]).toHaveTextContent("—");
    });

    await user.type(value(), "333");
    for (const listing of listings.filter((_, i) => booked[i]! < NIGHTS)) {
      const row = within(table).getByRole("rowheader", { name: listing.name }).closest("tr")!;
      expect(within(row).getAllByRole("cell")[3]).toHaveTextContent(/333 a night/);
    }
    expect(writes()).toEqual([]);
  });

  it.each([
    ["Fixed price a night", "0", "A fixed price is above 0 and at most 1,000,000."],
    ["Fixed price a night", "", "Type a number."],
    ["Percent of the recommendation", "-100", "A percentage is above -100 and at most 1,000."],
  ] as const)(
    "as a %s, %j is refused in a sentence on the value's line; what was typed stays and nothing is sent",
    async (kind, typed, sentence) => {
      const { user, dialog, value, apply } = await openChange(listingsFor(1), fromFor(1), "rate");
      await user.click(within(dialog).getByRole("radio", { name: kind }));
      if (typed) await user.type(value(), typed);
      await user.type(within(dialog).getByLabelText(/^Reason/), "Festival");
      await apply();

      expect(await within(dialog).findByText(sentence)).toBeVisible();
      expect(value()).toHaveAttribute("aria-invalid", "true");
      expect(value()).toHaveAccessibleDescription(sentence);
      expect(value()).toHaveValue(typed === "" ? null : Number(typed));
      expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue("Festival");
      expect(writes()).toEqual([]);
    },
  );

  it("a minimum stay that is not a whole number of nights from 1 to 365 is refused on its line, and nothing is sent", async () => {
    const { user, dialog, value, apply } = await openChange(listingsFor(1), fromFor(1), "min_stay");
    expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();
    await user.type(value(), "2.5");
    await apply();

    const sentence = "A minimum stay is a whole number of nights from 1 to 365.";
    expect(await within(dialog).findByText(sentence)).toBeVisible();
    expect(value()).toHaveAccessibleDescription(sentence);
    expect(value()).toHaveValue(2.5);
    expect(writes()).toEqual([]);
  });

  it("closed with Escape before applying, it opens again with what was typed", async () => {
    const listings = listingsFor(1);
    const { user, value } = await openChange(listings, fromFor(1), "rate");
    await user.type(value(), "180");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Focus goes back to the button that opened it.
    expect(screen.getByRole("button", { name: "Set custom rate…" })).toHaveFocus();

    await user.keyboard("{Enter}");
    const again = await screen.findByRole("dialog", { name: "Set a custom rate" });
    await within(again).findByRole("button", { name: /^Apply/ }, { timeout: 10_000 });
    expect(within(again).getByRole("spinbutton", { name: /^Price a night/ })).toHaveValue(180);
    expect(writes()).toEqual([]);
  });

  it("a rate outside a listing's price limits is said beside it, and Apply says it goes ahead anyway", async () => {
    const listings = listingsFor(1);
    const { user, dialog, value } = await openChange(listings, fromFor(1), "rate");
    const low = listings.find((l) => l.listing_preferences.min_price !== null)!;
    await user.type(value(), "1");

    expect(within(dialog).getByTestId("limits-warning")).toHaveTextContent(
      /^This rate is outside the price limits of \d+ of these listings \(said beside each\)\./,
    );
    const row = within(dialog).getByRole("rowheader", { name: low.name }).closest("tr")!;
    expect(row).toHaveTextContent("below the minimum price");
    expect(within(dialog).getByRole("button", { name: /^Apply anyway to \d+ listings?$/ })).toBeEnabled();
    expect(writes()).toEqual([]);
  });

  it("Apply writes each listing's open selected nights as the typed rate, and the result says so per listing; the service's calendars have it", async () => {
    const listings = listingsFor(2);
    const from = fromFor(2);
    const end = addDays(from, NIGHTS - 1);
    const calendarOf = (listing: Listing) =>
      serviceAnswer<PriceCalendar>(
        `/listings/${listing.svc_id}/price_calendar?channel=svc&start_date=${from}&end_date=${end}`,
      );
    const allBooked = new Set<string>();
    for (const listing of listings) {
      if ((await calendarOf(listing)).nights.every((n) => n.is_booked)) allBooked.add(listing.svc_id);
    }
    const { user, dialog, value, apply } = await openChange(listings, from, "rate");
    await user.type(value(), "333");
    await user.type(within(dialog).getByLabelText(/^Reason/), "Festival");
    await apply();

    const result = await screen.findByRole(
      "dialog",
      { name: "Set a custom rate: the result" },
      { timeout: 10_000 },
    );
    const lines = within(result).getAllByRole("listitem");
    expect(lines).toHaveLength(ROWS);
    for (const listing of listings) {
      const line = lines.find((li) => li.textContent?.startsWith(listing.name));
      if (allBooked.has(listing.svc_id)) {
        expect(line).toHaveTextContent("Not sent: every selected night of this listing is booked.");
      } else expect(line).toHaveTextContent(/custom rates? now in force\s*Applied$/);
    }
    const applied = ROWS - allBooked.size;
    expect(within(result).getByRole("status")).toHaveTextContent(
      `${applied} applied · 0 refused · ${allBooked.size} not sent`,
    );

    const sent = periodsSent();
    expect(Object.keys(sent).sort()).toEqual(
      listings
        .filter((l) => !allBooked.has(l.svc_id))
        .map((l) => l.svc_id)
        .sort(),
    );
    for (const listing of listings.filter((l) => !allBooked.has(l.svc_id))) {
      for (const period of sent[listing.svc_id]!) {
        expect(period).toMatchObject({ price_type: "fixed", price_value: 333, reason: "Festival" });
      }
      for (const night of (await calendarOf(listing)).nights.filter((n) => !n.is_booked)) {
        expect(night.custom_rate, `${listing.svc_id} ${night.date}`).toEqual({
          price_type: "fixed",
          price_value: 333,
        });
      }
    }

    await user.click(within(result).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("a minimum stay is written as the recommendation (0 %) with that minimum stay on the open selected nights", async () => {
    const listings = listingsFor(3);
    const from = fromFor(3);
    const { user, value, apply } = await openChange(listings, from, "min_stay");
    await user.type(value(), "4");
    await apply();

    await screen.findByRole("dialog", { name: "Set a minimum stay: the result" }, { timeout: 10_000 });
    const sent = periodsSent();
    expect(Object.keys(sent).length).toBeGreaterThan(0);
    for (const periods of Object.values(sent)) {
      for (const period of periods) {
        expect(period).toEqual({
          start_date: expect.any(String),
          end_date: expect.any(String),
          price_type: "percent",
          price_value: 0,
          min_stay: 4,
        });
        expect(period.start_date >= from && period.end_date <= addDays(from, NIGHTS - 1)).toBe(true);
      }
    }
  });
});

describe("the calendar change dialog, refused by the service", () => {
  it("nights already past are refused by the service, and each listing's line says why in its words", async () => {
    const from = addDays(todayUtc(), -NIGHTS);
    // Listings with a night of those not booked: theirs are sent, and refused.
    const listings: Listing[] = [];
    for (const listing of owned) {
      const calendar = await serviceAnswer<PriceCalendar>(
        `/listings/${listing.svc_id}/price_calendar?channel=svc&start_date=${from}&end_date=${addDays(from, NIGHTS - 1)}`,
      );
      if (calendar.nights.some((n) => !n.is_booked)) listings.push(listing);
      if (listings.length === ROWS) break;
    }
    const { user, dialog, value, apply } = await openChange(listings, from, "rate");
    await user.type(value(), "150");
    await apply();

    const result = await screen.findByRole(
      "dialog",
      { name: "Set a custom rate: the result" },
      { timeout: 10_000 },
    );
    const lines = within(result).getAllByRole("listitem");
    expect(lines).toHaveLength(ROWS);
    for (const line of lines) {
      expect(line).toHaveTextContent(`the period ends before today (${todayUtc()}).`);
      expect(line).toHaveTextContent(/Refused$/);
    }
    expect(within(result).getByRole("status")).toHaveTextContent("0 applied · 3 refused · 0 not sent");
    expect(writes().length).toBeGreaterThan(0);

    // Changed and applied again, the form still holds what was typed.
    await user.click(within(result).getByRole("button", { name: "Change and apply again" }));
    expect(within(dialog).getByRole("spinbutton", { name: /^Price a night/ })).toHaveValue(150);
  });
});

describe("the calendar change dialog, with a read-only key", () => {
  it("both changes are disabled, and the reason is said beside them", () => {
    renderSelection(listingsFor(0), fromFor(0), "read_only");
    for (const name of ["Set custom rate…", "Set minimum stay…"]) {
      const button = screen.getByRole("button", { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute("title", READ_ONLY_CUSTOM_RATES_REASON);
    }
    expect(screen.getByTestId("selection-disabled-reason")).toHaveTextContent(READ_ONLY_CUSTOM_RATES_REASON);
  });
});

describe("the calendar change dialog, for a viewer", () => {
  it("nights of listings the viewer may only view can be selected but not changed, and the reason is said", async () => {
    await signPageInAs("viewer");
    const viewed = (await serviceAnswer<Listing[]>("/listings?per_page=100")).filter(
      (l) => l.access_level === "viewer",
    );
    expect(viewed.length).toBeGreaterThanOrEqual(ROWS);
    renderSelection(viewed.slice(0, ROWS), fromFor(0));

    expect(screen.getByRole("region", { name: "Selection" })).toHaveTextContent(
      `Selected: 3 listings × 3 nights, ${dates(fromFor(0))}.`,
    );
    for (const name of ["Set custom rate…", "Set minimum stay…"]) {
      expect(screen.getByRole("button", { name })).toBeDisabled();
    }
    expect(screen.getByTestId("selection-disabled-reason")).toHaveTextContent(
      "You have view-only access to every selected listing: their nights cannot be changed. Ask the listing's owner for editor access.",
    );
    expect(writes()).toEqual([]);
  });
});
