import { beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import {
  changelogRows,
  haversine,
  ineligibleCandidate,
  memberState,
  nonMemberCandidates,
  schemas,
} from "./sets-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// POST /sets and GET /sets/candidates (docs/interface.md §Dynamic sets, docs/interface-decisions.md §5). The sets
// created here are new ones, so the seeded world needs no reset.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const createSet = (key: string, body: unknown) => call(sandbox, "POST", "/sets", { key, body });
const setCount = () => rows<{ n: number }>(sandbox, `SELECT COUNT(*) AS n FROM sets`)[0]!.n;

describe("POST /sets", () => {
  it("creation from candidates only: an ineligible or unknown listing id answers 422 ineligible_listings naming them, nothing created", async () => {
    const [good] = nonMemberCandidates(sandbox, "none", 1);
    const bad = ineligibleCandidate(sandbox);
    const before = setCount();
    const changelog = rows(sandbox, `SELECT * FROM set_changelog`).length;
    const error = expectError(
      await createSet(p.owner.keys.standard, { name: "Nope", listing_ids: [good, bad, "1000001", "nope"] }),
      422,
      "ineligible_listings",
    );
    // An own listing (1000001) is not a comparison candidate either.
    expect(error.details?.listing_ids).toEqual([bad, "1000001", "nope"]);
    expect(setCount()).toBe(before);
    expect(rows(sandbox, `SELECT * FROM set_changelog`).length).toBe(changelog);
  });

  it("the created set is free, owned by the caller, its members active (states table)", async () => {
    const ids = nonMemberCandidates(sandbox, "none", 4);
    const res = await createSet(p.editor.keys.standard, {
      name: "  Editor picks ",
      listing_ids: [...ids, ids[0]],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const set = schemas.record.parse(res.json);
    expect(set).toMatchObject({
      name: "Editor picks",
      kind: "other",
      is_paid: false,
      membership: "static",
      filters: null,
      owner_user_id: p.editor.user_id,
      access: "owner",
      member_count: ids.length,
      associated_listing_count: 0,
      collaborators: [],
    });
    expect(set.created_at).toBe(set.updated_at);
    expect(memberState(sandbox, set.id)).toEqual(Object.fromEntries(ids.map((id) => [id, "active"])));
    // The currency is the members' (most common) one.
    const currencies = rows<{ currency: string }>(
      sandbox,
      `SELECT currency, COUNT(*) n FROM market_listings WHERE listing_id IN (${ids.map(() => "?").join(",")}) GROUP BY currency ORDER BY n DESC`,
      ...ids,
    );
    expect(set.currency).toBe(currencies[0]!.currency);
    expect(changelogRows(sandbox, set.id)).toEqual([
      expect.objectContaining({
        action: "created",
        actor_user_id: p.editor.user_id,
        listing_ids: JSON.stringify(ids),
      }),
    ]);
    // Visible to its owner only.
    expectError(
      await call(sandbox, "GET", `/sets/${set.id}`, { key: p.owner.keys.standard }),
      404,
      "set_not_found",
    );
  });

  it("filters make the set filter-based; its boundary is the filters' circle", async () => {
    const [candidate] = rows<{ listing_id: string; latitude: number; longitude: number }>(
      sandbox,
      `SELECT listing_id, latitude, longitude FROM market_listings WHERE eligible = 1 LIMIT 1`,
    );
    const filters = {
      latitude: candidate!.latitude,
      longitude: candidate!.longitude,
      radius_km: 2,
      bedrooms_min: 1,
    };
    const res = await createSet(p.outsider.keys.standard, {
      name: "Filtered",
      kind: "comp",
      listing_ids: [candidate!.listing_id],
      filters,
    });
    expect(res.status).toBe(201);
    const set = schemas.record.parse(res.json);
    expect(set).toMatchObject({ membership: "filter", filters, kind: "comp" });
    const ring = set.boundary![0]![0]!;
    for (const [lng, lat] of ring) {
      expect(haversine(filters.latitude, filters.longitude, lat!, lng!)).toBeCloseTo(2, 1);
    }
  });

  it("bad input: listing ids that are not strings, empty or too many, over-long names answer 400 naming the field, nothing written", async () => {
    const key = p.owner.keys.standard;
    const ids = nonMemberCandidates(sandbox, "none", 501);
    const before = setCount();
    const cases: Array<[unknown, string]> = [
      [{ name: "x", listing_ids: [5000001] }, "listing_ids.0"],
      [{ name: "x", listing_ids: [] }, "listing_ids"],
      [{ name: "x", listing_ids: "5000001" }, "listing_ids"],
      [{ name: "x", listing_ids: ids }, "listing_ids"],
      [{ name: "x".repeat(121), listing_ids: ids.slice(0, 1) }, "name"],
      [{ name: "   ", listing_ids: ids.slice(0, 1) }, "name"],
      [{ name: "x", kind: "k".repeat(61), listing_ids: ids.slice(0, 1) }, "kind"],
      [{ name: "x", listing_ids: ids.slice(0, 1), filters: { latitude: 10 } }, "filters.longitude"],
      [{ listing_ids: ids.slice(0, 1) }, "name"],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await createSet(key, body), 400, "invalid_body");
      expect(
        error.details?.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
    }
    expect(setCount()).toBe(before);
  });
});

describe("GET /sets/candidates", () => {
  type Row = { listing_id: string; latitude: number; longitude: number; bedrooms: number | null };
  const eligibleRows = () =>
    rows<Row>(
      sandbox,
      `SELECT listing_id, latitude, longitude, bedrooms FROM market_listings WHERE eligible = 1`,
    );
  const expectedNear = (lat: number, lng: number, radius: number, bedrooms?: number) =>
    eligibleRows()
      .filter((r) => bedrooms === undefined || r.bedrooms === bedrooms)
      .map((r) => ({ id: r.listing_id, km: haversine(lat, lng, r.latitude, r.longitude) }))
      .filter((r) => r.km <= radius)
      .sort((a, b) => a.km - b.km || a.id.localeCompare(b.id));
  const candidates = async (query: string, key = p.owner.keys.standard) => {
    const res = await call(sandbox, "GET", `/sets/candidates?${query}`, { key });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return { rows: schemas.candidates.parse(res.json), total: Number(res.headers.get("X-Total-Count")) };
  };

  it("near a point: only eligible candidates within radius_km (default 5), nearest first, with distance_km", async () => {
    const [{ latitude, longitude }] = rows<{ latitude: number; longitude: number }>(
      sandbox,
      `SELECT latitude, longitude FROM markets WHERE id = 'mkt_austin'`,
    ) as [{ latitude: number; longitude: number }];
    const want = expectedNear(latitude, longitude, 5);
    const { rows: page, total } = await candidates(
      `latitude=${latitude}&longitude=${longitude}&per_page=100`,
    );
    expect(total).toBe(want.length);
    expect(page.map((c) => c.listing_id)).toEqual(want.slice(0, 100).map((c) => c.id));
    page.forEach((c, i) => {
      expect(c.distance_km).toBeCloseTo(want[i]!.km, 2);
      expect(c.status).toBeNull();
    });
    const ineligible = new Set(
      rows<{ listing_id: string }>(sandbox, `SELECT listing_id FROM market_listings WHERE eligible = 0`).map(
        (r) => r.listing_id,
      ),
    );
    expect(page.some((c) => ineligible.has(c.listing_id))).toBe(false);
    // Metrics come from the stored candidate row.
    const [stored] = rows<{ metrics: string }>(
      sandbox,
      `SELECT metrics FROM market_listings WHERE listing_id = ?`,
      page[0]!.listing_id,
    );
    expect(page[0]).toMatchObject(JSON.parse(stored!.metrics));
    const wide = await candidates(
      `latitude=${latitude}&longitude=${longitude}&radius_km=12&bedrooms=2&page=2&per_page=10`,
    );
    const wantWide = expectedNear(latitude, longitude, 12, 2);
    expect(wide.total).toBe(wantWide.length);
    expect(wide.rows.map((c) => c.listing_id)).toEqual(wantWide.slice(10, 20).map((c) => c.id));
    expect(wide.rows.every((c) => c.bedrooms === 2)).toBe(true);
  });

  it("near one of the caller's listings by listing_id and channel (the channel rule applies)", async () => {
    const [own] = rows<{
      svc_id: string;
      channel: string;
      channel_listing_id: string;
      latitude: number;
      longitude: number;
    }>(sandbox, `SELECT * FROM listings WHERE owner_user_id = ? LIMIT 1`, p.owner.user_id);
    const want = expectedNear(own!.latitude, own!.longitude, 3).map((c) => c.id);
    const bySvc = await candidates(`listing_id=${own!.svc_id}&channel=svc&radius_km=3&per_page=100`);
    const byChannel = await candidates(
      `listing_id=${own!.channel_listing_id}&channel=${own!.channel}&radius_km=3&per_page=100`,
    );
    expect(bySvc.total).toBe(want.length);
    expect(bySvc.rows.map((c) => c.listing_id)).toEqual(want.slice(0, 100));
    expect(byChannel.rows).toEqual(bySvc.rows);
    // Someone else's listing: 403 by channel id, 404 under svc.
    const outsider = p.outsider.keys.standard;
    expectError(
      await call(sandbox, "GET", `/sets/candidates?listing_id=${own!.svc_id}&channel=svc`, { key: outsider }),
      404,
    );
    expectError(
      await call(
        sandbox,
        "GET",
        `/sets/candidates?listing_id=${own!.channel_listing_id}&channel=${own!.channel}`,
        { key: outsider },
      ),
      403,
    );
  });

  it("bad input: no location, half a point, listing_id without channel, radius over 50 answer 400", async () => {
    const key = p.owner.keys.standard;
    const cases: Array<[string, string, string]> = [
      ["", "invalid_query", "latitude"],
      ["latitude=30", "invalid_query", "longitude"],
      ["listing_id=1000001", "channel_required", "channel"],
      ["latitude=30&longitude=-97&radius_km=51", "invalid_query", "radius_km"],
      ["latitude=30&longitude=-97&listing_id=1000001&channel=svc", "invalid_query", "listing_id"],
      ["latitude=91&longitude=-97", "invalid_query", "latitude"],
    ];
    for (const [query, code, field] of cases) {
      const error = expectError(await call(sandbox, "GET", `/sets/candidates?${query}`, { key }), 400, code);
      expect(
        error.details?.fields.map((f: { field: string }) => f.field),
        query,
      ).toContain(field);
    }
  });
});
