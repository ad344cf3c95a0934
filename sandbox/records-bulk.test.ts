import { beforeAll, describe, expect, it } from "vitest";
import { bulkCustomRatesResult } from "../lib/svc/schemas/custom-rates";
import type { Sandbox } from "./app";
import { dayFrom, lastChangelogSeq, ownedListings, storedPeriods } from "./records-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Bulk custom rates (contract-decisions-listings): the change applies to the path listing and
// to each of listing_ids (read per channel); a listing that fails is reported in errors with
// its status and the others still apply.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const bulk = (method: "PUT" | "DELETE", pathId: string, body: unknown, key: string, channel = "svc") =>
  call(sandbox, method, `/listings/${pathId}/bulk_custom_rates?channel=${channel}`, { key, body });
const period = () => ({
  start_date: dayFrom(sandbox, 30),
  end_date: dayFrom(sandbox, 33),
  price_type: "percent",
  price_value: -15,
});
const dates = (periods: Array<{ start_date: string; end_date: string }>) =>
  periods.map((x) => [x.start_date, x.end_date]);

describe("PUT and DELETE /listings/{listing_id}/bulk_custom_rates", () => {
  it("rule: each listing stands alone: inaccessible and view-only listings are reported in errors and the rest apply", async () => {
    const [own1, own2] = ownedListings(sandbox, p.viewer.user_id);
    const viewOnly = ownedListings(sandbox, p.owner.user_id)[0]!;
    const foreign = ownedListings(sandbox, p.outsider.user_id)[0]!;
    const before = storedPeriods(sandbox, viewOnly.svc_id);
    const res = await bulk(
      "PUT",
      own1!.svc_id,
      {
        listing_ids: [own2!.svc_id, viewOnly.svc_id, foreign.svc_id, "9999999", own1!.svc_id],
        custom_rates: [period()],
      },
      p.viewer.keys.standard,
    );
    expect(res.status).toBe(200);
    expect(bulkCustomRatesResult.safeParse(res.json).success).toBe(true);
    // The path listing named again in listing_ids is changed once.
    expect(res.json.results.map((r: { listing_id: string }) => r.listing_id)).toEqual([
      own1!.svc_id,
      own2!.svc_id,
    ]);
    expect(
      res.json.errors.map((e: { listing_id: string; status: number; error: { code: string } }) => [
        e.listing_id,
        e.status,
        e.error.code,
      ]),
    ).toEqual([
      [viewOnly.svc_id, 403, "forbidden"],
      [foreign.svc_id, 404, "listing_not_found"],
      ["9999999", 404, "listing_not_found"],
    ]);
    for (const listing of [own1!, own2!]) {
      const result = res.json.results.find((r: { listing_id: string }) => r.listing_id === listing.svc_id);
      expect(dates(result.custom_rates)).toEqual(dates(storedPeriods(sandbox, listing.svc_id)));
      expect(dates(storedPeriods(sandbox, listing.svc_id))).toContainEqual([
        dayFrom(sandbox, 30),
        dayFrom(sandbox, 33),
      ]);
    }
    expect(storedPeriods(sandbox, viewOnly.svc_id)).toEqual(before);
    expect(storedPeriods(sandbox, foreign.svc_id)).toEqual([]);

    // Bulk DELETE takes the range out of the same listings, reporting the same refusals.
    const removed = await bulk(
      "DELETE",
      own1!.svc_id,
      {
        listing_ids: [own2!.svc_id, viewOnly.svc_id],
        start_date: dayFrom(sandbox, 31),
        end_date: dayFrom(sandbox, 32),
      },
      p.viewer.keys.standard,
    );
    expect(removed.status).toBe(200);
    expect(removed.json.errors).toHaveLength(1);
    for (const result of removed.json.results) {
      expect(dates(result.custom_rates)).toEqual([
        [dayFrom(sandbox, 30), dayFrom(sandbox, 30)],
        [dayFrom(sandbox, 33), dayFrom(sandbox, 33)],
      ]);
    }
  });

  it("rule: listing_ids are read per the channel rule: by channel id an inaccessible listing answers 403", async () => {
    const mine = ownedListings(sandbox, p.owner.user_id, `channel = 'airbnb'`);
    const foreign = rows<{ channel_listing_id: string }>(
      sandbox,
      `SELECT channel_listing_id FROM listings WHERE owner_user_id = ? AND channel = 'airbnb'`,
      p.outsider.user_id,
    )[0]!;
    const ids = [mine[1]!.channel_listing_id, foreign.channel_listing_id];
    const res = await bulk(
      "PUT",
      mine[0]!.channel_listing_id,
      { listing_ids: ids, custom_rates: [period()] },
      p.owner.keys.standard,
      "airbnb",
    );
    expect(res.status).toBe(200);
    // Results echo the ids as the request gave them.
    expect(res.json.results.map((r: { listing_id: string }) => r.listing_id)).toEqual([
      mine[0]!.channel_listing_id,
      mine[1]!.channel_listing_id,
    ]);
    expect(res.json.errors).toEqual([
      expect.objectContaining({
        listing_id: foreign.channel_listing_id,
        status: 403,
        error: expect.objectContaining({ code: "forbidden" }),
      }),
    ]);
    // The path listing is the request's resource: an unreachable one refuses the whole call.
    const outsiderListing = ownedListings(sandbox, p.outsider.user_id)[0]!;
    expectError(
      await bulk(
        "PUT",
        outsiderListing.svc_id,
        { listing_ids: [mine[0]!.svc_id], custom_rates: [period()] },
        p.owner.keys.standard,
      ),
      404,
      "listing_not_found",
    );
  });

  it("rule: bad bulk input answers 400 naming the field and writes nothing", async () => {
    const [a, b] = ownedListings(sandbox, p.owner.user_id);
    const seq = lastChangelogSeq(sandbox);
    const stored = [storedPeriods(sandbox, a!.svc_id), storedPeriods(sandbox, b!.svc_id)];
    const cases: Array<["PUT" | "DELETE", unknown, string]> = [
      ["PUT", { listing_ids: [b!.svc_id, b!.svc_id], custom_rates: [period()] }, "listing_ids.1"],
      [
        "PUT",
        { listing_ids: Array.from({ length: 101 }, (_, i) => String(2000000 + i)), custom_rates: [period()] },
        "listing_ids",
      ],
      ["PUT", { listing_ids: [], custom_rates: [period()] }, "listing_ids"],
      [
        "PUT",
        { listing_ids: [b!.svc_id], custom_rates: [{ ...period(), price_value: -100 }] },
        "custom_rates.0.price_value",
      ],
      [
        "PUT",
        { listing_ids: [b!.svc_id], custom_rates: [{ ...period(), start_date: dayFrom(sandbox, 40) }] },
        "custom_rates.0.end_date",
      ],
      [
        "DELETE",
        { listing_ids: [b!.svc_id], start_date: dayFrom(sandbox, 9), end_date: dayFrom(sandbox, 8) },
        "end_date",
      ],
    ];
    for (const [method, body, field] of cases) {
      const error = expectError(await bulk(method, a!.svc_id, body, p.owner.keys.standard), 400);
      expect(error.details?.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect([storedPeriods(sandbox, a!.svc_id), storedPeriods(sandbox, b!.svc_id)]).toEqual(stored);
    expect(lastChangelogSeq(sandbox)).toBe(seq);
  });
});
