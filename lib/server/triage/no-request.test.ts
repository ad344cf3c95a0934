import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { triageQueue } from "@/lib/server/triage/queue";
import { FACTOR_KEYS } from "@/lib/triage/factors";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";

/**
 * The triage queue scored over a mirror the sync filled from the reference service: the
 * mirror answers, the service hears nothing. Every request reaching the service is recorded
 * by the harness, and every fetch of the process is counted while the queue is scored.
 */
let h: MirrorHarness;

beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
}, 60_000);
afterAll(async () => {
  await h.close();
});

describe("the triage queue reads the mirror only", () => {
  it("scoring the portfolio makes no request to the service", async () => {
    const before = h.upstream.length;
    const realFetch = globalThis.fetch;
    let fetches = 0;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      fetches += 1;
      return realFetch(...args);
    }) as typeof fetch;
    let queue: Awaited<ReturnType<typeof triageQueue>>;
    try {
      queue = await triageQueue(h.store, ACCOUNT, h.sandbox.ctx.clock.now().toISOString());
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(h.upstream.length).toBe(before);
    expect(fetches).toBe(0);

    const held = (await h.store.listings(ACCOUNT)).filter((l) => !l.hidden);
    expect(queue.listings.map((l) => l.listing_id).sort()).toEqual(held.map((l) => l.listingId).sort());
    expect(queue.as_of).toEqual(expect.any(String));
    // The seeded portfolio is measured: scores, lowest first, each explained in one sentence.
    const scores = queue.listings.flatMap((l) => (l.score === null ? [] : [l.score]));
    expect(scores.length).toBe(held.length);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    for (const l of queue.listings) {
      expect(l.why).toMatch(new RegExp(`^Score ${l.score}: .*\\.$`));
      expect(l.factors.map((f) => f.key)).toEqual([...FACTOR_KEYS]);
      // The recommendation is not mirrored: never measured, never asked for.
      expect(l.factors.find((f) => f.key === "base_price")).toMatchObject({ measured: false });
    }
    const measuredKeys = new Set(
      queue.listings.flatMap((l) => l.factors.filter((f) => f.measured).map((f) => f.key)),
    );
    for (const key of ["pace_30", "market", "last_booking", "at_minimum", "flags"])
      expect(measuredKeys).toContain(key);
  });
});
