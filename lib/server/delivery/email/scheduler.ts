import { sendDueDigests, type DeliveryDeps, type DigestResult } from "@/lib/server/delivery/email/deliver";

/**
 * The morning digests' clock: every minute (a timer that keeps no process alive), the digests
 * due by then are sent; the first round runs at start, so that a server that was down at a
 * person's time sends the day's digest when it comes up. A round still sending when the next
 * is due makes that one wait its turn, never two at once in a process; across instances, the
 * claim in the store (one per person and day) decides who sends.
 */
export interface DigestScheduler {
  /** One round now: what this round sent, or found nothing due for. */
  tick(now?: Date): Promise<DigestResult[]>;
  stop(): void;
}

export function createDigestScheduler(
  deps: DeliveryDeps,
  {
    everyMs = 60_000,
    clock = () => new Date(),
    start = true,
  }: { everyMs?: number; clock?: () => Date; start?: boolean } = {},
): DigestScheduler {
  let running: Promise<DigestResult[]> | null = null;
  const onError = deps.onError ?? ((message: string) => console.error(message));
  const tick = async (now = clock()) => {
    while (running) await running.catch(() => undefined);
    running = sendDueDigests(deps, now);
    try {
      return await running;
    } catch (error) {
      onError(
        `The morning digests could not be sent: ${error instanceof Error ? error.message : "unknown failure"}`,
      );
      return [];
    } finally {
      running = null;
    }
  };
  let timer: ReturnType<typeof setInterval> | null = null;
  if (start) {
    void tick();
    timer = setInterval(() => void tick(), everyMs);
    timer.unref?.();
  }
  return {
    tick,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
