/** Helpers of the market report spec: the service's own answers, the page's requests and tables. */
import type { Locator, Page } from "@playwright/test";
import { rangeDates } from "../lib/market/range";
import type {
  BedroomGroups,
  Market,
  MarketDistribution,
  MarketTimeSeries,
} from "../lib/svc/schemas/market-report";
import { expect, svcGet, type PersonaName } from "./fixtures";

export const markets = (persona: PersonaName = "owner") => svcGet<Market[]>("/market_report", persona);

export const bedroomGroups = (marketId: string) =>
  svcGet<BedroomGroups>(`/market_report/${marketId}/bedroom_groups`);

/** The page's default dates (15 months back to 12 ahead), as the page computes them today. */
export function defaultRange(): { start_date: string; end_date: string } {
  return rangeDates("27-months", { from: null, to: null }) as { start_date: string; end_date: string };
}

/** The market's monthly series over the page's default dates, as the service answers it. */
export function serviceSeries(
  marketId: string,
  query: { metric?: string; bedrooms?: string; currency?: string } = {},
): Promise<MarketTimeSeries> {
  const params = new URLSearchParams({ metric: "adr", ...defaultRange(), granularity: "month", ...query });
  return svcGet<MarketTimeSeries>(`/market_report/${marketId}/time_series?${params}`);
}

export function serviceDistribution(marketId: string, query: Record<string, string>) {
  return svcGet<MarketDistribution>(`/market_report/${marketId}/distribution?${new URLSearchParams(query)}`);
}

/** Waits until the market page has its header, groups and the open tab's chart. */
export async function expectMarketReady(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByTestId("bedroom-picker")).toHaveAttribute("data-state", "ready");
  for (const card of await page.locator("[role=tabpanel] section[data-state]").all()) {
    await expect(card).toHaveAttribute("data-state", "ready");
  }
}

/** The cells of a chart's table (for screen readers) in the row whose header is `label`. */
export async function rowCells(table: Locator, label: string): Promise<string[]> {
  const row = table
    .getByRole("row")
    .filter({ has: table.page().getByRole("rowheader", { name: label, exact: true }) });
  await expect(row).toHaveCount(1);
  return row.locator("th, td").allTextContents();
}

/** The column headers of a chart's table. */
export const columnsOf = (table: Locator) => table.getByRole("columnheader").allTextContents();
