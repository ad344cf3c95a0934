"use client";

import { useQuery } from "@tanstack/react-query";
import { flagSummary, flagTitle, severityLabels, sortFlags } from "@/lib/listing/records/flags";
import { flagsQuery } from "@/lib/listing/records/queries";
import type { ListingFlag } from "@/lib/svc/schemas/listing-extras";
import { formatRelative, formatUtc, isoInWords } from "@/lib/format/times";
import { useNow } from "@/components/shell/use-now";
import { Badge } from "@/components/ui/badge";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { EmptyState, RecordPanel } from "@/components/listing/records/record-panel";

const tones = { critical: "red", warning: "amber", info: "neutral" } as const;
const borders = {
  critical: "border-l-red-500",
  warning: "border-l-amber-500",
  info: "border-l-slate-300",
} as const;

/**
 * Conditions the service derived from the listing's data, most severe first. The service
 * clears a flag by itself when its condition ends, so the tab has nothing to dismiss.
 */
export function FlagsTab({ listing }: ListingTabProps) {
  const flags = useQuery(flagsQuery(listing.svc_id));
  const state = flags.isPending ? "loading" : flags.isError ? "error" : "ready";
  const now = useNow(60_000);

  return (
    <RecordPanel
      testId="flags"
      title="Flags"
      description={
        flags.isSuccess && flags.data.length > 0
          ? `${flagSummary(flags.data)}. The service raises and clears these by itself from the listing's data.`
          : "Conditions the service raises and clears by itself from the listing's data."
      }
      state={state}
    >
      {flags.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading flags</span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-lg" />
          ))}
        </div>
      ) : flags.isError ? (
        <ErrorPanel error={flags.error} onRetry={() => void flags.refetch()} what="this listing's flags" />
      ) : flags.data.length === 0 ? (
        <EmptyState title="No flags.">Nothing about this listing needs your attention right now.</EmptyState>
      ) : (
        <ul aria-label="Flags" className="space-y-3">
          {sortFlags(flags.data).map((flag) => (
            <FlagItem key={flag.code} flag={flag} now={now} />
          ))}
        </ul>
      )}
    </RecordPanel>
  );
}

function FlagItem({ flag, now }: { flag: ListingFlag; now: number }) {
  return (
    <li
      data-flag-code={flag.code}
      className={`rounded-lg border border-l-4 border-slate-200 bg-white p-4 ${borders[flag.severity]}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={tones[flag.severity]}>{severityLabels[flag.severity]}</Badge>
        <h3 className="text-sm font-semibold text-slate-900">{flagTitle(flag.code)}</h3>
      </div>
      <p className="mt-1 text-sm text-slate-700">{isoInWords(flag.message)}</p>
      <p className="mt-1 text-xs text-slate-500">
        Detected <time dateTime={flag.detected_at}>{formatUtc(flag.detected_at)}</time> (
        {formatRelative(flag.detected_at, now)})
      </p>
    </li>
  );
}
