import { beforeAll, describe, expect, it } from "vitest";
import {
  METRIC_LEXICON,
  aggregatedMetrics as aggregatedSchema,
  setDistribution as distributionSchema,
  setPriceCalendar as calendarSchema,
  setTimeSeries as seriesSchema,
  type SetPriceCalendar,
} from "../lib/svc/schemas/set-analytics";
import type { Sandbox } from "./app";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// aggregated_metrics, time_series and distribution of a paid set (docs/interface-decisions.md §5). Values are
// recomputed here from the set price calendar (the same derived nights) and the stored
// metrics. The model reports booking_probability_percent 50..90 on booked nights and 10..45
// on held ones (domain/set-analytics/comp-nights.ts), which tells them apart.
let sandbox: Sandbox;
let p: Personas;
let setId: string;
let rates: Map<string, number>;

const get = (path: string) => call(sandbox, "GET", `/sets/${setId}/${path}`, { key: p.owner.keys.standard });
const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const monthOf = (date: string, delta = 0) => {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + delta, 1)).toISOString().slice(0, 7);
};
const daysIn = (month: string) => new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7), 0)).getUTCDate();
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Linear interpolation between closest ranks (R type 7). */
function percentile(values: number[], q: number): number | null {
  const s = values.slice().sort((a, b) => a - b);
  if (!s.length) return null;
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  return round(s[lo]! + (h - lo) * (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!), 2);
}

async function calendar(start: string, end: string, currency = ""): Promise<SetPriceCalendar> {
  const res = await get(
    `price_calendar?start_date=${start}&end_date=${end}${currency ? `&currency=${currency}` : ""}`,
  );
  expect(res.status, JSON.stringify(res.json).slice(0, 200)).toBe(200);
  return calendarSchema.parse(res.json);
}

type Night = SetPriceCalendar["listings"][number]["nights"][number];
/** Counters of nights as the service pools them. */
function tally(nights: readonly Night[]) {
  const booked = nights.filter((n) => !n.available && n.booking_probability_percent >= 50);
  const open = nights.filter((n) => n.available);
  return {
    nights: nights.length,
    booked: booked.length,
    blocked: nights.length - booked.length - open.length,
    open: open.length,
    revenue: booked.reduce((s, n) => s + n.price, 0),
    asking: open.reduce((s, n) => s + n.price, 0),
  };
}

const activeMembers = () =>
  rows<{ listing_id: string; currency: string; metrics: string }>(
    sandbox,
    `SELECT m.listing_id, l.currency, l.metrics FROM set_members m JOIN market_listings l USING (listing_id)
      WHERE m.set_id = ? AND m.status = 'active' ORDER BY m.listing_id`,
    setId,
  );

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  setId = rows<{ id: string }>(sandbox, `SELECT id FROM sets WHERE name = 'Miami Beach core comps'`)[0]!.id;
  rates = new Map(
    rows<{ currency: string; per_usd: number }>(sandbox, `SELECT * FROM fx_rates`).map((r) => [
      r.currency,
      r.per_usd,
    ]),
  );
});

