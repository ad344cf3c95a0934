import "server-only";
import { processSingleton } from "@/lib/server/process-singleton";
import { skewFromDate } from "@/lib/svc/service-time";

/**
 * The service's "now", as this process last heard it: every answer's `Date` header says what
 * time it was there (the BFF's and the mirror's reads note it), and figures "as of now" —
 * on the books now, the same time last year — are taken on the service's clock, not ours. A
 * service whose clock is moved (the reference service in tests) moves them with it.
 */
const skew = processSingleton("service-clock-skew", () => ({ ms: 0 }));

export function noteServiceDate(date: string | null, at = Date.now()): void {
  const heard = skewFromDate(date, at);
  if (heard !== null) skew.ms = heard;
}

/** The service's time now (ms), by the last answer heard; our own clock until one is. */
export const serviceNow = (at = Date.now()) => at + skew.ms;
