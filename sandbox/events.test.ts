import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import {
  ALL_EVENT_TYPES,
  accessible,
  activeListing,
  clearPending,
  countPending,
  endedStay,
  marketListings,
  named,
  nightsHeld,
  pending,
  postingListing,
  reservationRow as rowOf,
  simulate,
  staleNights,
  subscribe,
} from "./events-support";
import { call, makeSandbox, personaKeys, reset, rows, type Personas } from "./test-support";

// docs/interface.md, Events: each event fires, and does not fire, exactly as the table says. The
// delivery engine batches webhook_pending rows; these tests read the rows recordEvent writes.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});
beforeEach(() => reset(sandbox));

const today = () => sandbox.ctx.clock.today();
const ownerListing = (where?: string) => activeListing(sandbox, p.owner.user_id, where);
const reservationRow = (id: string) => rowOf(sandbox, id);
const simulateRaw = (body: unknown) => call(sandbox, "POST", "/_sandbox/simulate", { body });

describe("recommendations.updated", () => {
  it("a market's pricing run names every active listing of the market, even unchanged, with market_id, and no inactive one", async () => {
    const [market] = rows<{ market_id: string }>(
      sandbox,
      `SELECT market_id FROM listings WHERE owner_user_id = ? AND is_active = 0 ORDER BY market_id`,
      p.owner.user_id,
    );
    const active = marketListings(sandbox, market!.market_id, true);
    const inactive = marketListings(sandbox, market!.market_id, false);
    expect(inactive.length).toBeGreaterThan(0);
    // One listing with no open future night: the run cannot change its recommendations.
    const unchanged = active[0]!;
    sandbox.ctx.db
      .prepare(`UPDATE calendar_nights SET available = 0 WHERE listing_svc_id = ? AND date >= ?`)
      .run(unchanged, today());
    const before = rows(sandbox, `SELECT * FROM calendar_nights WHERE listing_svc_id = ?`, unchanged);
    const sub = subscribe(sandbox, p.owner.user_id, ["recommendations.updated"]);

    const res = await simulate(sandbox, { event: "pricing_run", market_id: market!.market_id });
    expect(rows(sandbox, `SELECT * FROM calendar_nights WHERE listing_svc_id = ?`, unchanged)).toEqual(
      before,
    );
    const mine = active.filter((id) => accessible(sandbox, p.owner.user_id).has(id));
    expect(named(sandbox, sub, "recommendations.updated")).toEqual(mine);
    expect(mine).toContain(unchanged);
    expect(res.json.listing_ids).toEqual(active);
    for (const id of inactive) expect(res.json.listing_ids).not.toContain(id);
    expect(pending(sandbox, sub).every((r) => r.market_id === market!.market_id)).toBe(true);
    expect(res.json).toMatchObject({ emitted: "recommendations.updated", events_recorded: mine.length });
  });

  it.each(["automatic", "app"] as const)(
    "rates posted by %s posting name only that listing, with its own market_id",
    async (source) => {
      const listing = postingListing(sandbox, p.owner.user_id);
      const sub = subscribe(sandbox, p.owner.user_id, ["recommendations.updated"]);
      const res = await simulate(sandbox, { event: "rates_posted", listing_id: listing.svc_id, source });
      expect(res.json).toMatchObject({ listing_ids: [listing.svc_id], events_recorded: 1 });
      expect(pending(sandbox, sub)).toEqual([
        expect.objectContaining({
          event_type: "recommendations.updated",
          listing_svc_id: listing.svc_id,
          market_id: listing.market_id,
        }),
      ]);
      expect(staleNights(sandbox, listing.svc_id)).toBe(0);
    },
  );

  it("rates posted by POST /listings/{id}/sync name only that listing", async () => {
    const listing = postingListing(sandbox, p.owner.user_id);
    const sub = subscribe(sandbox, p.owner.user_id, ["recommendations.updated"]);
    const res = await call(sandbox, "POST", `/listings/${listing.svc_id}/sync?channel=svc`, {
      key: p.owner.keys.standard,
    });
    expect(res.status).toBe(202);
    expect(named(sandbox, sub, "recommendations.updated")).toEqual([listing.svc_id]);
  });

  it("automatic posting does not happen where pricing_enabled is off: 409 and nothing fires", async () => {
    const listing = ownerListing(`json_extract(preferences, '$.pricing_enabled') = 0`);
    subscribe(sandbox, p.owner.user_id, ["recommendations.updated"]);
    const res = await simulateRaw({ event: "rates_posted", listing_id: listing.svc_id, source: "automatic" });
    expect(res.status).toBe(409);
    expect(countPending(sandbox)).toBe(0);
  });

  it("a listing's settings change fires nothing; the event follows when rates are next posted", async () => {
    const listing = postingListing(sandbox, p.owner.user_id);
    const sub = subscribe(sandbox, p.owner.user_id, ALL_EVENT_TYPES);
    const path = `/listings/${listing.svc_id}/tags?channel=svc`;
    expect(
      (await call(sandbox, "PUT", path, { key: p.owner.keys.standard, body: { tags: ["x"] } })).status,
    ).toBe(200);
    expect(countPending(sandbox)).toBe(0);
    await simulate(sandbox, { event: "rates_posted", listing_id: listing.svc_id, source: "app" });
    expect(named(sandbox, sub, "recommendations.updated")).toEqual([listing.svc_id]);
  });
});

