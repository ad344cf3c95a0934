import { describe, it, expect, beforeAll, beforeEach } from "vitest";
import type { Sandbox } from "./app";
import {
  allListings,
  call,
  expectError,
  makeSandbox,
  personaKeys,
  reset,
  rows,
  type Persona,
  type Personas,
} from "./test-support";

let sandbox: Sandbox;
let p: Personas;

// Personas, reset and clock tests leave no data behind (the reset tests reset themselves);
// simulate tests change data, so they start from the seeded state.
beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const simulate = (body: unknown) => call(sandbox, "POST", "/_sandbox/simulate", { body });

const PERSONA_NAMES = [
  "owner",
  "manager",
  "editor",
  "restricted_editor",
  "viewer",
  "outsider",
  "portfolio_manager",
];

describe("personas", () => {
  it("GET /_sandbox/personas lists the seven personas with user ids, emails and keys", async () => {
    const res = await call<Persona[]>(sandbox, "GET", "/_sandbox/personas");
    expect(res.status).toBe(200);
    expect(res.json.map((x) => x.persona)).toEqual(PERSONA_NAMES);
    for (const persona of res.json) {
      expect(persona.user_id).toMatch(/^usr_/);
      expect(persona.email).toContain("@");
      expect(persona.keys.standard, persona.persona).toEqual(expect.any(String));
      // Their first call writes 1,500 listings: data/seed-portfolio-manager.test.ts makes it.
      if (persona.persona === "portfolio_manager") continue;
      const me = await call(sandbox, "GET", "/listings?include_managed_listings=false", {
        key: persona.keys.standard,
      });
      expect(me.status).toBe(200);
      expect(me.json.every((l: { owner_user: { id: string } }) => l.owner_user.id === persona.user_id)).toBe(
        true,
      );
    }
    expect(new Set(res.json.map((x) => x.user_id)).size).toBe(7);
  });

  it("owner holds standard, read_only and channel_integration keys", async () => {
    expect(Object.keys(p.owner.keys).sort()).toEqual(["channel_integration", "read_only", "standard"]);
    for (const [kind, key] of Object.entries(p.owner.keys)) {
      const stored = rows<{ kind: string; user_id: string }>(
        sandbox,
        "SELECT kind, user_id FROM api_keys WHERE demo_key = ?",
        key,
      );
      expect(stored).toEqual([{ kind, user_id: p.owner.user_id }]);
    }
  });
});

describe("reset and seed", () => {
  it("POST /_sandbox/reset restores changed tags", async () => {
    const key = p.owner.keys.standard;
    const [listing] = await allListings(sandbox, key, "include_managed_listings=false");
    const path = `/listings/${listing!.svc_id}/tags?channel=svc`;
    const before = (await call(sandbox, "GET", path, { key })).json.tags;
    expect((await call(sandbox, "PUT", path, { key, body: { tags: ["changed-by-test"] } })).status).toBe(200);
    expect((await call(sandbox, "GET", path, { key })).json.tags).toEqual(["changed-by-test"]);
    await reset(sandbox);
    expect((await call(sandbox, "GET", path, { key })).json.tags).toEqual(before);
  });

  it("POST /_sandbox/reset removes a created API key", async () => {
    const key = p.owner.keys.standard;
    const created = await call(sandbox, "POST", "/api_keys", { key, body: { name: "temporary" } });
    expect(created.status).toBe(201);
    await reset(sandbox);
    const keys = (await call(sandbox, "GET", "/api_keys", { key })).json as Array<{ token_id: string }>;
    expect(keys.some((k) => k.token_id === created.json.token_id)).toBe(false);
    expectError(await call(sandbox, "GET", "/listings", { key: created.json.key }), 401);
  });

  it("the same seed gives the same data", async () => {
    // Two fresh sandboxes, so a clock moved by another test cannot change the seeded day.
    const [a, b] = [makeSandbox({ seed: "same-seed" }), makeSandbox({ seed: "same-seed" })];
    try {
      const [pa, pb] = [await personaKeys(a), await personaKeys(b)];
      expect(pb).toEqual(pa);
      const listA = await call(a, "GET", "/listings?per_page=100", { key: pa.owner.keys.standard });
      const listB = await call(b, "GET", "/listings?per_page=100", { key: pb.owner.keys.standard });
      expect(listA.status).toBe(200);
      expect(listA.json.length).toBeGreaterThan(0);
      expect(listB.json).toEqual(listA.json);
    } finally {
      a.close();
      b.close();
    }
  });
});

