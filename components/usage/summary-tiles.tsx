import { useId, type ReactNode } from "react";
import type { UsageCounters } from "@/lib/svc/schemas/usage";
import { formatLatency } from "@/lib/format/durations";
import { formatCount, formatPercent, percentOf } from "@/lib/usage/series";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";

function Tile({
  label,
  value,
  detail,
  alert = false,
}: {
  label: string;
  value: ReactNode;
  detail: ReactNode;
  alert?: boolean;
}) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      className={cn(
        "rounded-lg border bg-white px-4 py-3",
        alert ? "border-red-300 ring-1 ring-inset ring-red-200" : "border-slate-200",
      )}
    >
      <p id={id} className="text-xs font-medium uppercase tracking-wide text-slate-600">
        {label}
      </p>
      <p
        className={cn("mt-1 text-2xl font-semibold tabular-nums", alert ? "text-red-700" : "text-slate-900")}
      >
        {value}
      </p>
      <p className="mt-0.5 text-xs text-slate-600">{detail}</p>
    </div>
  );
}

/** The window's totals: requests, error rate, 429s and p95 latency. */
export function SummaryTiles({ totals }: { totals: UsageCounters | null }) {
  if (!totals) {
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="mt-2 h-7 w-24" />
            <Skeleton className="mt-1.5 h-3 w-32" />
          </div>
        ))}
      </div>
    );
  }
  const { requests, errors, rate_limited: limited, latency_ms: latency } = totals;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Tile label="Requests" value={formatCount(requests)} detail="in the window measured" />
      <Tile
        label="Error rate"
        value={formatPercent(percentOf(errors, requests))}
        detail={`${formatCount(errors)} error${errors === 1 ? "" : "s"}, 429s included`}
      />
      <Tile
        label="429s"
        value={formatCount(limited)}
        alert={limited > 0}
        detail={
          limited > 0
            ? `${formatPercent(percentOf(limited, requests))} of requests were rate limited`
            : "No request was rate limited"
        }
      />
      <Tile
        label="p95 latency"
        value={formatLatency(latency.p95)}
        detail={`p50 ${formatLatency(latency.p50)} · p99 ${formatLatency(latency.p99)}`}
      />
    </div>
  );
}
