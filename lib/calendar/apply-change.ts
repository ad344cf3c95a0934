import type { ListingResult } from "@/lib/listing/custom-rates/bulk";
import { sendChunksPaced, type ChunkProgress } from "@/lib/queries/paced-chunks";
import type { PacedOptions } from "@/lib/queries/paced";
import type { CustomRateInput } from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import {
  CANCELLED_NOT_SENT,
  groupResults,
  groupWrites,
  notSentResults,
  periodsFor,
  type ChangePlan,
  type GroupOutcome,
  type NightChange,
  type WriteGroup,
} from "@/lib/calendar/bulk-change";

/**
 * Sends a planned change, group by group, paced like every bulk read (4 in flight, paused
 * below 20 % of the minute's budget). A 409 (another write to the listing is running) is
 * retried, as the interface asks; a refusal is that group's result, not the end of the run.
 * Cancel stops sending: writes already sent finish and say how they ended; the rest are
 * listed as not sent. One result line per selected listing, always. The sending itself is
 * the shared sendChunksPaced (lib/queries/paced-chunks.ts), a group being one chunk.
 */

export { writeWithRetries } from "@/lib/queries/write-retries";

export type ApplyProgress = ChunkProgress;

export type WriteGroupFn = (group: WriteGroup, customRates: CustomRateInput[]) => Promise<GroupOutcome>;

export async function applyChange(input: {
  plan: ChangePlan;
  change: NightChange;
  reason?: string;
  /** Selected listings no longer in the portfolio when Apply was pressed. */
  gone?: readonly Listing[];
  write: WriteGroupFn;
  budget: PacedOptions["budget"];
  signal?: AbortSignal;
  onProgress?: (progress: ApplyProgress) => void;
  sleep?: (ms: number) => Promise<unknown>;
}): Promise<ListingResult[]> {
  const { plan, change, reason } = input;
  const goneIds = new Set((input.gone ?? []).map((l) => l.svc_id));
  const groups = groupWrites(plan.sends.filter((s) => !goneIds.has(s.listing.svc_id)));

  const results = await sendChunksPaced({
    chunks: groups,
    sizeOf: (group) => group.listings.length,
    send: (group) => input.write(group, periodsFor(change, group.periods, reason)),
    resultsOf: (group, outcome) =>
      groupResults(group, outcome.kind === "answered" ? outcome.answer : outcome),
    cancelledReason: CANCELLED_NOT_SENT,
    budget: input.budget,
    signal: input.signal,
    onProgress: input.onProgress,
    sleep: input.sleep,
  });

  const gone = plan.sends.filter((s) => goneIds.has(s.listing.svc_id)).map((s) => s.listing);
  return [...results, ...notSentResults(plan, gone)];
}