describe("clock", () => {
  it("GET /_sandbox/clock answers now and POST advance moves it", async () => {
    const first = await call(sandbox, "GET", "/_sandbox/clock");
    expect(first.status).toBe(200);
    expect(first.json.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const advanced = await call(sandbox, "POST", "/_sandbox/clock", { body: { advance_seconds: 3600 } });
    expect(advanced.status).toBe(200);
    const moved = (Date.parse(advanced.json.now) - Date.parse(first.json.now)) / 1000;
    expect(moved).toBeGreaterThanOrEqual(3599);
    expect(moved).toBeLessThan(3615);
    const after = await call(sandbox, "GET", "/_sandbox/clock");
    expect(Date.parse(after.json.now)).toBeGreaterThanOrEqual(Date.parse(advanced.json.now));
  });

  it("an invalid clock body gets 400 with the error body", async () => {
    expectError(await call(sandbox, "POST", "/_sandbox/clock", { body: { advance_seconds: -5 } }), 400);
  });
});

describe("simulate", () => {
  beforeEach(() => reset(sandbox));

  const activeOwnerListing = async () =>
    (
      await allListings(
        sandbox,
        p.owner.keys.standard,
        "include_managed_listings=false&exclude_inactive=true",
      )
    )[0]!;

  it("reservation new adds a reservation", async () => {
    const listing = await activeOwnerListing();
    const count = () =>
      rows<{ n: number }>(
        sandbox,
        "SELECT COUNT(*) AS n FROM reservations WHERE listing_svc_id = ?",
        listing.svc_id,
      )[0]!.n;
    const before = count();
    const res = await simulate({ event: "reservation", listing_id: listing.svc_id, action: "new" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ event: "reservation", action: "new", listing_ids: [listing.svc_id] });
    expect(count()).toBe(before + 1);
    const [row] = rows<{ status: string; listing_svc_id: string; canceled_at: string | null }>(
      sandbox,
      "SELECT status, listing_svc_id, canceled_at FROM reservations WHERE reservation_id = ?",
      res.json.reservation_id,
    );
    expect(row).toEqual({ status: "Accepted", listing_svc_id: listing.svc_id, canceled_at: null });
  });

  it("reservation cancel sets status Canceled with canceled_at", async () => {
    const listing = await activeOwnerListing();
    expect((await simulate({ event: "reservation", listing_id: listing.svc_id, action: "new" })).status).toBe(
      200,
    );
    const res = await simulate({ event: "reservation", listing_id: listing.svc_id, action: "cancel" });
    expect(res.status).toBe(200);
    const [row] = rows<{ status: string; canceled_at: string | null }>(
      sandbox,
      "SELECT status, canceled_at FROM reservations WHERE reservation_id = ?",
      res.json.reservation_id,
    );
    expect(row!.status).toBe("Canceled");
    expect(row!.canceled_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("pricing_run names every active listing of the market", async () => {
    const listing = await activeOwnerListing();
    const res = await simulate({ event: "pricing_run", market_id: listing.market_id });
    expect(res.status).toBe(200);
    const expected = rows<{ svc_id: string }>(
      sandbox,
      "SELECT svc_id FROM listings WHERE market_id = ? AND is_active = 1",
      listing.market_id,
    ).map((r) => r.svc_id);
    expect([...res.json.listing_ids].sort()).toEqual(expected.sort());
    const inactive = rows<{ svc_id: string }>(
      sandbox,
      "SELECT svc_id FROM listings WHERE market_id = ? AND is_active = 0",
      listing.market_id,
    );
    for (const { svc_id } of inactive) expect(res.json.listing_ids).not.toContain(svc_id);
    expect(res.json.market_id).toBe(listing.market_id);
  });

  it("every pricing_run, the first after a reset included, moves the market's open recommendations", async () => {
    const listing = await activeOwnerListing();
    const recommendations = () =>
      rows<{ date: string; recommended_price: number }>(
        sandbox,
        "SELECT date, recommended_price FROM calendar_nights WHERE listing_svc_id = ? AND available = 1 ORDER BY date",
        listing.svc_id,
      );
    for (let run = 1; run <= 4; run += 1) {
      const before = recommendations();
      expect((await simulate({ event: "pricing_run", market_id: listing.market_id })).status).toBe(200);
      const after = recommendations();
      const moved = after.filter((night, i) => night.recommended_price !== before[i]!.recommended_price);
      expect(moved.length, `run ${run}`).toBeGreaterThan(0);
    }
  });

  it("flag inserts into listing_flags once while uncleared", async () => {
    const listing = await activeOwnerListing();
    const body = { event: "flag", listing_id: listing.svc_id, code: "test_condition" };
    const flags = () =>
      rows(
        sandbox,
        "SELECT * FROM listing_flags WHERE listing_svc_id = ? AND code = 'test_condition'",
        listing.svc_id,
      );
    expect(flags()).toHaveLength(0);
    const first = await simulate(body);
    expect(first.status).toBe(200);
    expect(first.json.gained).toBe(true);
    expect(flags()).toHaveLength(1);
    const second = await simulate(body);
    expect(second.status).toBe(200);
    expect(second.json.gained).toBe(false);
    expect(flags()).toHaveLength(1);
  });

  it("set_sync on the filter-based set restores a removed matching member as suggested", async () => {
    // Black-box on the filters' shape: emptying the set and syncing yields exactly the
    // listings its filters match; one of those, removed again, must come back.
    const [set] = rows<{ id: string }>(
      sandbox,
      "SELECT id FROM sets WHERE owner_user_id = ? AND membership = 'filter'",
      p.owner.user_id,
    );
    expect(set, "the owner holds a filter-based set").toBeDefined();
    const statuses = () =>
      new Map(
        rows<{ listing_id: string; status: string }>(
          sandbox,
          "SELECT listing_id, status FROM set_members WHERE set_id = ?",
          set!.id,
        ).map((r) => [r.listing_id, r.status]),
      );
    const seeded = statuses();
    expect(seeded.size).toBeGreaterThan(0);
    sandbox.ctx.db.prepare("DELETE FROM set_members WHERE set_id = ?").run(set!.id);

    const refill = await simulate({ event: "set_sync", set_id: set!.id });
    expect(refill.status).toBe(200);
    const matching = refill.json.added as string[];
    expect(matching.length, "the set's filters match eligible candidates").toBeGreaterThan(0);
    expect(
      matching.some((id) => seeded.has(id)),
      "a seeded member matches the filters",
    ).toBe(true);
    const eligibility = rows<{ listing_id: string; eligible: number }>(
      sandbox,
      `SELECT listing_id, eligible FROM market_listings WHERE listing_id IN (${matching.map(() => "?").join(",")})`,
      ...matching,
    );
    expect(eligibility).toHaveLength(matching.length);
    expect(eligibility.every((r) => r.eligible === 1)).toBe(true);
    expect([...statuses().values()].every((status) => status === "suggested")).toBe(true);

    const removed = matching.find((id) => seeded.has(id))!;
    sandbox.ctx.db
      .prepare("DELETE FROM set_members WHERE set_id = ? AND listing_id = ?")
      .run(set!.id, removed);
    const res = await simulate({ event: "set_sync", set_id: set!.id });
    expect(res.status).toBe(200);
    expect(res.json.added).toEqual([removed]);
    expect(statuses().get(removed)).toBe("suggested");
    expect((await simulate({ event: "set_sync", set_id: set!.id })).json.added).toEqual([]);
  });

  it("an invalid simulate body gets 400 with the error body", async () => {
    expectError(await simulate({ event: "earthquake" }), 400);
    expectError(await simulate({ event: "reservation", listing_id: "1", action: "explode" }), 400);
    expectError(
      await call(sandbox, "POST", "/_sandbox/simulate", {
        body: "{nope",
        headers: { "Content-Type": "application/json" },
      }),
      400,
      "malformed_json",
    );
  });
});
