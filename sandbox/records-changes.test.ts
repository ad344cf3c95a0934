import { beforeAll, describe, expect, it } from "vitest";
import { recentChanges } from "../lib/svc/schemas/listing-extras";
import type { Sandbox } from "./app";
import { simulate } from "./events-support";
import {
  changelogSince,
  dayFrom,
  lastChangelogSeq,
  listingWithoutRates,
  nowIso,
  ownedListings,
  servicePricesFromDb,
  type ListingPick,
} from "./records-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Recent changes (contract-decisions-listings): stay dates whose service price changed since
// `since` (default 7 days before now), newest change first, with cause. And the listing
// changelog's writers: postings, syncs and reservation imports.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

type Change = {
  date: string;
  changed_at: string;
  previous_price: number | null;
  new_price: number;
  cause: string;
};

const recent = (listing: ListingPick, query = "", key = p.owner.keys.standard) =>
  call(sandbox, "GET", `/listings/${listing.svc_id}/recent_changes?channel=svc${query}`, { key });
const changesAfter = (svcId: string, afterSeq: number) =>
  rows<Change>(
    sandbox,
    `SELECT date, changed_at, previous_price, new_price, cause FROM price_changes WHERE listing_svc_id = ? AND seq > ? ORDER BY date`,
    svcId,
    afterSeq,
  );
const lastPriceSeq = () => rows<{ s: number }>(sandbox, `SELECT MAX(seq) AS s FROM price_changes`)[0]!.s;

/** Nights whose price differs between two snapshots, as [date, before, after]. */
const moved = (before: Map<string, number>, after: Map<string, number>) =>
  [...after]
    .filter(([date, price]) => before.get(date) !== price)
    .map(([date, price]) => [date, before.get(date), price]);

