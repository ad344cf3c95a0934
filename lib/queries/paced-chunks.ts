import type { RateLimitSnapshot } from "@/lib/shell/rate-limit-store";
import { runPaced, type PacedOptions } from "@/lib/queries/paced";
import { writeWithRetries } from "@/lib/queries/write-retries";

/**
 * A change to more listings than one call takes, sent as several calls ("chunks"): paced like
 * every bulk read (runPaced: a few in flight, paused below 20 % of the minute's budget), each
 * chunk retried on 409 (writeWithRetries), and merged into one result line per listing.
 * Cancel stops sending: chunks already sent finish and report; the rest are "not sent".
 * Used by the portfolio calendar's groups and by the Listings page's bulk dialogs.
 */

/** What one chunk came to: the service's answer, a refusal of the whole call, or never sent. */
export type ChunkOutcome<A> =
  | { kind: "answered"; answer: A }
  | { kind: "refused"; reason: string }
  | { kind: "not_sent"; reason: string };

export interface ChunkProgress {
  /** Listings whose chunk has answered (applied or refused). */
  done: number;
  total: number;
  /** Unix ms until which sending waits to keep budget for other work; null while sending. */
  pausedUntil: number | null;
  /** Requests left in the minute when the pause began, said in the pause's sentence. */
  keptForOtherWork?: number | null;
}

/** `items` in runs of at most `size`, in order. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  if (!(size >= 1)) throw new Error("a chunk holds at least one item");
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export async function sendChunksPaced<C, A, R>(input: {
  chunks: readonly C[];
  /** How many listings a chunk counts for in the progress. */
  sizeOf: (chunk: C) => number;
  /** One call for the chunk; a throw is retried or becomes the chunk's refusal. */
  send: (chunk: C) => Promise<A>;
  /** The chunk's result lines for what it came to. */
  resultsOf: (chunk: C, outcome: ChunkOutcome<A>) => R[];
  /** The reason given to the listings of chunks not sent because of Cancel. */
  cancelledReason: string;
  budget: () => RateLimitSnapshot;
  /** Calls in flight at most (runPaced's default, 4, unless the calls share one resource). */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ChunkProgress) => void;
  sleep?: (ms: number) => Promise<unknown>;
  pacing?: Pick<PacedOptions, "now" | "sleep">;
}): Promise<R[]> {
  const { chunks, sizeOf } = input;
  const total = chunks.reduce((n, c) => n + sizeOf(c), 0);
  const answered = new Map<C, R[]>();
  const progress: ChunkProgress = { done: 0, total, pausedUntil: null, keptForOtherWork: null };
  const report = () => input.onProgress?.({ ...progress });

  await runPaced(
    chunks,
    // The signal is not passed on: a call already sent is let finish, so its result is known.
    async (chunk) => {
      const outcome = await writeWithRetries(
        async () => ({ kind: "answered" as const, answer: await input.send(chunk) }),
        input.sleep,
      );
      answered.set(chunk, input.resultsOf(chunk, outcome));
      progress.done += sizeOf(chunk);
      report();
    },
    {
      budget: input.budget,
      concurrency: input.concurrency,
      signal: input.signal,
      ...input.pacing,
      onProgress: (p) => {
        if (p.pausedUntil === progress.pausedUntil) return;
        progress.pausedUntil = p.pausedUntil;
        progress.keptForOtherWork =
          p.pausedUntil === null ? null : (input.budget().reading?.remaining ?? null);
        report();
      },
    },
  );

  // In the chunks' order, whatever order they answered in.
  return chunks.flatMap(
    (chunk) =>
      answered.get(chunk) ?? input.resultsOf(chunk, { kind: "not_sent", reason: input.cancelledReason }),
  );
}
