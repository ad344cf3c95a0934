import { formatKeyDate } from "@/lib/api-keys/display";
import { formatUtc } from "@/lib/format/times";

/** A date in words (the UTC day), with the full UTC moment on hover; "Never" (or the fallback) for none. */
export function KeyDate({ iso, fallback = "Never" }: { iso: string | null; fallback?: string }) {
  if (iso === null) return <span className="text-slate-500">{fallback}</span>;
  return (
    <time dateTime={iso} title={formatUtc(iso)} className="whitespace-nowrap tabular-nums">
      {formatKeyDate(iso)}
    </time>
  );
}
