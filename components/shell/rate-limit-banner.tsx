"use client";

import { useSyncExternalStore } from "react";
import { formatDuration, secondsUntil } from "@/lib/format/durations";
import { rateLimitStore } from "@/lib/queries/svc";
import { useNow } from "@/components/shell/use-now";

/**
 * After a 429 the dashboard waits the `Retry-After` the service gave and retries once by
 * itself (app/providers.tsx); this says so, with the countdown, until an answer arrives.
 */
export function RateLimitBanner() {
  const { waitUntil } = useSyncExternalStore(
    rateLimitStore.subscribe,
    rateLimitStore.get,
    rateLimitStore.get,
  );
  const now = useNow(250, waitUntil !== null);
  if (waitUntil === null) return null;
  const left = secondsUntil(waitUntil, now);
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm text-amber-950">
      <strong>The pricing service&apos;s rate limit was reached.</strong>{" "}
      {left > 0 ? `Retrying in ${formatDuration(left)}…` : "Retrying now…"}
    </div>
  );
}
