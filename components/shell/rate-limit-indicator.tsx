"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { headroom } from "@/lib/rate-limit-store";
import { rateLimitStore } from "@/lib/queries/svc";
import { cn } from "../ui/cn";

/** The minute's request budget, as the last answer from the service reported it. */
export function RateLimitIndicator() {
  const snapshot = useSyncExternalStore(rateLimitStore.subscribe, rateLimitStore.get, () => null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  if (!snapshot || snapshot.limit === null || snapshot.remaining === null) {
    return (
      <p className="text-xs text-slate-500" aria-live="polite">
        API budget: not measured yet
      </p>
    );
  }
  const share = headroom(snapshot);
  const resetIn = snapshot.reset ? Math.max(0, Math.ceil(snapshot.reset - now / 1000)) : null;
  const tone = share === 0 ? "bg-red-600" : share < 0.2 ? "bg-amber-500" : "bg-emerald-600";
  return (
    <div className="w-48" aria-live="polite">
      <p className="text-xs text-slate-600">
        API budget: <strong>{snapshot.remaining}</strong> of {snapshot.limit} this minute
        {resetIn !== null ? <span className="text-slate-500"> · resets in {resetIn}s</span> : null}
      </p>
      <div
        className="mt-1 h-1.5 rounded bg-slate-200"
        role="meter"
        aria-label="Requests left this minute"
        aria-valuemin={0}
        aria-valuemax={snapshot.limit}
        aria-valuenow={snapshot.remaining}
      >
        <div className={cn("h-1.5 rounded", tone)} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}
