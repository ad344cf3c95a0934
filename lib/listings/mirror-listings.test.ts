import { beforeAll, describe, expect, it } from "vitest";
import { call, makeSandbox, personaKeys } from "@/sandbox/test-support";
import { mirrorListingsOf, withMirror } from "@/lib/listings/mirror-listings";
import { portfolioIndexOf } from "@/lib/listings/portfolio-index";
import type { Listing } from "@/lib/svc/schemas/listings";

/**
 * The Listings page's copy of a large portfolio from the mirror: records read as the
 * service's are, and the live answer winning over the mirror's copy. The records are the
 * reference service's own (the owner's listings, as the mirror stores them).
 */
let records: Array<Record<string, unknown>>;

beforeAll(async () => {
  const sandbox = makeSandbox();
  const { owner } = await personaKeys(sandbox);
  records = (await call(sandbox, "GET", "/listings?per_page=100", { key: owner.keys.standard })).json;
});

const answerOf = (bodies: unknown[], readAt = "2026-11-29T10:42:00.000Z") => ({
  enabled: true,
  listings: bodies.map((listing, i) => ({
    listing_id: (listing as { svc_id?: string }).svc_id ?? `row-${i}`,
    read_at: readAt,
    listing,
  })),
});

describe("the mirror's listing records on the Listings page", () => {
  it("reads every record as the service's own, with as of the list's read", () => {
    const read = mirrorListingsOf(answerOf(records))!;
    expect(read.listings.map((l) => l.svc_id)).toEqual(records.map((r) => r.svc_id));
    expect(read.asOf).toBe("2026-11-29T10:42:00.000Z");
    expect(read.notice).toBeNull();
  });

  it("an unreadable record is named and left out; the others are shown", () => {
    const broken = { ...records[1], svc_id: "broken-one", name: 42, bedrooms: "many" };
    const read = mirrorListingsOf(answerOf([records[0], broken, records[2]]))!;
    expect(read.listings.map((l) => l.svc_id)).toEqual([records[0]!.svc_id, records[2]!.svc_id]);
    expect(read.notice).toMatch(
      /^1 listing in the portfolio mirror could not be read and is left out: broken-one: /,
    );
  });

  it("an unknown channel value is kept as it came, not a reason to drop the row", () => {
    const odd = { ...records[0], channel: "a_channel_nobody_knows" };
    expect(mirrorListingsOf(answerOf([odd]))!.listings[0]!.channel).toBe("a_channel_nobody_knows");
  });

  it("no mirror, or a list not read yet, is no copy: the page works a service page at a time", () => {
    expect(mirrorListingsOf({ enabled: false, listings: [] })).toBeNull();
    expect(mirrorListingsOf({ enabled: true, listings: [] })).toBeNull();
  });

  it("the live answer wins: rows read on this visit and listings read again after a write replace the mirror's copies", () => {
    const all = records as unknown as Listing[];
    const mirror = mirrorListingsOf(answerOf(records))!;
    const firstPage = all.slice(0, 10).map((l) => ({ ...l, name: `${l.name} (live)` }));
    const live = portfolioIndexOf({
      pages: [{ listings: firstPage, page: 1, total: all.length + 1 }],
      pageParams: [1],
    })!;
    const written = { ...all[20]!, tags: ["written just now"] };
    const index = withMirror(live, mirror, [written]);
    expect(index).toMatchObject({ complete: true, total: all.length, fromMirror: all.length - 11 });
    expect(index.listings.map((l) => l.svc_id)).toEqual(all.map((l) => l.svc_id));
    expect(index.listings[3]!.name).toMatch(/\(live\)$/);
    expect(index.listings[20]!.tags).toEqual(["written just now"]);
    expect(index.mirrorAsOf).toBe(mirror.asOf);
  });

  it("a listing read live that the mirror does not hold yet is kept, at the end", () => {
    const all = records as unknown as Listing[];
    const mirror = mirrorListingsOf(answerOf(records.slice(1)))!;
    const live = portfolioIndexOf({
      pages: [{ listings: all.slice(0, 5), page: 1, total: 500 }],
      pageParams: [1],
    })!;
    const index = withMirror(live, mirror);
    expect(index.total).toBe(all.length);
    expect(index.listings.at(-1)!.svc_id).toBe(all[0]!.svc_id);
  });
});
