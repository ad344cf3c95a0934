"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { formatUtcTime } from "@/lib/format/times";
import { readTotals, stateOf } from "@/lib/sync/display";
import { formatCount } from "@/lib/format/numbers";
import { isSyncing, syncStatusQuery } from "@/lib/sync/queries";

/**
 * The portfolio mirror in one line of the header, on every page: its progress while it fills,
 * then how fresh it is; a link to the Sync page. Nothing while the account has no mirror.
 */
export function SyncLine() {
  const { data: s } = useQuery(syncStatusQuery());
  if (!s?.enabled) return null;
  const text = isSyncing(s)
    ? `Syncing ${formatCount(s.listings_synced)}/${formatCount(s.listings_total)}`
    : s.state === "idle"
      ? `Synced${s.as_of ? ` · as of ${formatUtcTime(s.as_of, { seconds: false })}` : ""}`
      : `Sync: ${stateOf(s.state).label.toLowerCase()}`;
  return (
    <Link
      href="/sync"
      data-testid="sync-line"
      className="inline-flex items-center gap-2 whitespace-nowrap text-xs font-medium text-slate-700 hover:text-brand-700"
    >
      {isSyncing(s) ? (
        <progress
          className="h-1.5 w-16 accent-brand-600"
          max={readTotals(s.reads).total || 1}
          value={readTotals(s.reads).done}
          aria-hidden="true"
        />
      ) : null}
      {text}
    </Link>
  );
}
