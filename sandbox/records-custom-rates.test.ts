import { beforeAll, describe, expect, it } from "vitest";
import { customRateList } from "../lib/svc/schemas/custom-rates";
import type { Sandbox } from "./app";
import {
  advanceClock,
  changelogSince,
  dayFrom,
  lastChangelogSeq,
  listingWithoutRates,
  nowIso,
  storedPeriods,
  type ListingPick,
} from "./records-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Custom rates (docs/interface-decisions.md §3, contract-decisions-listings): GET answers the periods
// in force; PUT splits what it overlaps; DELETE takes a date range out; every write records in
// the listing changelog.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const path = (listing: ListingPick, channel = "svc") =>
  `/listings/${channel === "svc" ? listing.svc_id : listing.channel_listing_id}/custom_rates?channel=${channel}`;
const put = (listing: ListingPick, body: unknown, key = p.owner.keys.standard) =>
  call(sandbox, "PUT", path(listing), { key, body });
const del = (listing: ListingPick, body: unknown, key = p.owner.keys.standard) =>
  call(sandbox, "DELETE", path(listing), { key, body });
const get = (listing: ListingPick, key = p.owner.keys.standard) =>
  call(sandbox, "GET", path(listing), { key });
const fixed = (start: number, end: number, price: number) => ({
  start_date: dayFrom(sandbox, start),
  end_date: dayFrom(sandbox, end),
  price_type: "fixed" as const,
  price_value: price,
});
/** Periods as dates and rates only, for exact comparisons. */
const shape = (
  periods: Array<{ start_date: string; end_date: string; price_type: string; price_value: number }>,
) =>
  periods.map(({ start_date, end_date, price_type, price_value }) => ({
    start_date,
    end_date,
    price_type,
    price_value,
  }));

describe("GET /listings/{listing_id}/custom_rates", () => {
  it("rule: active and upcoming periods only, expired excluded; read periods carry no id or listing_id", async () => {
    const today = sandbox.ctx.clock.today();
    const now = nowIso(sandbox);
    // The seed stores, beside periods in force, one past its expires_at and one ended before today.
    const withExpired = rows<{ listing_svc_id: string }>(
      sandbox,
      `SELECT DISTINCT listing_svc_id FROM custom_rates WHERE end_date < ? OR expires_at <= ? ORDER BY listing_svc_id`,
      today,
      now,
    );
    expect(withExpired.length).toBeGreaterThanOrEqual(2);
    for (const { listing_svc_id: svcId } of withExpired) {
      const [listing] = rows<ListingPick>(sandbox, `SELECT * FROM listings WHERE svc_id = ?`, svcId);
      const res = await get(listing!);
      expect(res.status).toBe(200);
      expect(customRateList.safeParse(res.json).success).toBe(true);
      const inForce = storedPeriods(sandbox, svcId).filter(
        (s) => s.end_date >= today && (s.expires_at === null || s.expires_at > now),
      );
      expect(inForce.length).toBeLessThan(storedPeriods(sandbox, svcId).length);
      expect(shape(res.json)).toEqual(shape(inForce));
      for (const period of res.json) {
        expect(period).not.toHaveProperty("id");
        expect(period).not.toHaveProperty("listing_id");
        expect(period.currency).toBe(listing!.currency);
      }
    }
  });

  it("rule: a period disappears once the service clock passes its expires_at", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 5);
    const soon = nowIso(sandbox, 3600);
    const later = nowIso(sandbox, 3 * 3600);
    // Dates are fixed before the clock moves: two hours on may be tomorrow already.
    const lastsLonger = fixed(6, 7, 160);
    const res = await put(listing, {
      expires_at: soon,
      custom_rates: [fixed(3, 4, 150), { ...lastsLonger, expires_at: later }, fixed(9, 9, 170)],
    });
    expect(res.status).toBe(200);
    // The request's expires_at applies to the periods without their own.
    expect(res.json.map((r: { expires_at: string }) => r.expires_at)).toEqual([soon, later, soon]);
    await advanceClock(sandbox, 2 * 3600);
    expect(shape((await get(listing)).json)).toEqual([lastsLonger]);
    await advanceClock(sandbox, 2 * 3600);
    expect((await get(listing)).json).toEqual([]);
    // Expired periods stay stored; they are only not read.
    expect(storedPeriods(sandbox, listing.svc_id)).toHaveLength(3);
  });
});

