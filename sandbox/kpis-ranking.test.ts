import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { PortfolioKpiRow } from "../lib/svc/schemas/kpis";
import type { Sandbox } from "./app";
import { fxTable } from "./kpis-test-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// GET /listings/kpis (docs/interface-decisions.md §3): metric, window, currency, owner_user_id, order,
// pagination; rows carry the svc_id as listing_id. Values are checked against the rolling
// KPIs of each listing, so the ranking and GET /listings/{id}/kpis agree.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const schema = endpoints["listings.kpis"].response;

async function ranking(query: string, key = p.owner.keys.standard): Promise<PortfolioKpiRow[]> {
  const res = await call(sandbox, "GET", `/listings/kpis?per_page=100&${query}`, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return schema.parse(res.json);
}

/** Each accessible listing's rolling value of `metric_window`, in its own currency. */
async function rollingValues(
  svcIds: string[],
  field: string,
  key = p.owner.keys.standard,
): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  for (const id of svcIds) {
    const res = await call(sandbox, "GET", `/listings/${id}/kpis?channel=svc`, { key });
    out.set(id, res.json[field] as number | null);
  }
  return out;
}

function accessibleIds(userId: string): string[] {
  return rows<{ svc_id: string }>(
    sandbox,
    `SELECT svc_id FROM listings WHERE owner_user_id = ?
       OR svc_id IN (SELECT listing_svc_id FROM listing_access WHERE user_id = ?)`,
    userId,
    userId,
  ).map((r) => r.svc_id);
}

/** Values descending (or ascending), nulls last, equal values by svc_id. */
function expectRanked(rowsOf: PortfolioKpiRow[], order: "asc" | "desc") {
  const values = rowsOf.map((r) => r.value);
  const firstNull = values.indexOf(null);
  if (firstNull >= 0) expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
  const present = values.filter((v): v is number => v !== null);
  const sorted = [...present].sort((a, b) => (order === "desc" ? b - a : a - b));
  expect(present).toEqual(sorted);
}

