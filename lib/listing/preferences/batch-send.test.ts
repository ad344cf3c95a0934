import { describe, expect, it } from "vitest";
import type { RateLimitSnapshot } from "@/lib/shell/rate-limit-store";
import { SvcError } from "@/lib/svc/errors";
import type { Listing, ListingAccessLevel } from "@/lib/svc/schemas/listings";
import type { ListingPreferences } from "@/lib/svc/schemas/preferences";
import type { BatchPreferencesResult } from "@/lib/svc/schemas/preferences-batch";
import { CANCELLED_NOT_SENT } from "@/lib/listing/custom-rates/bulk";
import {
  batchChunks,
  batchRowsAttentionFirst,
  sendBatchPreferences,
} from "@/lib/listing/preferences/batch-send";
import { batchSummary } from "@/lib/listing/preferences/warnings";

const listing = (svc_id: string, access_level: ListingAccessLevel = "owner") =>
  ({ svc_id, name: `Listing ${svc_id}`, access_level }) as Listing;
const portfolio = (n: number, restricted = 0) =>
  Array.from({ length: n }, (_, i) => listing(String(i + 1), i < restricted ? "restricted_editor" : "owner"));
const idle = (): RateLimitSnapshot => ({ reading: null, waitUntil: null });
const noWait = async () => undefined;

/**
 * The batch endpoint as the service keeps it: one resource, so a batch sent while another is
 * being written answers 409; restricted editors are refused per listing and the rest applies.
 */
function batchEndpoint() {
  let writing = false;
  const seen = { calls: 0, conflicts: 0, largest: 0 };
  const write = async (chunk: Listing[]): Promise<BatchPreferencesResult> => {
    seen.calls += 1;
    seen.largest = Math.max(seen.largest, chunk.length);
    if (writing) {
      seen.conflicts += 1;
      throw new SvcError({ status: 409, code: "conflict", message: "Another change is in progress." });
    }
    writing = true;
    await new Promise((r) => setTimeout(r, 2));
    writing = false;
    const barred = chunk.filter((l) => l.access_level === "restricted_editor");
    return {
      results: chunk
        .filter((l) => !barred.includes(l))
        .map((l) => ({ listing_id: l.svc_id, preferences: {} as ListingPreferences, warnings: [] })),
      errors: barred.map((l) => ({
        listing_id: l.svc_id,
        status: 403,
        error: { code: "forbidden", message: "A restricted editor cannot use the batch." },
      })),
      warnings: [],
    };
  };
  return { write, seen };
}

describe("batch preferences for more listings than one batch takes", () => {
  it("1,500 listings go in 15 batches of 100, one at a time, so the batches never 409 each other", async () => {
    const endpoint = batchEndpoint();
    const rows = await sendBatchPreferences({
      listings: portfolio(1500, 45),
      write: endpoint.write,
      budget: idle,
      sleep: noWait,
    });
    expect(endpoint.seen).toEqual({ calls: 15, conflicts: 0, largest: 100 });
    expect(rows).toHaveLength(1500);
    expect(batchSummary(rows)).toBe("Applied to 1,455 listings; 45 refused.");
  });

  it("up to 100 listings stays one batch, as before", () => {
    expect(batchChunks(portfolio(100))).toHaveLength(1);
    expect(batchChunks(portfolio(101))).toHaveLength(2);
  });

  it("a batch refused as a whole marks its listings refused with the reason; the other batches stay applied", async () => {
    const endpoint = batchEndpoint();
    const rows = await sendBatchPreferences({
      listings: portfolio(250),
      budget: idle,
      sleep: noWait,
      write: async (chunk) => {
        if (chunk[0]!.svc_id === "101") {
          throw new SvcError({
            status: 400,
            code: "invalid_request",
            message: "Minimum stay must be at least 1.",
          });
        }
        return endpoint.write(chunk);
      },
    });
    expect(batchSummary(rows)).toBe("Applied to 150 listings; 100 refused.");
    expect(rows[100]).toMatchObject({ outcome: "refused", reason: "Minimum stay must be at least 1." });
    expect(rows[249]).toMatchObject({ outcome: "applied" });
  });

  it("cancel: the batch on its way finishes and reports, the rest are not sent and say so", async () => {
    const endpoint = batchEndpoint();
    const controller = new AbortController();
    const rows = await sendBatchPreferences({
      listings: portfolio(350),
      budget: idle,
      signal: controller.signal,
      write: async (chunk) => {
        controller.abort();
        return endpoint.write(chunk);
      },
    });
    expect(batchSummary(rows)).toBe("Applied to 100 listings; 250 not sent.");
    expect(rows.at(-1)).toMatchObject({ outcome: "not_sent", reason: CANCELLED_NOT_SENT });
  });

  it("lists refused and not-sent listings before the applied ones", async () => {
    const controller = new AbortController();
    const endpoint = batchEndpoint();
    const rows = await sendBatchPreferences({
      listings: [...portfolio(99), listing("R", "restricted_editor"), listing("N")],
      budget: idle,
      signal: controller.signal,
      write: async (chunk) => {
        controller.abort();
        return endpoint.write(chunk);
      },
    });
    expect(
      batchRowsAttentionFirst(rows)
        .slice(0, 3)
        .map((r) => `${r.listing.svc_id} ${r.outcome}`),
    ).toEqual(["R refused", "N not_sent", "1 applied"]);
  });
});
