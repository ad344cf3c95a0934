import type { MarketTimeSeries } from "../lib/svc/schemas/market-report";
import type { Listing } from "../lib/svc/schemas/listings";
import type { PortfolioKpiRow } from "../lib/svc/schemas/kpis";
import { groupOf } from "../lib/market/bedrooms";
import { expect, keyOf, rowOf, seriousViolations, signInAs, test } from "./fixtures";
import { recordServiceRequests } from "./service-requests";
import { ownerGet, startSyncPair, SYNC_BASE, SYNC_SANDBOX } from "./sync-support";

/**
 * Occupancy against the market on the Listings page: the market's figure is the market report
 * the portfolio mirror holds (the interface gives none per listing), so this spec runs on the
 * sync's own pair, with the owner's mirror filled.
 */
let pair: { stop(): Promise<void> };
test.describe.configure({ mode: "serial", timeout: 150_000 });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  pair = await startSyncPair();
});
test.afterAll(async () => {
  await pair?.stop();
});

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test("each listing's occupancy against its market's from the mirror's market report, for windows ahead and a year back", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  await page.goto(`${SYNC_BASE}/sync`);
  await page.getByRole("button", { name: "Start the sync" }).click();
  const mirror = page.getByRole("region", { name: "Portfolio mirror" });
  await expect(mirror).toHaveAttribute("data-state", "idle", { timeout: 90_000 });

  const key = await keyOf("owner", "standard", SYNC_SANDBOX);
  const today = (await ownerGet<{ now: string }>("/_sandbox/clock", key)).now.slice(0, 10);
  const listings = (await ownerGet<Listing[]>("/listings?per_page=100", key)).filter((l) => !l.is_hidden);
  const figures = await ownerGet<PortfolioKpiRow[]>(
    "/listings/kpis?metric=occupancy&window=0_30&per_page=100",
    key,
  );
  const listing = listings.find((l) => figures.some((f) => f.listing_id === l.svc_id && f.value !== null))!;
  const { groups } = await ownerGet<{ groups: Array<{ group: string | number }> }>(
    `/market_report/${listing.market_id}/bedroom_groups`,
    key,
  );
  const group = groupOf(
    listing.bedrooms,
    groups.map((g) => String(g.group)),
  );
  const series = await ownerGet<MarketTimeSeries>(
    `/market_report/${listing.market_id}/time_series?metric=occupancy&start_date=${today}&end_date=${addDays(today, 29)}&granularity=day${group === null ? "" : `&bedrooms=${encodeURIComponent(group)}`}`,
    key,
  );
  const values = series.points.flatMap((p) => (p.value === null ? [] : [p.value]));
  const market = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

  const requests = recordServiceRequests(page);
  await page.goto(`${SYNC_BASE}/listings?kpi=occupancy&window=0_30`);
  const portfolio = page.getByTestId("portfolio");
  await expect(portfolio).toHaveAttribute("data-kpi-state", "ready");
  await expect(page.getByTestId("against-market-note")).toHaveText(
    /from the market report the portfolio mirror read/,
  );
  const table = page.getByRole("table", { name: /^Your listings/ });
  await expect(table.getByRole("columnheader").filter({ hasText: "Against the market" })).toHaveCount(1);
  const row = rowOf(page, listing);
  await expect(row).toContainText(new RegExp(`market ${market.toFixed(1)}% \\(`));
  await expect(row).toContainText(/[+\u2212]?\d+\.\d pts/);
  // The market's figures came with the mirror's records: no market report read from the service.
  expect(requests.sent.filter((p) => p.includes("/market_report"))).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  // A year back: the mirror read the market that far back too.
  await page.getByRole("combobox", { name: "Window" }).selectOption("365_0");
  await expect(portfolio).toHaveAttribute("data-kpi-state", "ready");
  await expect(row).toContainText(/market \d+\.\d% \(/);
  await expect(row).toContainText(/[+\u2212]?\d+\.\d pts/);
});
