import { formatUtc } from "@/lib/format/times";
import { Timestamp } from "@/components/ui/timestamp";

/**
 * When an entry of a feed (a notification) arrived: relative at any age ("3 h ago", "2 d ago":
 * a feed reads by recency) with the absolute UTC moment on hover, or beside it where there is
 * room (`absolute`), so that the zone is never left to guess.
 */
export function FeedTime({ iso, now, absolute = false }: { iso: string; now: number; absolute?: boolean }) {
  return (
    <span className="whitespace-nowrap text-xs text-slate-600">
      <Timestamp at={iso} now={now} relativeWithinMs={Infinity} />
      {absolute ? <span className="text-slate-500"> · {formatUtc(iso)}</span> : null}
    </span>
  );
}
