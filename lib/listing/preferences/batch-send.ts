import { chunksOf, sendChunksPaced, type ChunkOutcome, type ChunkProgress } from "@/lib/queries/paced-chunks";
import type { PacedOptions } from "@/lib/queries/paced";
import type { Listing } from "@/lib/svc/schemas/listings";
import { CANCELLED_NOT_SENT } from "@/lib/listing/custom-rates/bulk";
import { MAX_BATCH_LISTINGS, type BatchPreferencesResult } from "@/lib/svc/schemas/preferences-batch";
import { batchRows, type BatchOutcome, type BatchRow } from "@/lib/listing/preferences/warnings";

/**
 * A batch edit of more listings than one batch PUT /preferences takes (MAX_BATCH_LISTINGS):
 * chunks of 100 sent one at a time, paced by the minute's budget. One at a time because every
 * batch is the same resource, `/preferences`: a second batch while one is being written
 * answers 409 (docs/interface-decisions.md §1), so sending four would only buy retries.
 */

export const BATCH_CHUNK_CONCURRENCY = 1;

export const batchChunks = (listings: readonly Listing[]) => chunksOf(listings, MAX_BATCH_LISTINGS);

/** One chunk's lines: the service's answer per listing, or the whole call's fate for each. */
export function batchChunkRows(chunk: Listing[], outcome: ChunkOutcome<BatchPreferencesResult>): BatchRow[] {
  if (outcome.kind === "answered") return batchRows(chunk, outcome.answer);
  return chunk.map((listing) => ({ listing, outcome: outcome.kind, warnings: [], reason: outcome.reason }));
}

export async function sendBatchPreferences(input: {
  listings: readonly Listing[];
  /** One batch PUT for a chunk (batchPreferences in the dialog). */
  write: (chunk: Listing[]) => Promise<BatchPreferencesResult>;
  budget: PacedOptions["budget"];
  signal?: AbortSignal;
  onProgress?: (progress: ChunkProgress) => void;
  sleep?: (ms: number) => Promise<unknown>;
}): Promise<BatchRow[]> {
  return sendChunksPaced({
    chunks: batchChunks(input.listings),
    sizeOf: (chunk) => chunk.length,
    send: input.write,
    resultsOf: batchChunkRows,
    cancelledReason: CANCELLED_NOT_SENT,
    concurrency: BATCH_CHUNK_CONCURRENCY,
    budget: input.budget,
    signal: input.signal,
    onProgress: input.onProgress,
    sleep: input.sleep,
  });
}

const READING_ORDER: Record<BatchOutcome, number> = {
  refused: 0,
  missing: 1,
  not_sent: 2,
  warnings: 3,
  applied: 4,
};

/** Refused, unreported and unsent listings first, then warnings, then the plainly applied. */
export function batchRowsAttentionFirst(rows: readonly BatchRow[]): BatchRow[] {
  return [...rows].sort((a, b) => READING_ORDER[a.outcome] - READING_ORDER[b.outcome]);
}