describe("reservations.ingested", () => {
  const reservationEvent = (listingId: string, action: string, reservationId?: string) =>
    simulate(sandbox, { event: "reservation", listing_id: listingId, action, reservation_id: reservationId });

  it("a reservation that was not held before fires for that listing", async () => {
    const listing = ownerListing();
    const sub = subscribe(sandbox, p.owner.user_id, ["reservations.ingested"]);
    const res = await reservationEvent(listing.svc_id, "new");
    expect(res.json).toMatchObject({ changed: true, emitted: "reservations.ingested", events_recorded: 1 });
    expect(reservationRow(res.json.reservation_id)).toMatchObject({ status: "Accepted", canceled_at: null });
    expect(pending(sandbox, sub)).toEqual([
      expect.objectContaining({
        event_type: "reservations.ingested",
        listing_svc_id: listing.svc_id,
        market_id: "",
      }),
    ]);
  });

  it.each(["amend", "cancel", "remove"] as const)(
    "a reservation %s fires for that listing",
    async (action) => {
      const listing = ownerListing();
      const id = (await reservationEvent(listing.svc_id, "new")).json.reservation_id as string;
      const sub = subscribe(sandbox, p.owner.user_id, ["reservations.ingested"]);
      const before = reservationRow(id)!;

      const res = await reservationEvent(listing.svc_id, action, id);
      expect(res.json).toMatchObject({ changed: true, emitted: "reservations.ingested", events_recorded: 1 });
      expect(named(sandbox, sub, "reservations.ingested")).toEqual([listing.svc_id]);
      const after = reservationRow(id);
      if (action === "amend") {
        expect(after!.guests).toBe(before.guests! + 1);
        expect(after!.total_price).toBeGreaterThan(before.total_price!);
      }
      if (action === "cancel")
        expect(after).toMatchObject({ status: "Canceled", canceled_at: expect.any(String) });
      if (action === "remove") expect(after).toBeUndefined();
      if (action !== "amend") expect(nightsHeld(sandbox, id)).toBe(0);
    },
  );

  it("a reservation disappearing whose stay ended within the last month fires and becomes Canceled", async () => {
    const sub = subscribe(sandbox, p.owner.user_id, ["reservations.ingested"]);
    const held = endedStay(sandbox, p.owner.user_id, 15, 5);
    const res = await reservationEvent(held.listing_svc_id, "disappear", held.reservation_id);
    expect(res.json).toMatchObject({ changed: true, events_recorded: 1 });
    expect(named(sandbox, sub, "reservations.ingested")).toEqual([held.listing_svc_id]);
    expect(reservationRow(held.reservation_id)).toMatchObject({
      status: "Canceled",
      canceled_at: expect.any(String),
    });
  });

  it("an upcoming reservation disappearing fires too (it is inside the horizon)", async () => {
    const listing = ownerListing();
    const id = (await reservationEvent(listing.svc_id, "new")).json.reservation_id as string;
    const sub = subscribe(sandbox, p.owner.user_id, ["reservations.ingested"]);
    expect((await reservationEvent(listing.svc_id, "disappear", id)).json.changed).toBe(true);
    expect(named(sandbox, sub, "reservations.ingested")).toEqual([listing.svc_id]);
    expect(reservationRow(id)!.status).toBe("Canceled");
  });

  it("a reservation disappearing whose stay ended before the last month changes nothing and fires nothing", async () => {
    const sub = subscribe(sandbox, p.owner.user_id, ["reservations.ingested"]);
    const held = endedStay(sandbox, p.owner.user_id, 70, 50);
    const before = reservationRow(held.reservation_id);
    const res = await reservationEvent(held.listing_svc_id, "disappear", held.reservation_id);
    expect(res.json).toMatchObject({ changed: false, emitted: null, events_recorded: 0 });
    expect(reservationRow(held.reservation_id)).toEqual(before);
    expect(before!.status).toBe("Accepted");
    expect(pending(sandbox, sub)).toEqual([]);
  });

  it("a sync re-reading an unchanged reservation fires nothing; nor does a cancellation read again", async () => {
    const listing = ownerListing();
    const id = (await reservationEvent(listing.svc_id, "new")).json.reservation_id as string;
    const sub = subscribe(sandbox, p.owner.user_id, ["reservations.ingested"]);
    const standing = reservationRow(id);
    expect((await reservationEvent(listing.svc_id, "reread", id)).json).toMatchObject({
      changed: false,
      events_recorded: 0,
    });
    expect(reservationRow(id)).toEqual(standing);
    await reservationEvent(listing.svc_id, "cancel", id);
    clearPending(sandbox);
    const canceled = reservationRow(id);
    for (const action of ["reread", "cancel", "disappear"]) {
      const res = await reservationEvent(listing.svc_id, action, id);
      expect(res.json, action).toMatchObject({ changed: false, events_recorded: 0 });
    }
    expect(reservationRow(id)).toEqual(canceled);
    expect(pending(sandbox, sub)).toEqual([]);
  });

  it("an unknown reservation_id for the listing answers 404", async () => {
    const listing = ownerListing();
    const res = await simulateRaw({
      event: "reservation",
      listing_id: listing.svc_id,
      action: "reread",
      reservation_id: "NOPE",
    });
    expect(res.status).toBe(404);
  });
});