describe("GET /listings/{listing_id}/recent_changes", () => {
  it("rule: the seeded week agrees with the calendar: each date's newest change ends at its current price and older ones chain", async () => {
    const listings = ownedListings(sandbox, p.owner.user_id).slice(0, 12);
    const causes = new Set<string>();
    for (const listing of listings) {
      const res = await recent(listing);
      expect(res.status).toBe(200);
      expect(recentChanges.safeParse(res.json).success).toBe(true);
      expect(res.json).toMatchObject({ listing_id: listing.svc_id, currency: listing.currency });
      const changes = res.json.changes as Change[];
      const times = changes.map((c) => c.changed_at);
      expect(times).toEqual([...times].sort().reverse());
      const prices = servicePricesFromDb(sandbox, listing.svc_id);
      const byDate = new Map<string, Change[]>();
      for (const c of changes) byDate.set(c.date, [...(byDate.get(c.date) ?? []), c]);
      for (const [date, history] of byDate) {
        if (prices.has(date))
          expect(history[0]!.new_price, `${listing.svc_id} ${date}`).toBe(prices.get(date));
        for (let i = 1; i < history.length; i++)
          expect(history[i]!.new_price).toBe(history[i - 1]!.previous_price);
      }
      changes.forEach((c) => causes.add(c.cause));
    }
    expect([...causes].sort()).toEqual(["custom_rate", "pricing_run"]);
  });

  it("rule: since narrows the changes; the default is 7 days before now; a bad since answers 400", async () => {
    const listing = ownedListings(sandbox, p.owner.user_id)[0]!;
    const count = (since: string) =>
      rows<{ n: number }>(
        sandbox,
        `SELECT COUNT(*) AS n FROM price_changes WHERE listing_svc_id = ? AND changed_at >= ?`,
        listing.svc_id,
        since,
      )[0]!.n;
    const byDefault = await recent(listing);
    expect(byDefault.json.changes).toHaveLength(count(nowIso(sandbox, -7 * 86_400)));
    expect(byDefault.json.changes.length).toBeGreaterThan(0);
    const since = nowIso(sandbox, -3 * 86_400);
    const narrowed = await recent(listing, `&since=${since}`);
    expect(narrowed.json.changes).toHaveLength(count(since));
    expect(narrowed.json.changes.length).toBeLessThan(byDefault.json.changes.length);
    expect(narrowed.json.changes.every((c: Change) => c.changed_at >= since)).toBe(true);
    const error = expectError(await recent(listing, "&since=last-week"), 400, "invalid_query");
    expect(error.details?.fields.map((f: { field: string }) => f.field)).toEqual(["since"]);
    expect((await recent(listing, "", p.viewer.keys.standard)).status).toBe(200);
    expectError(await recent(listing, "", p.outsider.keys.standard), 404, "listing_not_found");
  });

  it("rule: a pricing run records every night whose service price it moved, cause pricing_run", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 0);
    const market = rows<{ market_id: string }>(
      sandbox,
      `SELECT market_id FROM listings WHERE svc_id = ?`,
      listing.svc_id,
    )[0]!.market_id;
    // A fixed custom rate holds some nights: the run moves their recommendation, not their price.
    await call(sandbox, "PUT", `/listings/${listing.svc_id}/custom_rates?channel=svc`, {
      key: p.owner.keys.standard,
      body: {
        custom_rates: [
          {
            start_date: dayFrom(sandbox, 3),
            end_date: dayFrom(sandbox, 9),
            price_type: "fixed",
            price_value: 99,
          },
        ],
      },
    });
    // The first run of a market has no drift; run until one moves prices.
    let before = servicePricesFromDb(sandbox, listing.svc_id);
    let seq = lastPriceSeq();
    for (let run = 0; run < 3 && changesAfter(listing.svc_id, seq).length === 0; run++) {
      before = servicePricesFromDb(sandbox, listing.svc_id);
      seq = lastPriceSeq();
      await simulate(sandbox, { event: "pricing_run", market_id: market });
    }
    const recorded = changesAfter(listing.svc_id, seq);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.map((c) => [c.date, c.previous_price, c.new_price])).toEqual(
      moved(before, servicePricesFromDb(sandbox, listing.svc_id)),
    );
    expect(recorded.every((c) => c.cause === "pricing_run")).toBe(true);
    expect(recorded.every((c) => Math.abs(Date.parse(c.changed_at) - sandbox.ctx.clock.nowMs()) < 5000)).toBe(
      true,
    );
    expect(recorded.some((c) => c.date >= dayFrom(sandbox, 3) && c.date <= dayFrom(sandbox, 9))).toBe(false);
    const newest = (await recent(listing)).json.changes.slice(0, recorded.length) as Change[];
    expect(newest.every((c) => c.cause === "pricing_run")).toBe(true);
  });

  it("rule: a custom rate write records the nights whose service price it moved, cause custom_rate", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 1);
    const before = servicePricesFromDb(sandbox, listing.svc_id);
    const seq = lastPriceSeq();
    const res = await call(sandbox, "PUT", `/listings/${listing.svc_id}/custom_rates?channel=svc`, {
      key: p.owner.keys.standard,
      body: {
        custom_rates: [
          {
            start_date: dayFrom(sandbox, 20),
            end_date: dayFrom(sandbox, 50),
            price_type: "percent",
            price_value: -12.5,
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const after = servicePricesFromDb(sandbox, listing.svc_id);
    const recorded = changesAfter(listing.svc_id, seq);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.map((c) => [c.date, c.previous_price, c.new_price])).toEqual(moved(before, after));
    expect(recorded.every((c) => c.cause === "custom_rate")).toBe(true);
    // Deleting the period moves them back.
    const seq2 = lastPriceSeq();
    await call(sandbox, "DELETE", `/listings/${listing.svc_id}/custom_rates?channel=svc`, {
      key: p.owner.keys.standard,
      body: { start_date: dayFrom(sandbox, 20), end_date: dayFrom(sandbox, 50) },
    });
    expect(changesAfter(listing.svc_id, seq2).map((c) => [c.date, c.previous_price, c.new_price])).toEqual(
      moved(after, before),
    );
  });
});

