import { screen, within } from "@testing-library/react";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { PaceReportView } from "@/lib/pace/queries";
import { answerPageRequestsWith, sentFromPage } from "@/test-support/dom-fetch";
import { paceRow } from "@/test-support/pace-rows";
import { renderPage } from "@/test-support/render";
import { PaceView } from "@/components/pace/pace-view";

/**
 * The Pace page against answers of the dashboard's own routes (GET /api/mirror/pace and what
 * lies behind its cells), shaped by their schemas: the routes and their figures are tested over
 * a real mirror in lib/server/mirror.
 */
const NOW = "2026-11-27T09:30:00.000Z";
const MONTHS = ["2026-11", "2026-12"];

const row = (period: string) =>
  paceRow(period, "USD", {
    listings: 2,
    otb_nights: 20,
    otb_revenue: 2000,
    otb_adr: 100,
    otb_occupancy: 33.3,
    stly_nights: 25,
    stly_revenue: 2400,
    stly_adr: 96,
    stly_occupancy: 41.7,
    delta_nights_pct: -20,
    delta_revenue_pct: -16.7,
    ly_final_nights: 40,
    ly_final_revenue: 4000,
    pickup_nights: 2,
    pickup_revenue: 200,
    booked_nights: 3,
    canceled_nights: 1,
  });

const report: PaceReportView = {
  enabled: true,
  now: NOW,
  as_of: "2026-11-27T09:12:00.000Z",
  unit: "month",
  pickup_days: 7,
  listings_covered: 2,
  listings_total: 2,
  market: { state: "several_markets" },
  choices: {
    owners: [{ id: "usr_owner", name: "Olivia Hart" }],
    markets: [
      { id: "mkt_austin", name: "Austin" },
      { id: "mkt_miami", name: "Miami Beach" },
    ],
    bedrooms: ["0", "2"],
    channels: ["airbnb", "vrbo"],
    segments: [
      { id: "seg_austin", name: "Austin portfolio" },
      { id: "seg_family", name: "Family homes" },
    ],
    sets: [{ id: "set_soco", name: "South Congress 2BR comps" }],
  },
  rows: MONTHS.map((m) => row(m)),
};