describe("flags.detected", () => {
  it("fires when a listing gains a flag, not for a flag still open, not when cleared, and again once regained", async () => {
    const listing = ownerListing();
    const sub = subscribe(sandbox, p.owner.user_id, ["flags.detected"]);
    const flag = { listing_id: listing.svc_id, code: "price_below_minimum" };
    const step = async (event: string) => {
      clearPending(sandbox);
      const res = await simulate(sandbox, { event, ...flag });
      return { res: res.json, named: named(sandbox, sub, "flags.detected") };
    };
    expect(await step("flag")).toMatchObject({
      res: { gained: true, events_recorded: 1 },
      named: [listing.svc_id],
    });
    expect(await step("flag")).toMatchObject({ res: { gained: false, events_recorded: 0 }, named: [] });
    expect(await step("flag_cleared")).toMatchObject({
      res: { cleared: true, events_recorded: 0 },
      named: [],
    });
    const [cleared] = rows<{ cleared_at: string | null }>(
      sandbox,
      `SELECT cleared_at FROM listing_flags WHERE listing_svc_id = ? AND code = ?`,
      flag.listing_id,
      flag.code,
    );
    expect(cleared!.cleared_at).toEqual(expect.any(String));
    expect(await step("flag")).toMatchObject({
      res: { gained: true, events_recorded: 1 },
      named: [listing.svc_id],
    });
  });
});

describe("who a subscription covers", () => {
  it("a subscription covers owned and managed listings; each names only listings its subscriber can access", async () => {
    const listing = ownerListing();
    const types = ["recommendations.updated", "reservations.ingested"] as const;
    const subs = Object.fromEntries(
      (["owner", "editor", "outsider"] as const).map((name) => [
        name,
        subscribe(sandbox, p[name].user_id, [...types]),
      ]),
    );
    await simulate(sandbox, { event: "pricing_run", market_id: listing.market_id });
    await simulate(sandbox, { event: "reservation", listing_id: listing.svc_id, action: "new" });
    const ownerActive = marketListings(sandbox, listing.market_id, true).filter((id) =>
      accessible(sandbox, p.owner.user_id).has(id),
    );
    for (const name of ["owner", "editor"] as const) {
      const recs = named(sandbox, subs[name]!, "recommendations.updated");
      expect(recs, name).toEqual(expect.arrayContaining(ownerActive));
      expect(named(sandbox, subs[name]!, "reservations.ingested"), name).toEqual([listing.svc_id]);
    }
    const owned = new Set(ownerActive);
    expect(pending(sandbox, subs.outsider!).filter((r) => owned.has(r.listing_svc_id))).toEqual([]);
    // The outsider's subscription works: its own listing's reservation reaches it.
    const theirs = activeListing(sandbox, p.outsider.user_id);
    await simulate(sandbox, { event: "reservation", listing_id: theirs.svc_id, action: "new" });
    expect(named(sandbox, subs.outsider!, "reservations.ingested")).toEqual([theirs.svc_id]);
    for (const name of ["owner", "editor", "outsider"] as const) {
      const reach = accessible(sandbox, p[name].user_id);
      expect(
        pending(sandbox, subs[name]!).every((r) => reach.has(r.listing_svc_id)),
        name,
      ).toBe(true);
    }
  });

  it("a subscription without the event type, or a disabled one, gets nothing", async () => {
    const listing = ownerListing();
    const otherType = subscribe(sandbox, p.owner.user_id, ["flags.detected"]);
    const disabled = subscribe(sandbox, p.owner.user_id, ALL_EVENT_TYPES, "disabled");
    await simulate(sandbox, { event: "pricing_run", market_id: listing.market_id });
    await simulate(sandbox, { event: "reservation", listing_id: listing.svc_id, action: "new" });
    expect(pending(sandbox, otherType)).toEqual([]);
    expect(pending(sandbox, disabled)).toEqual([]);
  });

  it("reservations.ingested and flags.detected name only the listing whose own data changed", async () => {
    const listing = ownerListing();
    const sub = subscribe(sandbox, p.owner.user_id, ["reservations.ingested", "flags.detected"]);
    await simulate(sandbox, { event: "reservation", listing_id: listing.svc_id, action: "new" });
    await simulate(sandbox, { event: "flag", listing_id: listing.svc_id, code: "low_occupancy" });
    expect(pending(sandbox, sub).map((r) => [r.event_type, r.listing_svc_id])).toEqual([
      ["flags.detected", listing.svc_id],
      ["reservations.ingested", listing.svc_id],
    ]);
  });
});
