import { isSvcError } from "@/lib/svc/errors";
import { retryDelay, shouldRetry } from "@/lib/queries/retry";

/**
 * One write sent as the service asks writes to be sent: a 409 ("retry after it completes")
 * and a 429 are retried by the shared rule (lib/queries/retry.ts); any other failure is
 * answered as a refusal in words instead of thrown, so that one chunk or group of a large
 * change never ends the run for the others.
 */

export interface WriteRefusal {
  kind: "refused";
  reason: string;
}

export const UNREACHABLE_REASON =
  "The dashboard could not reach the pricing service; nothing is known to have changed.";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function writeWithRetries<T>(
  write: () => Promise<T>,
  sleep: (ms: number) => Promise<unknown> = wait,
): Promise<T | WriteRefusal> {
  // Counted as TanStack Query counts them: the first failure is number 0.
  for (let failures = 0; ; failures++) {
    try {
      return await write();
    } catch (error) {
      if (shouldRetry(failures, error)) {
        await sleep(retryDelay(failures, error));
        continue;
      }
      return { kind: "refused", reason: isSvcError(error) ? error.message : UNREACHABLE_REASON };
    }
  }
}