describe("GET /listings/kpis", () => {
  it("rule: ranks every accessible listing by the metric over the window (default 30_0, desc); listing_id is the svc_id, partner_listing_id the channel's", async () => {
    const ids = accessibleIds(p.manager.user_id);
    const body = await ranking("metric=revenue", p.manager.keys.standard);
    expect(body.map((r) => r.listing_id).sort()).toEqual([...ids].sort());
    expectRanked(body, "desc");
    const listings = new Map(
      rows<{ svc_id: string; channel: string; channel_listing_id: string; currency: string }>(
        sandbox,
        `SELECT svc_id, channel, channel_listing_id, currency FROM listings`,
      ).map((l) => [l.svc_id, l]),
    );
    const rolling = await rollingValues(ids, "revenue_30_0", p.manager.keys.standard);
    for (const row of body) {
      const listing = listings.get(row.listing_id)!;
      expect(row.partner_listing_id).toBe(listing.channel_listing_id);
      expect(row.channel).toBe(listing.channel);
      expect(row.currency).toBe(listing.currency);
      expect(row.value).toBe(rolling.get(row.listing_id));
      expect(row.updated_at).not.toBeNull();
    }
  });

  it("rule: currency converts monetary metrics before ranking; other metrics are not converted", async () => {
    const fx = fxTable(sandbox);
    const currencies = new Map(
      rows<{ svc_id: string; currency: string }>(sandbox, `SELECT svc_id, currency FROM listings`).map(
        (l) => [l.svc_id, l.currency],
      ),
    );
    expect(new Set(currencies.values()).size).toBeGreaterThan(1);
    const body = await ranking("metric=adr&window=90_0&currency=EUR");
    const rolling = await rollingValues(
      body.map((r) => r.listing_id),
      "adr_90_0",
    );
    for (const row of body) {
      const own = rolling.get(row.listing_id)!;
      const from = currencies.get(row.listing_id)!;
      const expected = from === "EUR" ? own : Math.round((own / fx.get(from)!) * fx.get("EUR")! * 100) / 100;
      expect(row.currency).toBe("EUR");
      expect(row.value).toBe(expected);
    }
    expectRanked(body, "desc");
    // The order follows the converted values, which differs from ranking the raw numbers.
    const raw = await ranking("metric=adr&window=90_0");
    expect(raw.map((r) => r.listing_id)).not.toEqual(body.map((r) => r.listing_id));

    const occupancy = await ranking("metric=occupancy_adjusted&window=90_0&currency=GBP");
    const plain = await ranking("metric=occupancy_adjusted&window=90_0");
    expect(occupancy.map((r) => [r.listing_id, r.value])).toEqual(plain.map((r) => [r.listing_id, r.value]));
    expect(occupancy.every((r) => r.currency === "GBP")).toBe(true);
  });

  it("rule: order=asc reverses the ranking; rows whose value is null rank last in either order", async () => {
    // Fully booked listings have no open night in the next week: no asking rate.
    const desc = await ranking("metric=asking_rate&window=0_7&currency=USD");
    const asc = await ranking("metric=asking_rate&window=0_7&currency=USD&order=asc");
    expect(desc.some((r) => r.value === null)).toBe(true);
    expectRanked(desc, "desc");
    expectRanked(asc, "asc");
    const present = (list: PortfolioKpiRow[]) => list.filter((r) => r.value !== null).map((r) => r.value);
    expect(present(asc)).toEqual([...present(desc)].reverse());
    expect(asc.filter((r) => r.value === null).map((r) => r.listing_id)).toEqual(
      desc.filter((r) => r.value === null).map((r) => r.listing_id),
    );
  });

  it("rule: owner_user_id narrows to one account's listings and grants nothing", async () => {
    const narrowed = await ranking(
      `metric=nights_booked&owner_user_id=${p.owner.user_id}`,
      p.manager.keys.standard,
    );
    const ownerIds = rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ?`,
      p.owner.user_id,
    ).map((r) => r.svc_id);
    expect(narrowed.map((r) => r.listing_id).sort()).toEqual([...ownerIds].sort());
    expect(
      await ranking(`metric=nights_booked&owner_user_id=${p.owner.user_id}`, p.outsider.keys.standard),
    ).toEqual([]);
  });

  it("rule: the ranking is paginated with X-Total-Count", async () => {
    const all = await ranking("metric=revpar&window=365_0&currency=USD");
    const key = p.owner.keys.standard;
    const first = await call(
      sandbox,
      "GET",
      "/listings/kpis?metric=revpar&window=365_0&currency=USD&per_page=10",
      { key },
    );
    expect(first.headers.get("X-Total-Count")).toBe(String(all.length));
    expect(first.json.map((r: PortfolioKpiRow) => r.listing_id)).toEqual(
      all.slice(0, 10).map((r) => r.listing_id),
    );
    const third = await call(
      sandbox,
      "GET",
      "/listings/kpis?metric=revpar&window=365_0&currency=USD&per_page=10&page=3",
      { key },
    );
    expect(third.json.map((r: PortfolioKpiRow) => r.listing_id)).toEqual(
      all.slice(20, 30).map((r) => r.listing_id),
    );
  });

  it("rule: bad input answers 400 naming the field (unknown metric or window, unknown currency, bad order, page with offset)", async () => {
    const key = p.owner.keys.standard;
    const field = async (query: string) => {
      const error = expectError(
        await call(sandbox, "GET", `/listings/kpis?${query}`, { key }),
        400,
        "invalid_query",
      );
      return error.details!.fields.map((f: { field: string }) => f.field);
    };
    expect(await field("window=30_0")).toContain("metric");
    expect(await field("metric=revenue_score")).toContain("metric");
    expect(await field("metric=adr&window=30_30")).toContain("window");
    expect(await field("metric=adr&window=45_0")).toContain("window");
    expect(await field("metric=adr&currency=XYZ")).toContain("currency");
    expect(await field("metric=adr&currency=usd")).toContain("currency");
    expect(await field("metric=adr&order=up")).toContain("order");
    expect(await field("metric=adr&page=1&offset=0")).toContain("offset");
  });
});
