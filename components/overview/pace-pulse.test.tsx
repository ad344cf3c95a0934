import { screen, within } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { PaceReportView, PaceRowView } from "@/lib/pace/queries";
import { answeredToPage, answerPageRequestsWith, sentFromPage } from "@/test-support/dom-fetch";
import { renderPage } from "@/test-support/render";
import { PacePulse } from "@/components/overview/pace-pulse";
import { paceRow } from "@/test-support/pace-rows";

/** A cell's figure as read aloud: without the label shown only where the table is stacked. */
const figureText = (cell: HTMLElement) => {
  const copy = cell.cloneNode(true) as HTMLElement;
  copy.querySelectorAll("[aria-hidden='true']").forEach((label) => label.remove());
  return copy.textContent;
};

/**
 * The pulse's pace against answers of the dashboard's own pace route (GET /api/mirror/pace),
 * shaped by its schema: the route and its figures are tested over a real mirror in
 * lib/server/mirror, the three months' sums in lib/overview/pace-pulse.test.ts.
 */

const row = (period: string, currency: string, figures: Partial<PaceRowView> = {}) =>
  paceRow(period, currency, { otb_occupancy: 0, stly_occupancy: 0, ...figures });

const NO_CHOICES = { owners: [], markets: [], bedrooms: [], channels: [], segments: [], sets: [] };

/** Twelve months from November 2026: USD ahead of last year, EUR behind, one month each. */
const MIRRORED: PaceReportView = {
  enabled: true,
  now: "2026-11-27T09:30:00.000Z",
  as_of: "2026-11-27T09:12:00.000Z",
  unit: "month",
  pickup_days: 7,
  listings_covered: 30,
  listings_total: 34,
  choices: NO_CHOICES,
  market: { state: "several_markets" },
  rows: [
    row("2026-11", "USD", {
      listings: 28,
      otb_nights: 300,
      otb_revenue: 60_000,
      stly_nights: 250,
      stly_revenue: 50_000,
      pickup_nights: 12,
      booked_nights: 15,
      canceled_nights: 3,
    }),
    row("2026-12", "USD", {
      listings: 28,
      otb_nights: 200,
      otb_revenue: 52_000,
      stly_nights: 200,
      stly_revenue: 40_000,
    }),
    row("2027-01", "USD", {
      listings: 28,
      otb_nights: 60,
      otb_revenue: 12_000,
      stly_nights: 50,
      stly_revenue: 10_000,
      pickup_nights: -1,
      canceled_nights: 1,
    }),
    // The fourth month is the Pace page's, not the pulse's.
    row("2027-02", "USD", { listings: 28, otb_nights: 999, booked_nights: 999 }),
    row("2026-12", "EUR", {
      listings: 2,
      otb_nights: 9,
      otb_revenue: 1_350,
      stly_nights: 10,
      stly_revenue: 1_500,
      pickup_nights: 1,
      booked_nights: 1,
    }),
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function answerPace(answer: () => Response) {
  answerPageRequestsWith(async () => answer());
}
afterEach(() => answerPageRequestsWith(null));
afterAll(() => answerPageRequestsWith(null));

const answered = () => expect.poll(() => answeredToPage.length, { timeout: 10_000 }).toBeGreaterThan(0);

describe("the pulse's pace", () => {
  it("adds up this month and the two after per currency, against the same time last year, with the last 7 days' pickup", async () => {
    answerPace(() => json(MIRRORED));
    renderPage(<PacePulse />);
    const block = await screen.findByTestId("pace-pulse", {}, { timeout: 10_000 });

    expect(sentFromPage).toEqual(["GET /api/mirror/pace?unit=month&pickup=7"]);
    expect(within(block).getByRole("heading", { level: 3 })).toHaveTextContent(
      "Pace: Nov 2026 – Jan 2027 against the same time last year",
    );
    expect(block).toHaveTextContent("From the portfolio mirror, as of 09:12 UTC; 30 of 34 listings so far");
    const table = within(block).getByRole("table", {
      name: "Pace of Nov 2026 – Jan 2027 by currency, with the last 7 days' pickup",
    });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Currency",
      "Nights on the books",
      "Change in nights",
      "Revenue on the books",
      "Change in revenue",
      "Picked up, last 7 days",
    ]);

    // The currency with most listings first; amounts never added across currencies.
    const [, usd, eur] = within(table).getAllByRole("row");
    expect(within(usd!).getByRole("rowheader")).toHaveTextContent("USD");
    expect(within(usd!).getAllByRole("cell").map(figureText)).toEqual([
      "560 nights",
      "+12.0 %500 nights last year",
      "$124,000",
      "+24.0 %$100,000 last year",
      "+11 nights15 booked, 4 cancelled",
    ]);
    expect(within(eur!).getAllByRole("cell").map(figureText)).toEqual([
      "9 nights",
      "−10.0 %10 nights last year",
      "€1,350",
      "−10.0 %€1,500 last year",
      "+1 night1 booked, 0 cancelled",
    ]);
    // Stacked on a phone, each figure carries its column's name for the eye.
    expect(
      within(usd!)
        .getAllByRole("cell")
        .map((c) => c.querySelector("[aria-hidden='true']")?.textContent),
    ).toEqual([
      "Nights on the books",
      "Change in nights",
      "Revenue on the books",
      "Change in revenue",
      "Picked up, last 7 days",
    ]);
    expect(within(block).getByRole("link", { name: "Open Pace" })).toHaveAttribute("href", "/pace");
  });

  it("says nothing of coverage when the mirror covers every listing", async () => {
    answerPace(() => json({ ...MIRRORED, listings_covered: 34 }));
    renderPage(<PacePulse />);
    const block = await screen.findByTestId("pace-pulse", {}, { timeout: 10_000 });
    expect(block).toHaveTextContent(/From the portfolio mirror, as of 09:12 UTC(?!;)/);
    expect(block).not.toHaveTextContent("listings so far");
  });

  it("shows nothing without a mirror, nor while it loads", async () => {
    answerPace(() =>
      json({
        ...MIRRORED,
        enabled: false,
        now: null,
        as_of: null,
        listings_covered: 0,
        listings_total: 0,
        rows: [],
      }),
    );
    const { container } = renderPage(<PacePulse />);
    expect(container).toBeEmptyDOMElement();
    await answered();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it("shows nothing while the mirror covers no listing yet", async () => {
    answerPace(() => json({ ...MIRRORED, listings_covered: 0, as_of: null, rows: [] }));
    const { container } = renderPage(<PacePulse />);
    await answered();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it("a failed read says what failed, with a retry", async () => {
    answerPace(() => json({ error: { code: "internal", message: "The mirror could not be read." } }, 500));
    renderPage(<PacePulse />);
    const block = await screen.findByTestId("pace-pulse", {}, { timeout: 10_000 });
    expect(block).toHaveAttribute("data-state", "error");
    expect(within(block).getByRole("alert")).toHaveTextContent(
      "We couldn't load the pace of the next three months.The mirror could not be read.",
    );
    expect(within(block).getByRole("button", { name: "Try again" })).toBeVisible();
  });
});
