import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import { activeListing, named, pending, postingListing, staleNights, subscribe } from "./events-support";
import { SYNC_DAILY_LIMIT } from "./routes/listing-sync";
import { call, expectError, makeSandbox, personaKeys, reset, rows, type Personas } from "./test-support";

// docs/interface-decisions.md §3: POST /listings/{id}/sync answers 202 {queued_at}; Free tier 403
// plan_required; 60 s debounce (429 sync_debounced); daily cap (429 sync_daily_limit). The
// debounce and the cap follow the service clock.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});
beforeEach(() => reset(sandbox));

const sync = (listingId: string, key = p.owner.keys.standard, channel = "svc") =>
  call(sandbox, "POST", `/listings/${listingId}/sync?channel=${channel}`, { key });
const advance = async (seconds: number) => {
  const res = await call(sandbox, "POST", "/_sandbox/clock", { body: { advance_seconds: seconds } });
  expect(res.status).toBe(200);
};
const DAY_MS = 86_400_000;
const msToMidnight = () => DAY_MS - (sandbox.ctx.clock.nowMs() % DAY_MS);
const retryAfter = (res: { headers: Headers }) => Number(res.headers.get("retry-after"));
const paid = () => postingListing(sandbox, p.owner.user_id);

describe("POST /listings/{listing_id}/sync", () => {
  it("answers 202 {queued_at} at the service clock and posts the latest recommendations", async () => {
    await advance(3600);
    const listing = paid();
    sandbox.ctx.db
      .prepare(`UPDATE calendar_nights SET price = price + 1 WHERE listing_svc_id = ? AND date >= ?`)
      .run(listing.svc_id, sandbox.ctx.clock.today());
    expect(staleNights(sandbox, listing.svc_id)).toBeGreaterThan(0);
    const res = await sync(listing.svc_id);
    expect(res.status).toBe(202);
    expect(Object.keys(res.json)).toEqual(["queued_at"]);
    expect(res.json.queued_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Math.abs(Date.parse(res.json.queued_at) - sandbox.ctx.clock.nowMs())).toBeLessThan(5000);
    expect(staleNights(sandbox, listing.svc_id)).toBe(0);
  });

  it("emits recommendations.updated for that listing only; a refused sync emits nothing", async () => {
    const listing = paid();
    const sub = subscribe(sandbox, p.owner.user_id, ["recommendations.updated", "reservations.ingested"]);
    expect((await sync(listing.svc_id)).status).toBe(202);
    expect(pending(sandbox, sub)).toEqual([
      expect.objectContaining({
        event_type: "recommendations.updated",
        listing_svc_id: listing.svc_id,
        market_id: listing.market_id,
      }),
    ]);
    sandbox.ctx.db.prepare(`DELETE FROM webhook_pending`).run();
    expectError(await sync(listing.svc_id), 429, "sync_debounced");
    expect(named(sandbox, sub, "recommendations.updated")).toEqual([]);
  });

  it("a Free pricing tier listing gets 403 plan_required", async () => {
    const free = activeListing(sandbox, p.owner.user_id, `pricing_tier = 'Free'`);
    const error = expectError(await sync(free.svc_id), 403, "plan_required");
    expect(error.message).toMatch(/paid plan/i);
  });

  it("a second sync within 60 s gets 429 sync_debounced with Retry-After; after 61 s it succeeds", async () => {
    const listing = paid();
    expect((await sync(listing.svc_id)).status).toBe(202);
    await advance(20);
    const res = await sync(listing.svc_id);
    const error = expectError(res, 429, "sync_debounced");
    expect(retryAfter(res)).toBeGreaterThan(0);
    expect(retryAfter(res)).toBeLessThanOrEqual(60);
    expect(retryAfter(res)).toBeGreaterThanOrEqual(39);
    expect(error.details?.retry_after).toBe(retryAfter(res));
    // The same listing by its channel id is the same listing.
    const [row] = rows<{ channel: string; channel_listing_id: string }>(
      sandbox,
      `SELECT channel, channel_listing_id FROM listings WHERE svc_id = ?`,
      listing.svc_id,
    );
    expectError(await sync(row!.channel_listing_id, undefined, row!.channel), 429, "sync_debounced");
    // Another listing is not debounced.
    const other = rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ? AND pricing_tier != 'Free' AND svc_id != ?`,
      p.owner.user_id,
      listing.svc_id,
    )[0]!;
    expect((await sync(other.svc_id)).status).toBe(202);
    await advance(41);
    expect((await sync(listing.svc_id)).status).toBe(202);
  });

  it(`the ${SYNC_DAILY_LIMIT + 1}st sync of a UTC day gets 429 sync_daily_limit until midnight`, async () => {
    // Start just after a UTC midnight so the day cannot turn during the test.
    await advance(Math.ceil(msToMidnight() / 1000) + 10);
    const listing = paid();
    for (let i = 0; i < SYNC_DAILY_LIMIT; i++) {
      expect((await sync(listing.svc_id)).status, `sync ${i + 1}`).toBe(202);
      await advance(61);
    }
    const res = await sync(listing.svc_id);
    const error = expectError(res, 429, "sync_daily_limit");
    const expected = Math.ceil(msToMidnight() / 1000);
    expect(Math.abs(retryAfter(res) - expected)).toBeLessThanOrEqual(5);
    expect(error.details?.retry_after).toBe(retryAfter(res));
    // Refusals are not syncs: still refused a minute later, and the next day it succeeds.
    await advance(61);
    expectError(await sync(listing.svc_id), 429, "sync_daily_limit");
    await advance(retryAfter(res));
    expect((await sync(listing.svc_id)).status).toBe(202);
  });

  it("a read-only key gets 403 read_only_key", async () => {
    expectError(await sync(paid().svc_id, p.owner.keys.read_only!), 403, "read_only_key");
  });

  it("viewers get 403; editors, restricted editors and managers of the listing may sync", async () => {
    const listing = paid();
    expectError(await sync(listing.svc_id, p.viewer.keys.standard), 403, "forbidden");
    for (const persona of ["editor", "restricted_editor", "manager"] as const) {
      expect((await sync(listing.svc_id, p[persona].keys.standard)).status, persona).toBe(202);
      await advance(61);
    }
  });

  it("an inaccessible listing: 404 under channel=svc, 403 by channel id; no channel: 400", async () => {
    const listing = paid();
    expectError(await sync(listing.svc_id, p.outsider.keys.standard), 404, "listing_not_found");
    const [row] = rows<{ channel: string; channel_listing_id: string }>(
      sandbox,
      `SELECT channel, channel_listing_id FROM listings WHERE svc_id = ?`,
      listing.svc_id,
    );
    expectError(
      await sync(row!.channel_listing_id, p.outsider.keys.standard, row!.channel),
      403,
      "forbidden",
    );
    expectError(
      await call(sandbox, "POST", `/listings/${listing.svc_id}/sync`, { key: p.owner.keys.standard }),
      400,
      "channel_required",
    );
  });
});
