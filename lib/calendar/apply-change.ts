import type { ListingResult } from "../listing/custom-rates/bulk";
import { runPaced, type PacedOptions } from "../queries/paced";
import { retryDelay, shouldRetry } from "../queries/retry";
import { isSvcError } from "../svc/errors";
import type { CustomRateInput } from "../svc/schemas/custom-rates";
import type { Listing } from "../svc/schemas/listings";
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
} from "./bulk-change";

/**
 * Sends a planned change, group by group, paced like every bulk read (4 in flight, paused
 * below 20 % of the minute's budget). A 409 (another write to the listing is running) is
 * retried, as the interface asks; a refusal is that group's result, not the end of the run.
 * Cancel stops sending: writes already sent finish and say how they ended; the rest are
 * listed as not sent. One result line per selected listing, always.
 */

export interface ApplyProgress {
  /** Listings whose write has answered. */
  done: number;
  total: number;
  pausedUntil: number | null;
}

export type WriteGroupFn = (group: WriteGroup, customRates: CustomRateInput[]) => Promise<GroupOutcome>;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One group's write with the retries the service asks for; any other failure is the group's refusal. */
export async function writeWithRetries(
  write: () => Promise<GroupOutcome>,
  sleep: (ms: number) => Promise<unknown> = wait,
): Promise<GroupOutcome> {
  // Counted as TanStack Query counts them: the first failure is number 0.
  for (let failures = 0; ; failures++) {
    try {
      return await write();
    } catch (error) {
      if (shouldRetry(failures, error)) {
        await sleep(retryDelay(failures, error));
        continue;
      }
      const reason = isSvcError(error)
        ? error.message
        : "The dashboard could not reach the pricing service; nothing is known to have changed.";
      return { kind: "refused", reason };
    }
  }
}

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
  const total = groups.reduce((n, g) => n + g.listings.length, 0);
  const answered = new Map<WriteGroup, ListingResult[]>();
  let done = 0;
  let pausedUntil: number | null = null;
  const report = () => input.onProgress?.({ done, total, pausedUntil });

  await runPaced(
    groups,
    async (group) => {
      const outcome = await writeWithRetries(
        () => input.write(group, periodsFor(change, group.periods, reason)),
        input.sleep,
      );
      answered.set(group, groupResults(group, outcome));
      done += group.listings.length;
      report();
    },
    {
      budget: input.budget,
      signal: input.signal,
      onProgress: (p) => {
        pausedUntil = p.pausedUntil;
        report();
      },
    },
  );

  const results = groups.flatMap(
    (group) => answered.get(group) ?? groupResults(group, { kind: "not_sent", reason: CANCELLED_NOT_SENT }),
  );
  const gone = plan.sends.filter((s) => goneIds.has(s.listing.svc_id)).map((s) => s.listing);
  return [...results, ...notSentResults(plan, gone)];
}
