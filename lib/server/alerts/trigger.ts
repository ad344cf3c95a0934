/**
 * When rules are evaluated: a few seconds after the mirror finished writing something for the
 * account (a webhook's refresh, the backfill, the nightly reconcile), coalescing every write
 * of those seconds into one evaluation; and once a day for every account with an active rule,
 * so that a rule about time passing (no booking in 14 days) fires with no write at all. Never a
 * request to the service: evaluation reads the mirror.
 */
export interface AlertTrigger {
  /** The mirror wrote rows for the account: evaluate it after the quiet time. */
  mirrorWrote(accountId: string): void;
  stop(): void;
}

export interface TriggerOptions {
  evaluate: (accountId: string) => Promise<unknown>;
  /** Accounts the daily evaluation covers. */
  accounts: () => Promise<string[]>;
  /** At most one evaluation per account in this time (3 s). */
  debounceMs?: number;
  /** The daily evaluation's period (24 h). */
  dailyMs?: number;
  onError?: (error: unknown) => void;
}

export function createAlertTrigger({
  evaluate,
  accounts,
  debounceMs = 3_000,
  dailyMs = 86_400_000,
  onError = (error) =>
    console.error("Alert rules could not be evaluated:", error instanceof Error ? error.message : error),
}: TriggerOptions): AlertTrigger {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Set<string>();
  /** Writes that came while the account was being evaluated: one more evaluation after it. */
  const again = new Set<string>();

  const run = async (accountId: string) => {
    waiting.delete(accountId);
    if (running.has(accountId)) {
      again.add(accountId);
      return;
    }
    running.add(accountId);
    try {
      await evaluate(accountId);
    } catch (error) {
      onError(error);
    } finally {
      running.delete(accountId);
      if (again.delete(accountId)) schedule(accountId);
    }
  };
  const schedule = (accountId: string) => {
    if (waiting.has(accountId)) return;
    const timer = setTimeout(() => void run(accountId), debounceMs);
    timer.unref?.();
    waiting.set(accountId, timer);
  };
  const daily = setInterval(() => {
    accounts().then((list) => list.forEach(schedule), onError);
  }, dailyMs);
  daily.unref?.();

  return {
    mirrorWrote: schedule,
    stop() {
      clearInterval(daily);
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
