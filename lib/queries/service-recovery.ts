import { isSvcError } from "@/lib/svc/errors";
import { anyAnswer, callDashboard } from "@/lib/queries/dashboard-api";

/**
 * Open pages recover by themselves when the pricing service comes back.
 * A query that failed because the service (or the dashboard) could not be reached starts one
 * watcher per page: it asks the dashboard whether the service answers again, after growing
 * pauses, and when it does, the failed queries are fetched again; no click needed. It runs
 * only while something is known to be down, so it is not polling: a healthy page sends nothing.
 */

/** Pauses before each check: 2 s, 4 s, 8 s, 15 s, then every 30 s. */
export const RECOVERY_DELAYS_MS = [2000, 4000, 8000, 15_000, 30_000];

/** The failures that mean "not reachable", as opposed to an answer the service gave. */
export function isUnreachable(error: unknown): boolean {
  return isSvcError(error) && (error.code === "upstream_unreachable" || error.code === "upstream_timeout");
}

export interface RecoveryOptions {
  /** Whether the service answers now. A failed check is a `false`. */
  probe: () => Promise<boolean>;
  /** The service answers again: fetch what failed. */
  onBack: () => void;
  delays?: number[];
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface ServiceRecovery {
  /** A query failed as unreachable: start watching, unless already watching. */
  noticeFailure(): void;
  readonly watching: boolean;
  stop(): void;
}

export function createServiceRecovery({
  probe,
  onBack,
  delays = RECOVERY_DELAYS_MS,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: RecoveryOptions): ServiceRecovery {
  let timer: unknown = null;
  let attempt = 0;
  let watching = false;

  const schedule = () => {
    const delay = delays[Math.min(attempt, delays.length - 1)]!;
    timer = setTimer(check, delay);
  };
  async function check() {
    timer = null;
    if (!watching) return;
    const back = await probe().catch(() => false);
    if (!watching) return;
    if (back) {
      watching = false;
      attempt = 0;
      onBack();
      return;
    }
    attempt += 1;
    schedule();
  }

  return {
    noticeFailure() {
      if (watching) return;
      watching = true;
      attempt = 0;
      schedule();
    },
    get watching() {
      return watching;
    },
    stop() {
      watching = false;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

/** The dashboard's check: 200 when the service answers, anything else (or no answer) when not. */
export async function serviceAnswers(): Promise<boolean> {
  return callDashboard("/api/service-status", anyAnswer).then(
    () => true,
    () => false,
  );
}
