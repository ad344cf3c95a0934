import { formatKeyDate, formatKeyMoment } from "@/lib/api-keys/display";

/** A date in words, with the full moment on hover; "Never" (or the fallback) for none. */
export function KeyDate({ iso, fallback = "Never" }: { iso: string | null; fallback?: string }) {
  if (iso === null) return <span className="text-slate-500">{fallback}</span>;
  return (
    <time dateTime={iso} title={formatKeyMoment(iso)} className="whitespace-nowrap tabular-nums">
      {formatKeyDate(iso)}
    </time>
  );
}
