import { render, screen, within } from "@testing-library/react";
import type { VirtualItem } from "@tanstack/react-virtual";
import { describe, expect, it } from "vitest";
import { buildCalendarGrid } from "@/lib/sets/calendar/model";
import type { MineCalendar } from "@/lib/sets/calendar/mine";
import type { PriceCalendar } from "@/lib/svc/schemas/calendar";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import { CalendarLegend } from "@/components/sets/calendar/calendar-legend";
import { HeatmapRow } from "@/components/sets/calendar/calendar-heatmap-rows";
import { HoverTip, NightDetails } from "@/components/sets/calendar/calendar-night-details";

const DATES = ["2027-03-05", "2027-03-06"];

const comps: SetPriceCalendar = {
  currency: "USD",
  start_date: DATES[0]!,
  end_date: DATES[1]!,
  listings: [
    {
      listing_id: "comp",
      name: "Comp by the sea",
      nights: DATES.map((date) => ({
        date,
        price: 180,
        available: true,
        booking_probability_percent: 0,
        min_stay: 2,
      })),
    },
  ],
};

type Night = PriceCalendar["nights"][number];
const night = (date: string, customRate: Night["custom_rate"]): Night => ({
  date,
  price: 150,
  recommended_price: 160,
  min_stay: 3,
  available: true,
  is_booked: false,
  reservation_id: null,
  custom_rate: customRate,
  demand: "normal",
});

/** My loft: a fixed rate of $199 on the first night, not posted yet (the channel shows $150). */
const mine: MineCalendar = {
  listingId: "svc_loft",
  name: "My loft",
  currency: "USD",
  status: "ready",
  nights: [night(DATES[0]!, { price_type: "fixed", price_value: 199 }), night(DATES[1]!, null)],
  postPrices: new Map([
    [DATES[0]!, 199],
    [DATES[1]!, 160],
  ]),
  postState: "ready",
};
const grid = buildCalendarGrid(comps, [mine]);

const column = (index: number): VirtualItem => ({
  key: index,
  index,
  start: index * 28,
  end: (index + 1) * 28,
  size: 28,
  lane: 0,
});

describe("my listing's nights on the set calendar, where a custom rate waits to be posted", () => {
  it("the night's cell is marked and named with the channel's price and the price to post", () => {
    render(
      <div role="grid">
        <HeatmapRow
          grid={grid}
          mode="price"
          row={0}
          top={null}
          width={56}
          cols={[column(0), column(1)]}
          activeCol={0}
        />
      </div>,
    );
    const [rated, plain] = screen.getAllByRole("gridcell");
    expect(rated).toHaveAccessibleName(
      /^Mine: My loft, .*: \$150, custom rate: Fixed at \$199, waiting to be posted: \$199, available$/,
    );
    expect(rated).toHaveAttribute("data-marker", "custom-rate");
    expect(plain).toHaveAccessibleName(/^Mine: My loft, .*: \$150, available$/);
    expect(plain).not.toHaveAttribute("data-marker");
  });

  it("the night details say both prices and the rate, in the listing calendar's words", () => {
    render(<NightDetails grid={grid} cell={{ row: 0, col: 0 }} />);
    const details = screen.getByRole("region", { name: "Night details" });
    const value = (term: string) =>
      within(details).getByText(`${term}:`, { exact: false, selector: "dt" }).nextElementSibling;
    expect(value("Price on the channel")).toHaveTextContent("$150");
    expect(value("Price to post")).toHaveTextContent("$199 (waiting to be posted)");
    expect(value("Custom rate")).toHaveTextContent("Fixed at $199");
  });

  it("a night of mine without a custom rate shows the channel's price alone", () => {
    render(<NightDetails grid={grid} cell={{ row: 0, col: 1 }} />);
    const details = screen.getByRole("region", { name: "Night details" });
    expect(details).toHaveTextContent("Price on the channel: $150");
    expect(details).not.toHaveTextContent("Price to post");
  });

  it("the tip over the night shows both prices too", () => {
    render(<HoverTip grid={grid} cell={{ row: 0, col: 0 }} rect={new DOMRect(0, 100, 28, 28)} />);
    const tip = screen.getByTestId("night-tip");
    expect(tip).toHaveTextContent("$150 on the channel · Available");
    expect(tip).toHaveTextContent("Custom rate: Fixed at $199, waiting to be posted: $199");
  });

  it("the legend names the corner only when a night of mine has a custom rate", () => {
    const { unmount } = render(<CalendarLegend grid={grid} mode="price" />);
    expect(screen.getByText(/^Corner: a custom rate on your listing/)).toBeInTheDocument();
    unmount();
    render(<CalendarLegend grid={buildCalendarGrid(comps)} mode="price" />);
    expect(screen.queryByText(/^Corner:/)).toBeNull();
  });
});
