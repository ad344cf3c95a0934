import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BlockCoverage, CurrencyComparison, MonthFigures } from "@/lib/overview/months";
import { renderPage } from "@/test-support/render";
import { COLUMNS, LastYearTable } from "@/components/overview/last-year-table";

const figures = (month: string, revenue: number | null, listings = 8): MonthFigures => ({
  month,
  listings,
  revenue,
  occupancy: revenue === null ? null : 61.5,
  adr: revenue === null ? null : 150,
});

const block = (currency: string, revenue: number): CurrencyComparison => ({
  currency,
  months: [
    { which: "this", current: figures("2026-12", revenue), lastYear: figures("2025-12", revenue * 2) },
    { which: "next", current: figures("2027-01", revenue / 2), lastYear: figures("2026-01", revenue) },
  ],
});

const comparisons = [block("USD", 125_791.53), block("EUR", 4_000)];
const whole = (covered: number): BlockCoverage => ({ covered, of: covered, partial: false });

describe("this month and next against last year", () => {
  it("says what each column compares: each month against last year's, today's books, last year's final, the change", () => {
    renderPage(
      <LastYearTable
        comparisons={comparisons}
        coverage={
          new Map([
            ["USD", whole(8)],
            ["EUR", whole(8)],
          ])
        }
      />,
    );
    const table = screen.getByRole("table", {
      name: "This month and next on the books today, against the same months last year as they finally stood",
    });
    expect(within(table).getByRole("columnheader", { name: "Dec 2026 against Dec 2025" })).toBeVisible();
    expect(within(table).getByRole("columnheader", { name: "Jan 2027 against Jan 2026" })).toBeVisible();
    for (const column of COLUMNS)
      expect(within(table).getAllByRole("columnheader", { name: column })).toHaveLength(2);
  });

  it("holds every currency in one grid, so their columns line up, each a group named by its code", () => {
    renderPage(
      <LastYearTable
        comparisons={comparisons}
        coverage={
          new Map([
            ["USD", whole(8)],
            ["EUR", whole(8)],
          ])
        }
      />,
    );
    expect(screen.getAllByRole("table")).toHaveLength(1);
    const usd = screen.getByRole("rowgroup", { name: "USD" });
    const eur = screen.getByRole("rowgroup", { name: "EUR" });
    const revenue = (group: HTMLElement) => within(group).getByRole("row", { name: /^Revenue/ });
    // The same cells in the same order, whatever the currency.
    expect(within(revenue(usd)).getAllByRole("cell")).toHaveLength(6);
    expect(within(revenue(eur)).getAllByRole("cell")).toHaveLength(6);
    expect(within(revenue(usd)).getAllByRole("cell")[0]).toHaveTextContent("$125,791.53");
    expect(within(usd).getByRole("rowheader", { name: /USD/ })).toHaveTextContent(
      "Figures from 8 listings in every month.",
    );
  });

  it("marks figures covering only some listings as partial, with how many they cover", () => {
    renderPage(
      <LastYearTable
        comparisons={comparisons}
        coverage={
          new Map([
            ["USD", { covered: 8, of: 20, partial: true }],
            ["EUR", whole(8)],
          ])
        }
      />,
    );
    const usd = screen.getByRole("rowgroup", { name: "USD" });
    expect(within(usd).getByRole("rowheader", { name: /USD/ })).toHaveTextContent(
      "partial: 8 of 20 listings",
    );
    expect(
      within(usd)
        .getByRole("row", { name: /^Revenue/ })
        .querySelector("td"),
    ).toHaveTextContent("$125,791.53 (partial)");
    const eur = screen.getByRole("rowgroup", { name: "EUR" });
    expect(eur).not.toHaveTextContent("partial");
  });

  it("shows nothing before any figure is read", () => {
    const { container } = renderPage(<LastYearTable comparisons={[]} coverage={new Map()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
