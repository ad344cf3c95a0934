import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PaceReportView } from "@/lib/pace/queries";
import { paceRow } from "@/test-support/pace-rows";
import { renderPage } from "@/test-support/render";
import { PaceResults } from "@/components/pace/pace-results";

/** The market's columns on the Pace table: beside the portfolio's own, never in them. */
const report = (market: PaceReportView["market"]): PaceReportView => ({
  enabled: true,
  now: "2026-11-27T09:30:00.000Z",
  as_of: "2026-11-27T09:12:00.000Z",
  unit: "month",
  pickup_days: 7,
  listings_covered: 3,
  listings_total: 3,
  choices: { owners: [], markets: [], bedrooms: [], channels: [], segments: [], sets: [] },
  rows: ["2026-11", "2026-12"].map((period) =>
    paceRow(period, "USD", { otb_nights: 30, otb_occupancy: 40, otb_adr: 150, otb_revenue: 4500 }),
  ),
  market,
});

const LISBON: PaceReportView["market"] = {
  state: "shown",
  market_id: "mkt_lisbon",
  market_name: "Lisbon",
  bedrooms: "2",
  currency: "EUR",
  read_at: "2026-11-27T06:00:00.000Z",
  periods: [
    { period: "2026-11", occupancy: 61.3, adr: 142 },
    { period: "2026-12", occupancy: null, adr: null },
  ],
};

function show(market: PaceReportView["market"]) {
  return renderPage(
    <PaceResults
      report={report(market)}
      params={{ unit: "month", pickup: 7 }}
      show="pace"
      currency={null}
      onCurrency={() => {}}
      detail={null}
      onDetail={() => {}}
      settled
    />,
  );
}

const table = () => screen.getByRole("table", { name: /On the books against the same time last year/ });
const cellsOf = (period: string) =>
  within(table())
    .getAllByRole("row")
    .find((r) => r.getAttribute("data-period") === period)!
    .querySelectorAll("td");
const column = (name: string) =>
  within(table())
    .getAllByRole("columnheader")
    .findIndex((h) => h.textContent === name) - 1;

describe("the market overlay on the Pace table", () => {
  it("the market's occupancy and ADR sit beside the portfolio's, in the market's currency, named in a note", () => {
    show(LISBON);
    const november = cellsOf("2026-11");
    expect(november[column("Occupancy")]!.textContent).toBe("40 %");
    expect(november[column("Market occupancy")]!.textContent).toBe("61.3 %");
    expect(november[column("ADR")]!.textContent).toBe("$150");
    expect(november[column("Market ADR (EUR)")]!.textContent).toBe("€142");
    expect(cellsOf("2026-12")[column("Market occupancy")]!.textContent).toBe("—");
    expect(screen.getByTestId("pace-market-note").textContent).toMatch(
      /^Market columns: Lisbon, its listings with 2 bedrooms, from the service's market report as read .*; never counted in your figures\. Its ADR is in EUR\.$/,
    );
  });

  it("a view across markets has no market columns, and says how to get them", () => {
    show({ state: "several_markets" });
    expect(within(table()).queryByRole("columnheader", { name: "Market occupancy" })).toBeNull();
    expect(screen.getByTestId("pace-market-note").textContent).toBe(
      "Pick one market in the filters to see its occupancy and ADR beside yours.",
    );
  });

  it("a market the mirror has not read yet is said so", () => {
    show({ state: "not_read" });
    expect(within(table()).queryByRole("columnheader", { name: "Market ADR" })).toBeNull();
    expect(screen.getByTestId("pace-market-note").textContent).toMatch(/not in the mirror yet/);
  });
});
