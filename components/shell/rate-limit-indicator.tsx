"use client";

import { useSyncExternalStore } from "react";
import { formatCountdown } from "@/lib/format/durations";
import { formatUtcTime } from "@/lib/format/times";
import { headroom, meterResetAt } from "@/lib/shell/rate-limit-store";
import { rateLimitStore } from "@/lib/queries/svc";
import { cn } from "@/components/ui/cn";
import { useNow } from "@/components/shell/use-now";

/** The minute's request budget, as the last answer from the service reported it. */
export function RateLimitIndicator() {
  const { reading } = useSyncExternalStore(rateLimitStore.subscribe, rateLimitStore.get, rateLimitStore.get);
  const now = useNow(1000, reading !== null);

  if (!reading || reading.limit === null || reading.remaining === null) {
    // The box the measured budget will take (three lines), so the header does not grow under
    // the page when the first answer reports it.
    return (
      <p className="min-h-11 w-56 text-xs text-slate-600" aria-live="polite">
        API budget: not measured yet
      </p>
    );
  }
  const share = headroom(reading);
  // On our clock: the service's reset was moved by its clock's skew when it was read.
  const resetAt = meterResetAt(reading);
  const tone = share === 0 ? "bg-red-600" : share < 0.2 ? "bg-amber-500" : "bg-emerald-600";
  return (
    <div className="min-h-11 w-56">
      <p className="text-xs text-slate-700">
        API budget: <strong>{reading.remaining}</strong> of {reading.limit} this minute
      </p>
      <div
        className="mt-1 h-1.5 rounded bg-slate-200"
        role="meter"
        aria-label="Requests left this minute"
        aria-valuemin={0}
        aria-valuemax={reading.limit}
        aria-valuenow={reading.remaining}
      >
        <div className={cn("h-1.5 rounded", tone)} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      {resetAt !== null ? (
        <p className="mt-0.5 text-xs text-slate-600">
          Resets at <time dateTime={new Date(resetAt).toISOString()}>{formatUtcTime(resetAt)}</time>
          {resetAt > now ? ` (${formatCountdown(resetAt, now)})` : ""}
        </p>
      ) : null}
    </div>
  );
}