describe("GET /sets/{set_id}/aggregated_metrics", () => {
  it("rule: monthly rows over the active members with listing_count and the 13 lexicon metrics", async () => {
    const res = await get("aggregated_metrics");
    expect(res.status).toBe(200);
    const body = aggregatedSchema.parse(res.json);
    const today = sandbox.ctx.clock.today();
    expect(body.currency).toBe("USD");
    expect(body.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => monthOf(today, i - 11)),
    );
    for (const row of body.months) {
      expect(Object.keys(row).sort()).toEqual(["listing_count", "month", ...METRIC_LEXICON].sort());
      expect(row.listing_count).toBe(activeMembers().length);
      for (const metric of METRIC_LEXICON) expect(row[metric], `${row.month} ${metric}`).not.toBeNull();
    }
  });

  it("rule: aggregated metrics are computed from the derived nights (they agree with the price calendar)", async () => {
    const today = sandbox.ctx.clock.today();
    for (const month of [monthOf(today, -1), monthOf(today, 1)]) {
      const end = `${month}-${String(daysIn(month)).padStart(2, "0")}`;
      const cal = await calendar(`${month}-01`, end);
      const row = aggregatedSchema.parse(
        (await get(`aggregated_metrics?start_month=${month}&end_month=${month}`)).json,
      ).months[0]!;
      const t = cal.listings.map((l) => tally(l.nights));
      const sum = (key: keyof ReturnType<typeof tally>) => t.reduce((s, x) => s + x[key], 0);
      const listings = t.length;
      expect(row.listing_count).toBe(listings);
      expect(row.nights_booked).toBeCloseTo(sum("booked") / listings, 2);
      expect(row.nights_blocked).toBeCloseTo(sum("blocked") / listings, 2);
      expect(row.revenue!).toBeCloseTo(sum("revenue") / listings, 1);
      expect(row.adr!).toBeCloseTo(sum("revenue") / sum("booked"), 1);
      expect(row.asking_rate!).toBeCloseTo(sum("asking") / sum("open"), 1);
      expect(row.occupancy!).toBeCloseTo((100 * sum("booked")) / sum("nights"), 1);
    }
  });

  it("rule: each row agrees with itself (revpar = revenue / nights in month per listing, occupancy = booked / available)", async () => {
    const body = aggregatedSchema.parse((await get("aggregated_metrics")).json);
    for (const row of body.months) {
      const days = daysIn(row.month);
      const [booked, available, revenue] = [row.nights_booked!, row.nights_available!, row.revenue!];
      expect(available + row.nights_blocked!).toBeCloseTo(days, 1);
      expect(row.revpar!).toBeCloseTo(revenue / days, 1);
      expect(row.revpar_adjusted!).toBeCloseTo(revenue / available, 1);
      expect(row.occupancy_adjusted!).toBeCloseTo((100 * booked) / available, 0);
      expect(row.occupancy!).toBeCloseTo((100 * booked) / days, 0);
      expect(row.nights_percent_open!).toBeCloseTo((100 * (available - booked)) / days, 0);
      expect(Math.abs(row.adr! / (revenue / booked) - 1)).toBeLessThan(0.001);
      expect(row.length_of_stay!).toBeGreaterThanOrEqual(1);
      expect(row.booking_window!).toBeGreaterThanOrEqual(0);
    }
  });

  it("rule: aggregated metrics convert money into the requested currency", async () => {
    const usd = aggregatedSchema.parse((await get("aggregated_metrics")).json);
    const eur = aggregatedSchema.parse((await get("aggregated_metrics?currency=EUR")).json);
    expect(eur.currency).toBe("EUR");
    const rate = rates.get("EUR")! / rates.get("USD")!;
    usd.months.forEach((u, i) => {
      const e = eur.months[i]!;
      for (const metric of ["adr", "asking_rate", "revenue", "revpar", "revpar_adjusted"] as const) {
        expect(Math.abs(e[metric]! / (u[metric]! * rate) - 1), `${u.month} ${metric}`).toBeLessThan(0.002);
      }
      expect(e.occupancy_adjusted).toBe(u.occupancy_adjusted);
      expect(e.nights_booked).toBe(u.nights_booked);
    });
  });

  it("rule: month range — default twelve months to the current one, 400 naming the field, empty months outside the data", async () => {
    const one = aggregatedSchema.parse((await get("aggregated_metrics?start_month=2026-03")).json);
    expect(one.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => monthOf("2026-03-01", i)),
    );
    const outside = aggregatedSchema.parse(
      (await get("aggregated_metrics?start_month=2021-01&end_month=2021-02")).json,
    );
    for (const row of outside.months) {
      expect(row.listing_count).toBe(0);
      for (const metric of METRIC_LEXICON) expect(row[metric]).toBeNull();
    }
    const field = async (query: string, name: string) => {
      const error = expectError(await get(`aggregated_metrics?${query}`), 400, "invalid_query");
      expect(error.details!.fields.map((f: { field: string }) => f.field)).toContain(name);
    };
    await field("start_month=2026-05&end_month=2026-02", "end_month");
    await field("start_month=2026-13", "start_month");
    await field("start_month=2020-01&end_month=2026-01", "end_month");
    await field("currency=usd", "currency");
    await field("currency=XYZ", "currency");
  });
});

