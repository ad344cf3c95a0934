/**
 * When rules are evaluated: a few seconds after the mirror finished writing something for the
 * account (a webhook's refresh, the backfill, the nightly reconcile), coalescing every write
 * of those seconds into one evaluation; and once a day for every account with an active rule,
 * so that a rule about time passing (no booking in 14 days) fires with no write at all. Never a
 * request to the service: evaluation reads the mirror.
 *
 * A write that named listings (their reservations, nights or flags read again) has those
 * listings evaluated; any other (the listing list, a market, the groups) and the daily pass,
 * every listing.
 */
export interface AlertTrigger {
  /** The mirror wrote rows for the account: evaluate after the quiet time. */
  mirrorWrote(accountId: string, listingIds?: readonly string[]): void;
  stop(): void;
}

export interface TriggerOptions {
  /** `listings` undefined: every listing of the account. */
  evaluate: (accountId: string, listings: readonly string[] | undefined) => Promise<unknown>;
  /** Accounts the daily evaluation covers. */
  accounts: () => Promise<string[]>;
  /** At most one evaluation per account in this time (3 s). */
  debounceMs?: number;
  /** The daily evaluation's period (24 h). */
  dailyMs?: number;
  onError?: (error: unknown) => void;
}

const EVERY = "every" as const;

export function createAlertTrigger({
  evaluate,
  accounts,
  debounceMs = 3_000,
  dailyMs = 86_400_000,
  onError = (error) =>
    console.error("Alert rules could not be evaluated:", error instanceof Error ? error.message : error),
}: TriggerOptions): AlertTrigger {
  /** What each account's next evaluation covers. */
  const pending = new Map<string, Set<string> | typeof EVERY>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Set<string>();

  const run = async (accountId: string) => {
    timers.delete(accountId);
    // Writes during an evaluation wait for it: never two of one account at once.
    if (running.has(accountId)) return;
    const what = pending.get(accountId);
    pending.delete(accountId);
    if (what === undefined) return;
    running.add(accountId);
    try {
      await evaluate(accountId, what === EVERY ? undefined : [...what].sort());
    } catch (error) {
      onError(error);
    } finally {
      running.delete(accountId);
      if (pending.has(accountId)) arm(accountId);
    }
  };
  const arm = (accountId: string) => {
    if (timers.has(accountId)) return;
    const timer = setTimeout(() => void run(accountId), debounceMs);
    timer.unref?.();
    timers.set(accountId, timer);
  };
  const note = (accountId: string, listingIds: readonly string[] | undefined) => {
    const now = pending.get(accountId);
    if (listingIds === undefined || now === EVERY) pending.set(accountId, EVERY);
    else pending.set(accountId, new Set([...(now ?? []), ...listingIds]));
    arm(accountId);
  };
  const daily = setInterval(() => {
    accounts().then((list) => list.forEach((a) => note(a, undefined)), onError);
  }, dailyMs);
  daily.unref?.();

  return {
    mirrorWrote: note,
    stop() {
      clearInterval(daily);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      pending.clear();
    },
  };
}

/** What a finished mirror read names: its listing, or (the list, a market, the groups) every listing. */
export const listingsOfRead = (kind: string, subject: string): readonly string[] | undefined =>
  ["reservations", "nights", "flags"].includes(kind) && subject !== "" ? [subject] : undefined;