describe("the listing changelog's writers", () => {
  it("rule: posting rates records price_posted with its trigger and the nights it posted", async () => {
    const listing = ownedListings(
      sandbox,
      p.owner.user_id,
      `json_extract(preferences, '$.pricing_enabled') = 1`,
    )[2]!;
    const stale = rows(
      sandbox,
      `SELECT 1 FROM calendar_nights WHERE listing_svc_id = ? AND date >= ? AND available = 1 AND price != recommended_price`,
      listing.svc_id,
      sandbox.ctx.clock.today(),
    ).length;
    const seq = lastChangelogSeq(sandbox);
    const res = await simulate(sandbox, { event: "rates_posted", listing_id: listing.svc_id, source: "app" });
    expect(changelogSince(sandbox, listing.svc_id, seq)).toEqual([
      expect.objectContaining({
        action: "price_posted",
        actor_user_id: null,
        details: {
          trigger: "app",
          from_date: sandbox.ctx.clock.today(),
          nights_posted: res.json.nights_posted,
          nights_changed: stale,
        },
      }),
    ]);
  });

  it("rule: a sync records price_posted (trigger sync) and calendar_synced, by the caller", async () => {
    const listing = ownedListings(sandbox, p.owner.user_id, `pricing_tier != 'Free'`)[3]!;
    const seq = lastChangelogSeq(sandbox);
    const res = await call(sandbox, "POST", `/listings/${listing.svc_id}/sync?channel=svc`, {
      key: p.editor.keys.standard,
    });
    expect(res.status).toBe(202);
    const entries = changelogSince(sandbox, listing.svc_id, seq);
    expect(entries.map((e) => [e.action, e.actor_user_id, e.details.trigger ?? null])).toEqual([
      ["price_posted", p.editor.user_id, "sync"],
      ["calendar_synced", p.editor.user_id, null],
    ]);
  });

  it("rule: reservation imports record reservation_imported; an unchanged re-read records nothing", async () => {
    const listing = ownedListings(sandbox, p.owner.user_id)[4]!;
    const seq = lastChangelogSeq(sandbox);
    const booked = await simulate(sandbox, {
      event: "reservation",
      listing_id: listing.svc_id,
      action: "new",
    });
    await simulate(sandbox, {
      event: "reservation",
      listing_id: listing.svc_id,
      action: "reread",
      reservation_id: booked.json.reservation_id,
    });
    await simulate(sandbox, {
      event: "reservation",
      listing_id: listing.svc_id,
      action: "cancel",
      reservation_id: booked.json.reservation_id,
    });
    expect(changelogSince(sandbox, listing.svc_id, seq).map((e) => [e.action, e.details])).toEqual([
      ["reservation_imported", { reservation_id: booked.json.reservation_id, change: "new" }],
      ["reservation_imported", { reservation_id: booked.json.reservation_id, change: "cancel" }],
    ]);
  });

  it("rule: the seeded changelog holds a few weeks of the owner's listings, consistent with the stored rows", async () => {
    const entries = rows<{ listing_svc_id: string; at: string; action: string; details: string }>(
      sandbox,
      `SELECT c.listing_svc_id, c.at, c.action, c.details FROM listing_changelog c JOIN listings l ON l.svc_id = c.listing_svc_id
       WHERE l.owner_user_id = ? AND c.action IN ('price_posted','price_post_failed','calendar_synced','reservation_imported','custom_rate_added')
       AND c.at < ?`,
      p.owner.user_id,
      nowIso(sandbox, -3600),
    );
    expect(new Set(entries.map((e) => e.action)).size).toBe(5);
    expect(entries.every((e) => e.at >= nowIso(sandbox, -26 * 86_400))).toBe(true);
    for (const e of entries.filter((x) => x.action === "reservation_imported")) {
      const { reservation_id: id, change } = JSON.parse(e.details) as {
        reservation_id: string;
        change: string;
      };
      const [r] = rows<{ booked_at: string; canceled_at: string | null }>(
        sandbox,
        `SELECT booked_at, canceled_at FROM reservations WHERE reservation_id = ?`,
        id,
      );
      expect(change === "new" ? r!.booked_at : r!.canceled_at).toBe(e.at);
    }
    const added = entries.filter((x) => x.action === "custom_rate_added");
    expect(added.length).toBe(
      rows(
        sandbox,
        `SELECT 1 FROM custom_rates c JOIN listings l ON l.svc_id = c.listing_svc_id WHERE l.owner_user_id = ? AND c.created_at < ?`,
        p.owner.user_id,
        nowIso(sandbox, -3600),
      ).length,
    );
  });
});