describe("GET /sets/{set_id}/time_series", () => {
  it("rule: p25/p50/p75 across members and value = their mean, per point, computed from the nights", async () => {
    const today = sandbox.ctx.clock.today();
    const [start, end] = [addDays(today, -17), addDays(today, 40)];
    const cal = await calendar(start, end);
    const res = await get(`time_series?metric=revenue&granularity=week&start_date=${start}&end_date=${end}`);
    expect(res.status, JSON.stringify(res.json).slice(0, 200)).toBe(200);
    const body = seriesSchema.parse(res.json);
    expect(body).toMatchObject({ metric: "revenue", currency: "USD" });
    for (const [i, point] of body.points.entries()) {
      const monday = new Date(`${point.date}T00:00:00Z`);
      expect(monday.getUTCDay()).toBe(1);
      const periodEnd = addDays(point.date, 6);
      const values = cal.listings.map((l) =>
        round(tally(l.nights.filter((n) => n.date >= point.date && n.date <= periodEnd)).revenue, 2),
      );
      if (i === 0) expect(point.date <= start).toBe(true);
      const mean = values.reduce((s, v) => s + v, 0) / values.length;
      expect(point.value!).toBeCloseTo(mean, 1);
      expect(point.p25!).toBeCloseTo(percentile(values, 0.25)!, 1);
      expect(point.p50!).toBeCloseTo(percentile(values, 0.5)!, 1);
      expect(point.p75!).toBeCloseTo(percentile(values, 0.75)!, 1);
    }
  });

  it("rule: granularity day, week or month gives one point per period, dated at its first day", async () => {
    const series = async (granularity: string, metric = "occupancy_adjusted") =>
      seriesSchema.parse(
        (
          await get(
            `time_series?metric=${metric}&granularity=${granularity}&start_date=2026-10-15&end_date=2026-12-20`,
          )
        ).json,
      ).points;
    const days = await series("day");
    expect(days).toHaveLength(67);
    expect(days[0]!.date).toBe("2026-10-15");
    expect((await series("week")).map((pt) => pt.date)[0]).toBe("2026-10-12");
    expect((await series("week")).length).toBe(10); // Mondays 10-12 … 12-14
    const months = await series("month", "nights_booked");
    expect(months.map((pt) => pt.date)).toEqual(["2026-10-01", "2026-11-01", "2026-12-01"]);
    const byDefault = seriesSchema.parse((await get("time_series?metric=adr")).json);
    expect(byDefault.points).toHaveLength(91);
    expect(byDefault.points[0]!.date).toBe(sandbox.ctx.clock.today());
  });

  it("rule: bad time series queries answer 400 naming the field", async () => {
    const field = async (query: string, name: string) => {
      const error = expectError(await get(`time_series?${query}`), 400, "invalid_query");
      expect(error.details!.fields.map((f: { field: string }) => f.field)).toContain(name);
    };
    await field("granularity=day", "metric");
    await field("metric=occupancy", "metric");
    await field("metric=adr&granularity=year", "granularity");
    await field("metric=adr&start_date=2026-12-01&end_date=2026-11-01", "end_date");
    await field("metric=adr&start_date=2025-01-01&end_date=2027-06-01", "end_date");
    await field("metric=adr&currency=XYZ", "currency");
  });
});

describe("GET /sets/{set_id}/distribution", () => {
  const stored = (window: string, metric: string) =>
    activeMembers().map((m) => ({
      listing_id: m.listing_id,
      currency: m.currency,
      value: (JSON.parse(m.metrics) as Record<string, number | null>)[`${metric}_${window}`] ?? null,
    }));

  it("rule: listing_values per active member from the stored metrics of the window; percentiles and buckets agree with them", async () => {
    for (const [metric, window] of [
      ["adr", "0_30"],
      ["occupancy_adjusted", "365_0"],
      ["nights_booked", undefined],
    ] as const) {
      const res = await get(`distribution?metric=${metric}${window ? `&window=${window}` : ""}`);
      expect(res.status).toBe(200);
      const body = distributionSchema.parse(res.json);
      expect(body.listing_values).toEqual(
        stored(window ?? "30_0", metric).map(({ listing_id, value }) => ({ listing_id, value })),
      );
      const values = body.listing_values.map((l) => l.value).filter((v): v is number => v !== null);
      for (const q of [10, 25, 50, 75, 90] as const) {
        expect(body.percentiles[`p${q}`]).toBeCloseTo(percentile(values, q / 100)!, 2);
      }
      expect(body.buckets.reduce((s, b) => s + b.count, 0)).toBe(values.length);
      body.buckets.forEach((b, i) => {
        const last = i === body.buckets.length - 1;
        const inside = values.filter((v) => v >= b.lower && (last ? v <= b.upper : v < b.upper)).length;
        expect(b.count).toBe(inside);
      });
    }
  });

  it("rule: distribution converts monetary metrics only", async () => {
    const eur = distributionSchema.parse(
      (await get("distribution?metric=revenue&window=90_0&currency=EUR")).json,
    );
    expect(eur.currency).toBe("EUR");
    const expected = stored("90_0", "revenue").map((m) =>
      m.value === null
        ? null
        : Math.round((m.value / rates.get(m.currency)!) * rates.get("EUR")! * 100) / 100,
    );
    expect(eur.listing_values.map((l) => l.value)).toEqual(expected);
    const occupancy = distributionSchema.parse(
      (await get("distribution?metric=occupancy_adjusted&currency=EUR")).json,
    );
    expect(occupancy.listing_values.map((l) => l.value)).toEqual(
      stored("30_0", "occupancy_adjusted").map((m) => m.value),
    );
  });

  it("rule: bad distribution queries answer 400 naming the field", async () => {
    const field = async (query: string, name: string) => {
      const error = expectError(await get(`distribution?${query}`), 400, "invalid_query");
      expect(error.details!.fields.map((f: { field: string }) => f.field)).toContain(name);
    };
    await field("window=30_0", "metric");
    await field("metric=adr&window=7_0", "window");
    await field("metric=adr&currency=XYZ", "currency");
  });
});
