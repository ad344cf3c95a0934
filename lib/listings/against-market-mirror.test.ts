import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";
import { addDays } from "@/lib/format/dates";
import { againstMarket, marketOccupancyOf, WHOLE_MARKET } from "@/lib/listings/against-market";
import type { MarketTimeSeries } from "@/lib/svc/schemas/market-report";
import { KPI_WINDOWS } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * The Listings page's "against the market" from the market report a real mirror holds (the
 * owner's, filled by the sync worker from the reference service): the market's figure for a
 * window is what the service's own time series says for those nights.
 */
let h: MirrorHarness;
let marketId: string;
let today: string;
beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
  const first = (await h.store.listings(ACCOUNT)).find((l) => !l.hidden)!;
  marketId = (first.body as { market_id: string }).market_id;
  today = h.sandbox.ctx.clock.now().toISOString().slice(0, 10);
}, 60_000);
afterAll(() => h.close());

const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

describe("the market's occupancy from the mirror", () => {
  it("is, for a window the mirror's nights cover, the mean of the service's own nightly occupancy", async () => {
    const read = marketOccupancyOf(marketId, await h.store.marketSeries(ACCOUNT, marketId), today);
    const whole = read.find((m) => m.group === WHOLE_MARKET)!;
    for (const [window, from, to] of [
      ["0_7", today, addDays(today, 6)],
      ["0_90", today, addDays(today, 89)],
      ["30_0", addDays(today, -30), addDays(today, -1)],
      ["365_0", addDays(today, -365), addDays(today, -1)],
    ] as const) {
      const answer = await h.get<MarketTimeSeries>(
        `/market_report/${marketId}/time_series?metric=occupancy&start_date=${from}&end_date=${to}&granularity=day`,
      );
      const values = answer.points.flatMap((p) => (p.value === null ? [] : [p.value]));
      expect(values.length).toBeGreaterThan(0);
      expect(whole.windows[window]).toBe(mean(values));
    }
  });

  it("has a figure for every KPI window: the mirror reads the market a year back to a year ahead", async () => {
    const stored = await h.store.marketSeries(ACCOUNT, marketId);
    const body = stored.find((s) => s.key === `${WHOLE_MARKET}:occupancy`)!.body as MarketTimeSeries;
    const dates = body.points.map((p) => p.date).sort();
    expect(dates[0]! <= addDays(today, -365)).toBe(true);
    expect(dates.at(-1)! >= addDays(today, 364)).toBe(true);
    const whole = marketOccupancyOf(marketId, stored, today).find((m) => m.group === WHOLE_MARKET)!;
    for (const window of KPI_WINDOWS) expect(whole.windows[window], window).not.toBeNull();
  });

  it("places the market's figure beside a listing's own occupancy from GET /listings/kpis", async () => {
    const rows = await h.get<Array<{ listing_id: string; value: number | null }>>(
      "/listings/kpis?metric=occupancy&window=0_30&per_page=100",
    );
    const markets = marketOccupancyOf(marketId, await h.store.marketSeries(ACCOUNT, marketId), today);
    const records = (await h.store.listings(ACCOUNT)).filter(
      (l) => (l.body as { market_id: string }).market_id === marketId,
    );
    const withFigure = records.find((l) =>
      rows.some((r) => r.listing_id === l.listingId && r.value !== null),
    )!;
    const figure = rows.find((r) => r.listing_id === withFigure.listingId)!.value!;
    const body = withFigure.body as { market_id: string; bedrooms: number | null };
    const compared = againstMarket(body, figure, "0_30", markets);
    expect(compared.state).toBe("shown");
    if (compared.state !== "shown") return;
    expect(compared.listing).toBe(figure);
    const group = markets.find((m) => m.group === compared.group)!;
    expect(compared.market).toBe(group.windows["0_30"]);
    expect(compared.difference).toBeCloseTo(figure - compared.market, 1);
  });
});
