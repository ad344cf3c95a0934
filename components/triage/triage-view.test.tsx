import { screen, within } from "@testing-library/react";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import { NOTHING_MEASURED, type ListingMeasures } from "@/lib/triage/factors";
import { scoreListing } from "@/lib/triage/score";
import { bandLabel } from "@/lib/triage/words";
import { answerPageRequestsWith } from "@/test-support/dom-fetch";
import { renderPage } from "@/test-support/render";
import { TriageView } from "@/components/triage/triage-view";

/**
 * The triage page against answers of the dashboard's own routes (GET /api/triage and the
 * mirror's listing records), shaped by their schemas: the queue's scores are tested over a
 * real mirror in lib/server/triage.
 */
const listing = (
  svcId: string,
  name: string,
  market: string,
  bedrooms: number,
  tags: string[] = [],
): Listing => ({
  id: `ch-${svcId}`,
  channel: "airbnb",
  svc_id: svcId,
  name,
  market_id: market,
  market_name: market === "mkt_austin" ? "Austin" : "Miami Beach",
  latitude: 30,
  longitude: -97,
  bedrooms,
  bathrooms: 1,
  max_guests: 4,
  currency: "USD",
  is_active: true,
  is_hidden: false,
  pricing_enabled: true,
  access_level: "owner",
  owner_user: { id: "usr_owner", email: "o@example.com", first_name: "Olivia", last_name: "Hart" },
  owner_name: null,
  source_user_id: null,
  num_photos: 3,
  tags,
  listing_preferences: {
    pricing_enabled: true,
    base_price: 120,
    base_price_adjustment: null,
    min_price: 80,
    max_price: null,
    min_stay: 2,
    fees: null,
    long_term_discounts: null,
    guests_included: 2,
    nickname: null,
  },
  supported_settings: {
    checkin_checkout: true,
    min_stay: true,
    long_term_discounts: true,
    long_term_discount_form: "percent",
  },
  created_at: "2025-01-01T00:00:00Z",
});

const LISTINGS = [
  listing("svc_a", "Garden studio", "mkt_austin", 0, ["pool"]),
  listing("svc_b", "Harbour loft", "mkt_miami", 2),
  listing("svc_c", "Canal house", "mkt_austin", 2),
  listing("svc_d", "Dune cottage", "mkt_miami", 1),
];
const pace30 = (otb: number, stly: number): Partial<ListingMeasures> => ({
  pace_30: { nights: 30, window: 30, otb, stly },
  flags: { critical: 0, warning: 0, other: 0 },
});
const MEASURES: Record<string, Partial<ListingMeasures>> = {
  // Two factors measured, weighing 25 and 10 of 35.
  svc_a: pace30(20, 20), // 100: healthy
  svc_b: pace30(10, 20), // pace at 0, flags at 100: 29, needs attention
  svc_c: { ...pace30(10, 20), flags: { critical: 2, warning: 0, other: 0 } }, // 0
  svc_d: pace30(16, 20), // pace at 60, flags at 100: 71, healthy
};
const triage = {
  enabled: true,
  now: "2026-11-29T10:00:00.000Z",
  as_of: "2026-11-29T09:42:00.000Z",
  notice: null,
  listings: LISTINGS.map((l) => {
    const s = scoreListing({ ...NOTHING_MEASURED, ...MEASURES[l.svc_id] });
    return { listing_id: l.svc_id, name: l.name, ...s, band_label: bandLabel(s.band) };
  }).sort((a, b) => a.score! - b.score!),
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

afterEach(() => answerPageRequestsWith(null));
afterAll(() => answerPageRequestsWith(null));

function openPage(search = "", answer: unknown = triage) {
  answerPageRequestsWith(async (url) => {
    const asked = new URL(url, "http://dashboard.test");
    if (asked.pathname === "/api/mirror/listings")
      return json({
        enabled: true,
        listings: LISTINGS.map((l) => ({
          listing_id: l.svc_id,
          read_at: "2026-11-29T09:40:00.000Z",
          listing: l,
        })),
      });
    return json(answer);
  });
  const urls: UrlUpdateEvent[] = [];
  const rendered = renderPage(
    <NuqsTestingAdapter hasMemory searchParams={search} onUrlUpdate={(event) => void urls.push(event)}>
      <TriageView keyKind="standard" />
    </NuqsTestingAdapter>,
  );
  return { ...rendered, urls };
}

const ready = () =>
  expect
    .poll(() => screen.getByTestId("triage").getAttribute("data-state"), { timeout: 10_000 })
    .toBe("ready");
const names = () =>
  within(screen.getByTestId("triage-table"))
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getByRole("link").textContent);

