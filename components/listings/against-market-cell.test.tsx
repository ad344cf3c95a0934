import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import { AGAINST_MARKET_MISSING } from "@/lib/listings/against-market";
import { AgainstMarketCell } from "@/components/listings/against-market-cell";
import { AgainstMarketNote } from "@/components/listings/against-market-note";
import type { PortfolioRow } from "@/components/listings/portfolio-cells";

const rowWith = (market: PortfolioRow["market"]) =>
  ({ kpi: null, market }) as unknown as Listing & PortfolioRow;

describe("occupancy against the market", () => {
  it("shows the points above or below and the market's own figure with its group", () => {
    render(
      <AgainstMarketCell
        row={rowWith({ state: "shown", listing: 75.5, market: 70, difference: 5.5, group: "2" })}
      />,
    );
    expect(screen.getByText("+5.5 pts")).toBeInTheDocument();
    expect(screen.getByText("market 70.0% (2 bedrooms)")).toBeInTheDocument();
  });

  it("below the market reads with a minus, against the whole market where no group is held", () => {
    render(
      <AgainstMarketCell
        row={rowWith({ state: "shown", listing: 50, market: 62.5, difference: -12.5, group: "all" })}
      />,
    );
    expect(screen.getByText("\u221212.5 pts")).toBeInTheDocument();
    expect(screen.getByText("market 62.5% (whole market)")).toBeInTheDocument();
  });

  it("says in words why there is no comparison, and shows no figure", () => {
    render(<AgainstMarketCell row={rowWith({ state: "no_market_nights" })} />);
    expect(screen.getByText(AGAINST_MARKET_MISSING.no_market_nights)).toBeInTheDocument();
    expect(screen.queryByText(/pts/)).toBeNull();
  });

  it("the note says what to pick, why the mirror's report is missing, or where the figure comes from", () => {
    const { rerender } = render(<AgainstMarketNote withOccupancy={false} marketOccupancy={null} />);
    expect(screen.getByTestId("against-market-note")).toHaveTextContent(/Pick Occupancy as a column/);
    rerender(<AgainstMarketNote withOccupancy marketOccupancy={[]} />);
    expect(screen.getByTestId("against-market-note")).toHaveTextContent(
      /the portfolio mirror holds no market report for these listings yet/,
    );
    rerender(
      <AgainstMarketNote
        withOccupancy
        marketOccupancy={[{ market_id: "m", group: "all", read_at: "2026-11-29T08:00:00Z", windows: {} }]}
      />,
    );
    expect(screen.getByTestId("against-market-note")).toHaveTextContent(
      /from the market report the portfolio mirror read/,
    );
  });
});
