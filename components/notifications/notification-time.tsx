import { formatUtc } from "@/lib/format/dates";
import { relativeTime } from "@/lib/notifications/display";

/**
 * When a notification arrived: relative ("3 hours ago") with the absolute UTC moment on hover,
 * or beside it where there is room (`absolute`), so that the zone is never left to guess.
 */
export function NotificationTime({
  iso,
  now,
  absolute = false,
}: {
  iso: string;
  now: number;
  absolute?: boolean;
}) {
  const exact = formatUtc(iso);
  return (
    <span className="whitespace-nowrap text-xs text-slate-600">
      <time dateTime={iso} title={exact}>
        {relativeTime(iso, now)}
      </time>
      {absolute ? <span className="text-slate-500"> · {exact}</span> : null}
    </span>
  );
}