const gap = {
  enabled: true,
  now: NOW,
  period: "2026-11",
  currency: "USD",
  gap: { nights: -5, revenue: -400 },
  listings: [
    {
      listing_id: "svc_b",
      name: "Harbour loft",
      otb_nights: 8,
      otb_revenue: 800,
      stly_nights: 14,
      stly_revenue: 1300,
      delta_nights: -6,
      delta_revenue: -500,
      delta_revenue_pct: -38.5,
      share_of_gap: 125,
    },
    {
      listing_id: "svc_a",
      name: "Garden studio",
      otb_nights: 12,
      otb_revenue: 1200,
      stly_nights: 11,
      stly_revenue: 1100,
      delta_nights: 1,
      delta_revenue: 100,
      delta_revenue_pct: 9.1,
      share_of_gap: -25,
    },
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

afterEach(() => answerPageRequestsWith(null));
afterAll(() => answerPageRequestsWith(null));

function openPage(search = "", answer: (asked: URL) => PaceReportView = () => report) {
  answerPageRequestsWith(async (url) => {
    const asked = new URL(url, "http://dashboard.test");
    if (asked.pathname === "/api/mirror/pace/listings") return json(gap);
    if (asked.pathname === "/api/mirror/pace/curves") return json({ enabled: false });
    return json(answer(asked));
  });
  const urls: UrlUpdateEvent[] = [];
  const rendered = renderPage(
    <NuqsTestingAdapter hasMemory searchParams={search} onUrlUpdate={(event) => void urls.push(event)}>
      <PaceView />
    </NuqsTestingAdapter>,
  );
  return { ...rendered, urls };
}

const ready = () =>
  expect.poll(() => screen.getByTestId("pace").getAttribute("data-state"), { timeout: 10_000 }).toBe("ready");

describe("the Pace page", () => {
  it("a filter narrows what is asked for and is kept in the URL under the Listings page's names", async () => {
    const { user, urls } = openPage("?hidden=true");
    await ready();
    expect(sentFromPage[0]).toBe("GET /api/mirror/pace?unit=month&pickup=7&hidden=true");
    await user.selectOptions(screen.getByRole("combobox", { name: "Market" }), "Miami Beach");
    await expect
      .poll(() => sentFromPage.at(-1))
      .toBe("GET /api/mirror/pace?unit=month&pickup=7&hidden=true&market=mkt_miami");
    expect(urls.at(-1)?.queryString).toBe("?hidden=true&market=mkt_miami");
    expect(
      within(screen.getByRole("combobox", { name: "Channel" }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All channels", "Airbnb", "Vrbo"]);
  });

  it("picking a segment puts segment= into the URL and asks for that segment's listings", async () => {
    const { user, urls } = openPage();
    await ready();
    const segment = screen.getByRole("combobox", { name: "Segment" });
    expect(
      within(segment)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All segments", "Austin portfolio", "Family homes"]);
    await user.selectOptions(segment, "Family homes");
    await expect
      .poll(() => sentFromPage.at(-1))
      .toBe("GET /api/mirror/pace?unit=month&pickup=7&segment=seg_family");
    expect(urls.at(-1)?.queryString).toBe("?segment=seg_family");
    // Back to every segment: the parameter leaves the URL.
    await user.selectOptions(segment, "All segments");
    await expect.poll(() => urls.at(-1)?.queryString).toBe("");
  });

  it("picking a comp set puts set= into the URL; one the mirror does not hold yet stays shown as chosen", async () => {
    const { user, urls } = openPage("?set=set_unread");
    await ready();
    expect(sentFromPage[0]).toBe("GET /api/mirror/pace?unit=month&pickup=7&set=set_unread");
    const set = screen.getByRole("combobox", { name: "Comp set" });
    expect(set).toHaveValue("set_unread");
    expect(
      within(set)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All listings", "South Congress 2BR comps", "set_unread"]);
    await user.selectOptions(set, "South Congress 2BR comps");
    await expect.poll(() => urls.at(-1)?.queryString).toBe("?set=set_soco");
    expect(sentFromPage.at(-1)).toBe("GET /api/mirror/pace?unit=month&pickup=7&set=set_soco");
  });

  it("a period's heading opens the listings behind its change, furthest behind first, the open cell in the URL", async () => {
    const { user, urls } = openPage();
    await ready();
    await user.click(screen.getByRole("button", { name: "Nov 2026: the listings behind the change" }));
    const dialog = await screen.findByRole("dialog", { name: "Listings behind Nov 2026" });
    await within(dialog).findByTestId("gap-total");
    expect(within(dialog).getByTestId("gap-total")).toHaveTextContent(
      "Behind last year by $400 and 5 nights, across 2 listings.",
    );
    const rows = within(within(dialog).getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "Harbour loft",
      "Garden studio",
    ]);
    expect(rows[0]).toHaveTextContent("125.0 %");
    expect(sentFromPage.at(-1)).toBe(
      "GET /api/mirror/pace/listings?unit=month&pickup=7&period=2026-11&currency=USD",
    );
    expect(urls.at(-1)?.queryString).toBe("?detail=gap:2026-11:USD");
    await user.keyboard("{Escape}");
    await expect.poll(() => urls.at(-1)?.queryString).toBe("");
  });

  it("a pickup figure with nothing behind it is plain text, not a button", async () => {
    openPage();
    await ready();
    const table = screen.getByRole("table", { name: /^On the books against the same time last year/ });
    // This year's window moved nights; last year's did not.
    expect(
      within(table).getAllByRole("button", { name: /reservations picked up in the window$/ }),
    ).toHaveLength(2);
    expect(within(table).queryAllByRole("button", { name: /picked up a year ago$/ })).toHaveLength(0);
  });

  it("a fresh read of the same view lights up the figures it moved; another view's table does not", async () => {
    let booked = 3;
    const { user, queryClient } = openPage("", (asked) => ({
      ...report,
      pickup_days: Number(asked.searchParams.get("pickup")),
      // Each window books its own count, so every pickup figure of another window differs.
      rows: MONTHS.map((m) => ({
        ...row(m),
        booked_nights: (m === "2026-12" ? booked : 3) * Number(asked.searchParams.get("pickup")),
      })),
    }));
    await ready();
    const lit = () => document.querySelectorAll("td.bg-amber-100").length;
    // Another window: every pickup figure differs, and none is a change.
    await user.click(
      within(screen.getByRole("radiogroup", { name: "Pickup over" })).getByRole("radio", { name: "30 days" }),
    );
    await expect
      .poll(() => screen.queryByRole("columnheader", { name: "Pickup, last 30 days" }))
      .not.toBeNull();
    await ready();
    expect(lit()).toBe(0);
    // The same view read again (the mirror read something new): December's booking lights up.
    booked = 5;
    await queryClient.invalidateQueries();
    await expect.poll(lit).toBe(1);
    const table = screen.getByRole("table", { name: /^On the books against the same time last year/ });
    const december = within(table)
      .getByRole("rowheader", { name: /Dec 2026/ })
      .closest("tr")!;
    expect(december.querySelector("td.bg-amber-100")).toHaveTextContent("150 booked, 1 cancelled");
  });
});