describe("the triage page", () => {
  it("opens lowest score first, each score's band in words beside it, the as-of line above", async () => {
    openPage();
    await ready();
    await expect.poll(names).toEqual(["Canal house", "Harbour loft", "Dune cottage", "Garden studio"]);
    const rows = within(screen.getByTestId("triage-table")).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Needs attention now");
    expect(rows[3]).toHaveTextContent("Healthy");
    expect(screen.getByTestId("triage-as-of")).toHaveTextContent("as of 29 Nov 2026, 09:42 UTC: 4 listings");
    // Each factor's header says its weight.
    expect(
      screen.getByRole("columnheader", { name: /Next 30 nights against last year\s*weight 25/ }),
    ).toBeVisible();
  });

  it("sorts by any column: the score highest first on a second click", async () => {
    const { user } = openPage();
    await ready();
    await expect.poll(names).toHaveLength(4);
    const score = screen.getByRole("button", { name: "Score" });
    await user.click(score);
    expect(screen.getByRole("columnheader", { name: /Score/ })).toHaveAttribute("aria-sort", "ascending");
    await user.click(score);
    expect(names()).toEqual(["Garden studio", "Dune cottage", "Harbour loft", "Canal house"]);
    await user.click(screen.getByRole("button", { name: "Listing" }));
    expect(names()).toEqual(["Canal house", "Dune cottage", "Garden studio", "Harbour loft"]);
  });

  it("filters as the Listings page does, and by band, each kept in the URL", async () => {
    const { user, urls } = openPage();
    await ready();
    await expect.poll(names).toHaveLength(4);
    await user.selectOptions(screen.getByRole("combobox", { name: "Market" }), "Austin");
    expect(names()).toEqual(["Canal house", "Garden studio"]);
    expect(urls.at(-1)?.queryString).toBe("?market=mkt_austin");
    await user.selectOptions(screen.getByRole("combobox", { name: "Band" }), "Healthy (70\u2013100)");
    expect(names()).toEqual(["Garden studio"]);
    expect(urls.at(-1)?.queryString).toBe("?market=mkt_austin&band=healthy");
    await user.selectOptions(screen.getByRole("combobox", { name: "Band" }), "Watch (40\u201369)");
    expect(screen.getByText("No listings match these filters.")).toBeVisible();
  });

  it("ticked listings go to the bulk actions and the calendar; the shown ones are selected at once", async () => {
    const { user } = openPage();
    await ready();
    await expect.poll(names).toHaveLength(4);
    await user.click(screen.getByRole("checkbox", { name: "Select Canal house" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Harbour loft" }));
    const toolbar = screen.getByRole("group", { name: "Selected listings" });
    expect(toolbar).toHaveTextContent("2 listings selected");
    expect(within(toolbar).getByRole("button", { name: /custom rate/i })).toBeEnabled();
    expect(within(toolbar).getByRole("link", { name: "Open in the calendar" })).toHaveAttribute(
      "href",
      "/calendar?listings=svc_c,svc_b",
    );
    await user.click(screen.getByRole("button", { name: "Select the 4 shown" }));
    expect(toolbar).toHaveTextContent("4 listings selected");
    await user.click(screen.getByRole("checkbox", { name: "Clear the selection" }));
    expect(toolbar).toHaveTextContent("Tick listings");
  });

  it("before the mirror is filled, says so and points to the Sync page", async () => {
    openPage("", {
      enabled: false,
      now: null,
      as_of: null,
      notice:
        "The triage queue is scored from the portfolio mirror, which has not been started for this account.",
      listings: [],
    });
    await ready();
    expect(screen.getByTestId("triage-notice")).toHaveTextContent("has not been started");
    expect(screen.getByRole("link", { name: "Open the Portfolio sync page" })).toHaveAttribute(
      "href",
      "/sync",
    );
  });
});