describe("PUT and DELETE /listings/{listing_id}/custom_rates", () => {
  it("rule: an overlapping PUT splits the old period; the written dates take the new rate, the rest survives on both sides", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 0);
    const first = await put(listing, {
      custom_rates: [{ ...fixed(10, 20, 200), reason: "Festival", min_stay: 3 }],
    });
    expect(first.status).toBe(200);
    expect(shape(first.json)).toEqual([fixed(10, 20, 200)]);

    const inside = { ...fixed(13, 15, 0), price_type: "percent", price_value: -10 };
    const split = await put(listing, { custom_rates: [inside] });
    expect(split.status).toBe(200);
    expect(shape(split.json)).toEqual([fixed(10, 12, 200), inside, fixed(16, 20, 200)]);
    // Both remnants keep the old period's other fields.
    expect(split.json[0]).toMatchObject({ reason: "Festival", min_stay: 3 });
    expect(split.json[2]).toMatchObject({ reason: "Festival", min_stay: 3 });

    // A write over the start of the left part and a gap before it trims it to one night.
    const trim = await put(listing, { custom_rates: [fixed(8, 11, 180)] });
    expect(shape(trim.json)).toEqual([fixed(8, 11, 180), fixed(12, 12, 200), inside, fixed(16, 20, 200)]);
    // A write covering a period exactly replaces it.
    const replace = await put(listing, { custom_rates: [fixed(16, 20, 210)] });
    expect(shape(replace.json)).toEqual([fixed(8, 11, 180), fixed(12, 12, 200), inside, fixed(16, 20, 210)]);
    expect(shape(storedPeriods(sandbox, listing.svc_id))).toEqual(shape(replace.json));
  });

  it("rule: DELETE removes the range from every period, splitting one that straddles it", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 1);
    await put(listing, { custom_rates: [fixed(10, 20, 200), fixed(22, 25, 300)] });
    const res = await del(listing, { start_date: dayFrom(sandbox, 14), end_date: dayFrom(sandbox, 23) });
    expect(res.status).toBe(200);
    expect(shape(res.json)).toEqual([fixed(10, 13, 200), fixed(24, 25, 300)]);
    const inner = await del(listing, { start_date: dayFrom(sandbox, 11), end_date: dayFrom(sandbox, 12) });
    expect(shape(inner.json)).toEqual([fixed(10, 10, 200), fixed(13, 13, 200), fixed(24, 25, 300)]);
    const all = await del(listing, { start_date: dayFrom(sandbox, 0), end_date: dayFrom(sandbox, 60) });
    expect(all.json).toEqual([]);
    expect(storedPeriods(sandbox, listing.svc_id)).toEqual([]);
  });

  it("rule: every write records in the listing changelog (custom_rate_added, custom_rate_split, custom_rate_removed)", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 2);
    const before = lastChangelogSeq(sandbox);
    await put(listing, { custom_rates: [fixed(10, 20, 200)] });
    await put(listing, { custom_rates: [fixed(12, 13, 250)] }, p.editor.keys.standard);
    await del(listing, { start_date: dayFrom(sandbox, 12), end_date: dayFrom(sandbox, 13) });
    await del(listing, { start_date: dayFrom(sandbox, 14), end_date: dayFrom(sandbox, 30) });
    const entries = changelogSince(sandbox, listing.svc_id, before);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ["custom_rate_added", p.owner.user_id],
      ["custom_rate_split", p.editor.user_id],
      ["custom_rate_added", p.editor.user_id],
      ["custom_rate_removed", p.owner.user_id],
      ["custom_rate_removed", p.owner.user_id],
    ]);
    expect(entries[1]!.details).toMatchObject({
      period: { start_date: dayFrom(sandbox, 10), end_date: dayFrom(sandbox, 20) },
      removed: { start_date: dayFrom(sandbox, 12), end_date: dayFrom(sandbox, 13) },
      remaining: [
        { start_date: dayFrom(sandbox, 10), end_date: dayFrom(sandbox, 11) },
        { start_date: dayFrom(sandbox, 14), end_date: dayFrom(sandbox, 20) },
      ],
    });
    // The changelog endpoint's reader sees the same rows (another group serves it).
    const logged = rows(
      sandbox,
      `SELECT 1 FROM listing_changelog WHERE listing_svc_id = ? AND seq > ?`,
      listing.svc_id,
      before,
    );
    expect(logged).toHaveLength(5);
  });

  it("rule: viewers get 403; restricted editors may write; read-only keys get 403; channel rules apply", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 3);
    const body = { custom_rates: [fixed(5, 6, 120)] };
    expectError(await put(listing, body, p.viewer.keys.standard), 403, "forbidden");
    expectError(
      await del(
        listing,
        { start_date: dayFrom(sandbox, 5), end_date: dayFrom(sandbox, 6) },
        p.viewer.keys.standard,
      ),
      403,
      "forbidden",
    );
    expect((await get(listing, p.viewer.keys.standard)).status).toBe(200);
    expectError(await put(listing, body, p.owner.keys.read_only!), 403, "read_only_key");
    expect(storedPeriods(sandbox, listing.svc_id)).toEqual([]);
    const restricted = await put(listing, body, p.restricted_editor.keys.standard);
    expect(restricted.status).toBe(200);
    expect(shape(restricted.json)).toEqual([fixed(5, 6, 120)]);
    // By channel id the same listing; an outsider gets 403 by channel id and 404 under svc.
    const byChannel = await call(sandbox, "GET", path(listing, listing.channel), {
      key: p.owner.keys.standard,
    });
    expect(shape(byChannel.json)).toEqual([fixed(5, 6, 120)]);
    expectError(
      await call(sandbox, "GET", path(listing, listing.channel), { key: p.outsider.keys.standard }),
      403,
      "forbidden",
    );
    expectError(await get(listing, p.outsider.keys.standard), 404, "listing_not_found");
    expectError(await put(listing, body, p.outsider.keys.standard), 404, "listing_not_found");
    expectError(
      await call(sandbox, "GET", `/listings/${listing.svc_id}/custom_rates`, { key: p.owner.keys.standard }),
      400,
      "channel_required",
    );
  });

  it("rule: bad input answers 400 naming the field and the stored periods are unchanged", async () => {
    const listing = listingWithoutRates(sandbox, p.owner.user_id, 4);
    await put(listing, { custom_rates: [fixed(10, 20, 200)] });
    const stored = storedPeriods(sandbox, listing.svc_id);
    const seq = lastChangelogSeq(sandbox);
    const many = Array.from({ length: 101 }, (_, i) => fixed(i + 1, i + 1, 100));
    const cases: Array<[unknown, string, "put" | "delete"]> = [
      [{ custom_rates: [fixed(15, 12, 100)] }, "custom_rates.0.end_date", "put"],
      [{ custom_rates: many }, "custom_rates", "put"],
      [{ custom_rates: [] }, "custom_rates", "put"],
      [{ custom_rates: [fixed(12, 13, 0)] }, "custom_rates.0.price_value", "put"],
      [
        { custom_rates: [{ ...fixed(12, 13, -100), price_type: "percent" }] },
        "custom_rates.0.price_value",
        "put",
      ],
      [
        { custom_rates: [{ ...fixed(12, 13, 1001), price_type: "percent" }] },
        "custom_rates.0.price_value",
        "put",
      ],
      [{ custom_rates: [fixed(-5, -2, 100)] }, "custom_rates.0.end_date", "put"],
      [
        { custom_rates: [{ ...fixed(12, 13, 100), reason: "x".repeat(201) }] },
        "custom_rates.0.reason",
        "put",
      ],
      [
        { custom_rates: [{ ...fixed(12, 13, 100), min_price: 300, max_price: 200 }] },
        "custom_rates.0.min_price",
        "put",
      ],
      [{ custom_rates: [fixed(12, 13, 100)], expires_at: nowIso(sandbox, -60) }, "expires_at", "put"],
      [
        { custom_rates: [{ ...fixed(12, 13, 100), expires_at: "tomorrow" }] },
        "custom_rates.0.expires_at",
        "put",
      ],
      [{ custom_rates: [fixed(12, 14, 100), fixed(14, 16, 100)] }, "custom_rates.1.start_date", "put"],
      [{ start_date: dayFrom(sandbox, 14), end_date: dayFrom(sandbox, 12) }, "end_date", "delete"],
    ];
    for (const [body, field, method] of cases) {
      const res = method === "put" ? await put(listing, body) : await del(listing, body);
      const error = expectError(res, 400);
      expect(
        error.details?.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
      expect(storedPeriods(sandbox, listing.svc_id)).toEqual(stored);
    }
    expect(lastChangelogSeq(sandbox)).toBe(seq);
  });
});
