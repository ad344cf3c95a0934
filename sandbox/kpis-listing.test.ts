import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import { KPI_METRICS, KPI_WINDOWS, type KpiMetric } from "../lib/svc/schemas/kpis";
import type { Sandbox } from "./app";
import { REVENUE_METRICS, addDays, addMonths, sqlMetrics, type Expected } from "./kpis-test-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Listing KPIs (docs/interface-decisions.md §3; definitions in domain/kpis/totals.ts), recomputed in
// these tests from calendar_nights and reservations with SQL.
let sandbox: Sandbox;
let p: Personas;
let today: string;
let owned: Array<{ svc_id: string; channel: string; channel_listing_id: string; pricing_tier: string }>;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  today = sandbox.ctx.clock.today();
  owned = rows(
    sandbox,
    `SELECT svc_id, channel, channel_listing_id, pricing_tier FROM listings WHERE owner_user_id = ?
     ORDER BY CAST(svc_id AS INTEGER)`,
    p.owner.user_id,
  );
});

type Row = Record<KpiMetric, number | null>;

async function kpis<T>(svcId: string, path: string, key = p.owner.keys.standard): Promise<T> {
  const id =
    endpoints[path === "" ? "listings.kpisRolling" : (`listings.kpis${path}` as "listings.kpisMonthly")];
  const suffix = path === "" ? "" : `/${path.toLowerCase()}`;
  const res = await call(sandbox, "GET", `/listings/${svcId}/kpis${suffix}?channel=svc`, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  id.response.parse(res.json);
  return res.json as T;
}

/** Exact for counts and ratios of counts; a few cents for revenue-based money (see sqlMetrics). */
function expectMetrics(actual: Row, expected: Expected, label: string) {
  for (const metric of KPI_METRICS) {
    const want = expected[metric];
    const got = actual[metric];
    if (want === null || !REVENUE_METRICS.has(metric)) {
      expect(got, `${label} ${metric}`).toBe(want);
    } else {
      expect(got, `${label} ${metric}`).not.toBeNull();
      expect(Math.abs(got! - want), `${label} ${metric}: ${got} vs ${want}`).toBeLessThanOrEqual(0.03);
    }
  }
}

const windowRange = (window: string) => {
  const [back, forward] = window.split("_").map(Number) as [number, number];
  return back > 0 ? [addDays(today, -back), today] : [today, addDays(today, forward)];
};

const monthsOf = (rowsOf: Array<{ month: string }>) => rowsOf.map((r) => r.month);

describe("rolling KPIs", () => {
  it("rule: rolling KPIs are one flat object, <metric>_<back>_<forward> for every lexicon metric and window, recomputed from nights and Accepted reservations", async () => {
    for (const listing of owned.slice(0, 4)) {
      const body = await kpis<Record<string, unknown>>(listing.svc_id, "");
      expect(Object.keys(body).sort()).toEqual(
        ["listing_id", "currency", ...KPI_METRICS.flatMap((m) => KPI_WINDOWS.map((w) => `${m}_${w}`))].sort(),
      );
      expect(body.listing_id).toBe(listing.svc_id);
      for (const window of KPI_WINDOWS) {
        const [from, to] = windowRange(window);
        const actual = Object.fromEntries(KPI_METRICS.map((m) => [m, body[`${m}_${window}`]])) as Row;
        expectMetrics(actual, sqlMetrics(sandbox, listing.svc_id, from!, to!), `${listing.svc_id} ${window}`);
      }
    }
  });

  it("rule: a metric is null where it is undefined (ADR without booked nights, asking rate without open nights, stay means without stays)", async () => {
    let nulls = 0;
    for (const listing of owned) {
      const body = await kpis<Record<string, number | null>>(listing.svc_id, "");
      for (const window of KPI_WINDOWS) {
        const v = (m: KpiMetric) => body[`${m}_${window}`];
        expect(v("adr") === null, `${listing.svc_id} ${window}`).toBe(v("nights_booked") === 0);
        const open = v("nights_available")! - v("nights_booked")!;
        expect(v("asking_rate") === null).toBe(open === 0);
        expect(v("length_of_stay") === null).toBe(v("booking_window") === null);
        nulls += [v("adr"), v("asking_rate"), v("length_of_stay")].filter((x) => x === null).length;
      }
    }
    expect(nulls).toBeGreaterThan(0);
  });
});

describe("monthly, quarterly and yearly KPIs", () => {
  it("rule: monthly rows run from 15 months back to 12 months ahead, every row recomputed from the database", async () => {
    const listing = owned[1]!;
    const body = await kpis<{ listing_id: string; currency: string; months: Array<Row & { month: string }> }>(
      listing.svc_id,
      "Monthly",
    );
    const current = today.slice(0, 7);
    expect(monthsOf(body.months)).toEqual(Array.from({ length: 28 }, (_, i) => addMonths(current, i - 15)));
    for (const row of body.months) {
      expectMetrics(
        row,
        sqlMetrics(sandbox, listing.svc_id, `${row.month}-01`, `${addMonths(row.month, 1)}-01`),
        row.month,
      );
    }
  });

  it("rule: quarterly rows are the current quarter and the 4 before it up to 12 months ahead; yearly rows are the years holding data within 5 years back and 12 months ahead", async () => {
    const listing = owned[2]!;
    const { quarters } = await kpis<{ quarters: Array<Row & { quarter: string }> }>(
      listing.svc_id,
      "Quarterly",
    );
    const quarterOf = (month: string) =>
      `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
    const current = today.slice(0, 7);
    const expected = [
      ...new Set(Array.from({ length: 25 }, (_, i) => quarterOf(addMonths(current, i - 12)))),
    ];
    expect(quarters.map((q) => q.quarter)).toEqual(expected);
    expect(quarters).toHaveLength(9);

    const { years } = await kpis<{ years: Array<Row & { year: string }> }>(listing.svc_id, "Yearly");
    const [span] = rows<{ first: string; last: string }>(
      sandbox,
      `SELECT MIN(date) AS first, MAX(date) AS last FROM calendar_nights WHERE listing_svc_id = ?`,
      listing.svc_id,
    );
    const firstYear = Math.max(Number(span!.first.slice(0, 4)), Number(today.slice(0, 4)) - 4);
    const lastYear = Math.min(Number(span!.last.slice(0, 4)), Number(addMonths(current, 12).slice(0, 4)));
    expect(years.map((y) => y.year)).toEqual(
      Array.from({ length: lastYear - firstYear + 1 }, (_, i) => String(firstYear + i)),
    );
    for (const row of years) {
      expectMetrics(
        row,
        sqlMetrics(sandbox, listing.svc_id, `${row.year}-01-01`, `${Number(row.year) + 1}-01-01`),
        row.year,
      );
    }
  });

  it("rule: monthly, quarterly and yearly agree: counts and revenue of the months add up to each quarter and year to the cent", async () => {
    for (const listing of owned.slice(0, 5)) {
      const { months } = await kpis<{ months: Array<Row & { month: string }> }>(listing.svc_id, "Monthly");
      const { quarters } = await kpis<{ quarters: Array<Row & { quarter: string }> }>(
        listing.svc_id,
        "Quarterly",
      );
      const { years } = await kpis<{ years: Array<Row & { year: string }> }>(listing.svc_id, "Yearly");
      const sumOf = (inPeriod: (month: string) => boolean) => {
        const picked = months.filter((m) => inPeriod(m.month));
        const total = (metric: KpiMetric) => picked.reduce((sum, m) => sum + (m[metric] ?? 0), 0);
        return {
          revenueCents: Math.round(total("revenue") * 100),
          booked: total("nights_booked"),
          available: total("nights_available"),
          blocked: total("nights_blocked"),
        };
      };
      const figures = (row: Row) => ({
        revenueCents: Math.round(row.revenue! * 100),
        booked: row.nights_booked,
        available: row.nights_available,
        blocked: row.nights_blocked,
      });
      for (const q of quarters) {
        const [year, n] = [q.quarter.slice(0, 4), Number(q.quarter.slice(6))];
        const inQuarter = (m: string) => m.startsWith(year) && Math.ceil(Number(m.slice(5, 7)) / 3) === n;
        expect(sumOf(inQuarter), `${listing.svc_id} ${q.quarter}`).toEqual(figures(q));
      }
      for (const y of years) {
        expect(
          sumOf((m) => m.startsWith(y.year)),
          `${listing.svc_id} ${y.year}`,
        ).toEqual(figures(y));
      }
    }
  });
});

describe("listing identification and pricing tier", () => {
  it("rule: every listing-scoped KPI endpoint applies the channel rules (403 by channel id, 404 under svc, channel_required) and echoes the id as given", async () => {
    const outsiders = rows<{ svc_id: string; channel: string; channel_listing_id: string }>(
      sandbox,
      `SELECT svc_id, channel, channel_listing_id FROM listings WHERE owner_user_id = ?`,
      p.outsider.user_id,
    );
    const foreign = outsiders[0]!;
    const mine = owned[0]!;
    for (const tail of ["kpis", "kpis/monthly", "kpis/quarterly", "kpis/yearly", "pricing_tier"]) {
      const key = p.owner.keys.standard;
      expectError(
        await call(sandbox, "GET", `/listings/${foreign.svc_id}/${tail}?channel=svc`, { key }),
        404,
      );
      expectError(
        await call(
          sandbox,
          "GET",
          `/listings/${foreign.channel_listing_id}/${tail}?channel=${foreign.channel}`,
          { key },
        ),
        403,
        "forbidden",
      );
      expectError(
        await call(sandbox, "GET", `/listings/${mine.svc_id}/${tail}`, { key }),
        400,
        "channel_required",
      );
      const byChannel = await call(
        sandbox,
        "GET",
        `/listings/${mine.channel_listing_id}/${tail}?channel=${mine.channel}`,
        {
          key,
        },
      );
      expect(byChannel.status).toBe(200);
      expect(byChannel.json.listing_id).toBe(mine.channel_listing_id);
      // A team viewer reads the owner's listing KPIs.
      const viewer = await call(sandbox, "GET", `/listings/${mine.svc_id}/${tail}?channel=svc`, {
        key: p.viewer.keys.standard,
      });
      expect(viewer.status).toBe(200);
    }
    expectError(
      await call(sandbox, "GET", `/listings/${mine.svc_id}/kpis?channel=expedia`, {
        key: p.owner.keys.standard,
      }),
      400,
    );
  });

  it("rule: pricing_tier answers {listing_id, name} from the listing row", async () => {
    for (const listing of owned) {
      const res = await call(sandbox, "GET", `/listings/${listing.svc_id}/pricing_tier?channel=svc`, {
        key: p.owner.keys.standard,
      });
      expect(res.json).toEqual({ listing_id: listing.svc_id, name: listing.pricing_tier });
    }
  });
});

describe("reservations drive the figures", () => {
  it("rule: Canceled reservations do not count; an amended reservation's subtotal is the revenue", async () => {
    const listing = owned[3]!;
    const before = await kpis<Record<string, number>>(listing.svc_id, "");
    const simulate = (action: string) =>
      call(sandbox, "POST", "/_sandbox/simulate", {
        body: { event: "reservation", listing_id: listing.svc_id, action },
      });

    const amended = await simulate("amend");
    expect(amended.status, JSON.stringify(amended.json)).toBe(200);
    const [held] = rows<{ nightly_subtotal: number; nights: number; check_in: string }>(
      sandbox,
      `SELECT nightly_subtotal, nights, check_in FROM reservations WHERE reservation_id = ?`,
      amended.json.reservation_id,
    );
    const afterAmend = await kpis<Record<string, number>>(listing.svc_id, "");
    expect(held!.check_in >= today).toBe(true);
    expect(afterAmend.revenue_0_365! - before.revenue_0_365!).toBeGreaterThan(0);
    const reference = sqlMetrics(sandbox, listing.svc_id, today, addDays(today, 365));
    expect(Math.abs(afterAmend.revenue_0_365! - reference.revenue!)).toBeLessThanOrEqual(0.03);

    const canceled = await simulate("cancel");
    expect(canceled.json.reservation_id).toBe(amended.json.reservation_id);
    const afterCancel = await kpis<Record<string, number>>(listing.svc_id, "");
    expect(afterCancel.nights_booked_0_365).toBe(afterAmend.nights_booked_0_365! - held!.nights);
    expect(afterCancel.revenue_0_365).toBeCloseTo(afterAmend.revenue_0_365! - held!.nightly_subtotal, 2);
    const [status] = rows<{ status: string }>(
      sandbox,
      `SELECT status FROM reservations WHERE reservation_id = ?`,
      amended.json.reservation_id,
    );
    expect(status!.status).toBe("Canceled");

    // A reservation reported Canceled whose nights still name it: those nights are open.
    const [next] = rows<{ reservation_id: string; nights: number; nightly_subtotal: number }>(
      sandbox,
      `SELECT reservation_id, nights, nightly_subtotal FROM reservations
       WHERE listing_svc_id = ? AND status = 'Accepted' AND check_in >= ? AND check_out <= ?
       ORDER BY check_in LIMIT 1`,
      listing.svc_id,
      today,
      addDays(today, 300),
    );
    sandbox.ctx.db
      .prepare(`UPDATE reservations SET status = 'Canceled' WHERE reservation_id = ?`)
      .run(next!.reservation_id);
    const afterReport = await kpis<Record<string, number>>(listing.svc_id, "");
    expect(afterReport.nights_booked_0_365).toBe(afterCancel.nights_booked_0_365! - next!.nights);
    expect(afterReport.revenue_0_365).toBeCloseTo(afterCancel.revenue_0_365! - next!.nightly_subtotal, 2);
    expect(afterReport.nights_available_0_365).toBe(afterCancel.nights_available_0_365);
  });
});
