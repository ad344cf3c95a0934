import { fireEvent, render, screen, within } from "@testing-library/react";
import type { VirtualItem } from "@tanstack/react-virtual";
import { afterEach, describe, expect, it } from "vitest";
import type { MineCalendar } from "@/lib/sets/calendar/mine";
import { NAME_WIDTH_DEFAULT, NAME_WIDTH_KEY, PRICE_SCALE_KEY } from "@/lib/sets/calendar/view-prefs";
import type { PriceCalendar } from "@/lib/svc/schemas/calendar";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import { buildCalendarGrid } from "@/lib/sets/calendar/model";
import { compStats } from "@/lib/sets/calendar/comp-stats";
import { calendarView } from "@/lib/sets/calendar/view";
import { SetCalendarGrid } from "@/components/sets/calendar/set-calendar-grid";
import { FigureRow } from "@/components/sets/calendar/calendar-figure-rows";
import { HeatmapRow } from "@/components/sets/calendar/calendar-heatmap-rows";
import { CalendarLegend } from "@/components/sets/calendar/calendar-legend";

const DATE = "2027-03-05";

/** Four comps at $100, $200, $300 and $1,000 (median $250), one of them inactive by the members answer. */
const comps: SetPriceCalendar = {
  currency: "USD",
  start_date: DATE,
  end_date: DATE,
  listings: [100, 200, 300, 1000].map((price, i) => ({
    listing_id: `comp_${i}`,
    name: i === 0 ? "A very long comp name that the narrow column cuts off at the edge" : `Comp ${i}`,
    nights: [{ date: DATE, price, available: true, booking_probability_percent: 0, min_stay: 2 }],
  })),
};

const mine: MineCalendar = {
  listingId: "svc_loft",
  name: "My loft",
  currency: "USD",
  status: "ready",
  nights: [
    {
      date: DATE,
      price: 224,
      recommended_price: 224,
      min_stay: 2,
      available: true,
      is_booked: false,
      reservation_id: null,
      custom_rate: null,
      demand: "normal",
    } as PriceCalendar["nights"][number],
  ],
  postPrices: new Map(),
  postState: "off",
};

afterEach(() => window.localStorage.clear());

const first: VirtualItem = { key: 0, index: 0, start: 0, end: 28, size: 28, lane: 0 };

/** The heat map's lines, drawn as the virtual grid would draw them (jsdom has no layout to virtualise). */
function renderLines(leftOut: ReadonlySet<string> = new Set()) {
  const grid = buildCalendarGrid(comps, [mine]);
  const stats = compStats(grid, leftOut);
  const view = calendarView(grid, stats);
  render(
    <>
      <div role="grid" aria-label="lines">
        {view.lines.map((line, index) =>
          line.kind === "listing" ? (
            <HeatmapRow
              key={index}
              grid={grid}
              mode="price"
              row={line.row}
              line={index}
              nameWidth={300}
              top={index < view.pinned ? null : index * 28}
              width={328}
              cols={[first]}
              activeCol={-1}
            />
          ) : (
            <FigureRow
              key={index}
              view={view}
              line={line}
              index={index}
              nameWidth={300}
              lastPinned={index === view.pinned - 1}
              width={328}
              cols={[first]}
              activeCol={-1}
            />
          ),
        )}
      </div>
      <CalendarLegend grid={grid} mode="price" stats={stats} />
    </>,
  );
}

const row = (figure: string) => document.querySelector<HTMLElement>(`[role="row"][data-figure="${figure}"]`)!;

describe("the comps' figures and my difference on the set calendar", () => {
  it("the median row leaves the inactive comp out, and my row's difference is said in words", () => {
    renderLines(new Set(["comp_3"]));
    const median = within(row("median")).getByRole("gridcell");
    expect(median).toHaveTextContent("200");
    expect(median).toHaveAccessibleName(/^Comps' median, Friday 5 March 2027: \$200, of 3 comps priced$/);
    expect(within(row("p25")).getByRole("gridcell")).toHaveTextContent("150");
    expect(within(row("p75")).getByRole("gridcell")).toHaveTextContent("250");
    const difference = within(row("difference")).getByRole("gridcell");
    expect(difference).toHaveTextContent("+12");
    expect(difference).toHaveAccessibleName(
      "Mine: My loft against the comps' median, Friday 5 March 2027: 12% above the comps' median of $200",
    );
    // The difference line comes right after my listing's own.
    expect(difference.closest('[role="row"]')).toHaveAttribute("aria-rowindex", "3");
    expect(screen.getByTestId("figure-legend")).toHaveTextContent(
      "One comp on the calendar is no longer active",
    );
    expect(screen.getByTestId("figure-legend")).toHaveTextContent("in % of the median");
  });

  it("every active comp counts when the members answer leaves none out", () => {
    renderLines();
    expect(within(row("median")).getByRole("gridcell")).toHaveTextContent("250");
    expect(screen.getByTestId("figure-legend")).not.toHaveTextContent("no longer active");
  });

  it("a name cut off by the column is whole in its title, at the reader's width", () => {
    renderLines();
    const header = screen.getByRole("rowheader", { name: comps.listings[0]!.name });
    expect(header).toHaveAttribute("title", comps.listings[0]!.name);
    expect(header.style.width).toBe("300px");
  });

  it("the name column is resized from the keyboard and the width kept in this browser", () => {
    render(<SetCalendarGrid calendar={comps} />);
    const handle = screen.getByRole("separator", { name: "Width of the listing name column" });
    expect(handle).toHaveAttribute("aria-valuenow", String(NAME_WIDTH_DEFAULT));
    fireEvent.keyDown(handle, { key: "ArrowRight" });
    expect(handle).toHaveAttribute("aria-valuenow", String(NAME_WIDTH_DEFAULT + 20));
    expect(window.localStorage.getItem(NAME_WIDTH_KEY)).toBe(String(NAME_WIDTH_DEFAULT + 20));
    fireEvent.keyDown(handle, { key: "End" });
    expect(handle).toHaveAttribute("aria-valuenow", "480");
    fireEvent.keyDown(handle, { key: "Home" });
    expect(handle).toHaveAttribute("aria-valuenow", "160");
  });

  it("the fixed price bands are chosen, said in the legend and kept; a stored choice is read back", () => {
    const { unmount } = render(<SetCalendarGrid calendar={comps} />);
    expect(screen.getByText(/rescaled to this set and range/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: "Fixed price bands" }));
    expect(screen.getByText(/in fixed bands, the same for every set and every range/)).toBeInTheDocument();
    expect(screen.getByText("$500 and over")).toBeInTheDocument();
    expect(window.localStorage.getItem(PRICE_SCALE_KEY)).toBe("bands");
    unmount();
    render(<SetCalendarGrid calendar={comps} />);
    expect(screen.getByRole("radio", { name: "Fixed price bands" })).toBeChecked();
  });
});
