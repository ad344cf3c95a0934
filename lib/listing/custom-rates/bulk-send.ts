import { chunksOf, sendChunksPaced, type ChunkProgress } from "@/lib/queries/paced-chunks";
import type { PacedOptions } from "@/lib/queries/paced";
import type { BulkCustomRatesResult } from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import {
  CANCELLED_NOT_SENT,
  chunkResults,
  MAX_BULK_TARGETS,
  viewOnlyResults,
  type BulkPlan,
  type ListingResult,
} from "@/lib/listing/custom-rates/bulk";

/**
 * One custom rate for a selection larger than one bulk PUT takes: the targets in chunks of
 * MAX_BULK_TARGETS (the path listing and 100 `listing_ids`), sent paced, 4 at a time (each
 * call is its own resource, `/listings/{first}/bulk_custom_rates`, so they never 409 each
 * other), and one result line per selected listing, view-only ones last as "not sent".
 */

export const bulkChunks = (targets: readonly Listing[]) => chunksOf(targets, MAX_BULK_TARGETS);

export async function sendBulkCustomRates(input: {
  plan: BulkPlan;
  /** One call for a chunk (putCustomRatesToMany in the dialog). */
  write: (chunk: Listing[]) => Promise<BulkCustomRatesResult>;
  budget: PacedOptions["budget"];
  signal?: AbortSignal;
  onProgress?: (progress: ChunkProgress) => void;
  sleep?: (ms: number) => Promise<unknown>;
}): Promise<ListingResult[]> {
  const sent = await sendChunksPaced({
    chunks: bulkChunks(input.plan.targets),
    sizeOf: (chunk) => chunk.length,
    send: input.write,
    resultsOf: chunkResults,
    cancelledReason: CANCELLED_NOT_SENT,
    budget: input.budget,
    signal: input.signal,
    onProgress: input.onProgress,
    sleep: input.sleep,
  });
  return [...sent, ...viewOnlyResults(input.plan)];
}
