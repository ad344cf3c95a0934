import { describe, expect, it } from "vitest";
import type { RateLimitSnapshot } from "@/lib/shell/rate-limit-store";
import { SvcError } from "@/lib/svc/errors";
import type { BulkCustomRatesResult } from "@/lib/svc/schemas/custom-rates";
import type { Listing, ListingAccessLevel } from "@/lib/svc/schemas/listings";
import {
  attentionFirst,
  CANCELLED_NOT_SENT,
  MAX_BULK_TARGETS,
  planBulk,
  resultCounts,
  VIEW_ONLY_NOT_SENT,
} from "@/lib/listing/custom-rates/bulk";
import { bulkChunks, sendBulkCustomRates } from "@/lib/listing/custom-rates/bulk-send";

const listing = (svc_id: string, access_level: ListingAccessLevel = "owner") =>
  ({ svc_id, id: `ch-${svc_id}`, name: `Listing ${svc_id}`, access_level, currency: "USD" }) as Listing;
const portfolio = (n: number, viewers = 0) =>
  Array.from({ length: n }, (_, i) => listing(String(i + 1), i < viewers ? "viewer" : "owner"));
const idle = (): RateLimitSnapshot => ({ reading: null, waitUntil: null });
const noWait = async () => undefined;

/** The service's answer to one call: every listing takes the period, except the ones it refuses. */
const answer = (chunk: Listing[], refuse: string[] = []): BulkCustomRatesResult => ({
  results: chunk
    .filter((l) => !refuse.includes(l.svc_id))
    .map((l) => ({ listing_id: l.svc_id, custom_rates: [] })),
  errors: refuse
    .filter((id) => chunk.some((l) => l.svc_id === id))
    .map((id) => ({
      listing_id: id,
      status: 403,
      error: { code: "forbidden", message: `You cannot change listing ${id}.` },
    })),
});

describe("a custom rate for more listings than one bulk call takes", () => {
  it("1,455 listings, 30 of them view-only: 15 calls of at most 101, one line per selected listing", async () => {
    const plan = planBulk(portfolio(1455, 30));
    const calls: Listing[][] = [];
    const results = await sendBulkCustomRates({
      plan,
      budget: idle,
      write: async (chunk) => {
        calls.push(chunk);
        return answer(chunk);
      },
    });
    expect(calls).toHaveLength(15);
    expect(Math.max(...calls.map((c) => c.length))).toBe(MAX_BULK_TARGETS);
    expect(results).toHaveLength(1455);
    expect(new Set(results.map((r) => r.listing.svc_id)).size).toBe(1455);
    expect(resultCounts(results)).toEqual({ applied: 1425, refused: 0, notSent: 30 });
    expect(
      results.filter((r) => r.outcome === "not_sent").every((r) => r.reason === VIEW_ONLY_NOT_SENT),
    ).toBe(true);
  });

  it("up to 101 listings stays one call, as before", () => {
    expect(bulkChunks(portfolio(101))).toHaveLength(1);
    expect(bulkChunks(portfolio(102))).toHaveLength(2);
  });

  it("a call refused entirely marks its listings refused with the service's sentence; the other calls stay applied", async () => {
    const plan = planBulk(portfolio(250));
    const results = await sendBulkCustomRates({
      plan,
      budget: idle,
      sleep: noWait,
      write: async (chunk) => {
        if (chunk[0]!.svc_id === "102") {
          throw new SvcError({ status: 404, code: "not_found", message: "This listing does not exist." });
        }
        return answer(chunk, ["5"]);
      },
    });
    expect(resultCounts(results)).toEqual({ applied: 249 - 101, refused: 102, notSent: 0 });
    const line = (id: string) => results.find((r) => r.listing.svc_id === id)!;
    expect(line("150")).toMatchObject({ outcome: "refused", reason: "This listing does not exist." });
    expect(line("5")).toMatchObject({ outcome: "refused", reason: "You cannot change listing 5." });
    expect(line("250")).toMatchObject({ outcome: "applied" });
  });

  it("cancel: calls already sent report their listings, the others are not sent and say so", async () => {
    const controller = new AbortController();
    const results = await sendBulkCustomRates({
      plan: planBulk(portfolio(1000)),
      budget: idle,
      signal: controller.signal,
      write: async (chunk) => {
        await new Promise((r) => setTimeout(r, 5));
        // Cancel is pressed as the first call answers, with three more on their way.
        if (chunk[0]!.svc_id === "1") controller.abort();
        return answer(chunk);
      },
    });
    const counts = resultCounts(results);
    expect(counts.applied + counts.notSent).toBe(1000);
    expect(counts.applied).toBe(4 * MAX_BULK_TARGETS);
    expect(results.at(-1)).toMatchObject({ outcome: "not_sent", reason: CANCELLED_NOT_SENT });
  });

  it("reads refused, then not sent, then applied, each in the selection's order", async () => {
    const plan = planBulk([listing("1"), listing("2", "viewer"), listing("3"), listing("4")]);
    const results = await sendBulkCustomRates({
      plan,
      budget: idle,
      write: async (chunk) => answer(chunk, ["3"]),
    });
    expect(attentionFirst(results).map((r) => `${r.listing.svc_id} ${r.outcome}`)).toEqual([
      "3 refused",
      "2 not_sent",
      "1 applied",
      "4 applied",
    ]);
  });
});
