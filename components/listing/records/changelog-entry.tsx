import {
  describeChangelogEntry,
  type ChangelogLine,
  type ListingNameOf,
} from "@/lib/listing/records/changelog-display";
import type { PreferenceChangelogEntry } from "@/lib/svc/schemas/listing-changelog";
import { formatUtc } from "@/lib/format/times";
import { Badge } from "@/components/ui/badge";

const GROUPS: Record<
  PreferenceChangelogEntry["action"],
  { label: string; tone: "neutral" | "brand" | "green" | "amber" | "red" }
> = {
  preferences_changed: { label: "Preferences", tone: "brand" },
  pricing_engine_changed: { label: "Preferences", tone: "brand" },
  price_posted: { label: "Prices", tone: "green" },
  price_post_failed: { label: "Prices", tone: "red" },
  calendar_synced: { label: "Sync", tone: "neutral" },
  custom_rate_added: { label: "Custom rates", tone: "amber" },
  custom_rate_split: { label: "Custom rates", tone: "amber" },
  custom_rate_removed: { label: "Custom rates", tone: "amber" },
  reservation_imported: { label: "Reservations", tone: "neutral" },
};

/** One change: when, who, what, and each changed value old → new; a listing copied from by name. */
export function ChangelogEntry({
  entry,
  currency,
  nameOf,
}: {
  entry: PreferenceChangelogEntry;
  currency: string;
  nameOf?: ListingNameOf;
}) {
  const view = describeChangelogEntry(entry, currency, nameOf);
  const group = GROUPS[entry.action];
  return (
    <li
      data-action={entry.action}
      className="grid gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[11rem_minmax(0,1fr)]"
    >
      <div className="text-xs text-slate-500">
        <time dateTime={entry.at}>{formatUtc(entry.at)}</time>
        <span className="block break-all text-slate-700">{view.who}</span>
      </div>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={group.tone}>{group.label}</Badge>
          <h3 className="text-sm font-semibold text-slate-900">{view.title}</h3>
        </div>
        {view.lines.length > 0 ? (
          <dl className="mt-1 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
            {view.lines.map((line, i) => (
              <Line key={`${line.label}-${i}`} line={line} />
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}

function Line({ line }: { line: ChangelogLine }) {
  return (
    <>
      <dt className="text-slate-600">{line.label}</dt>
      <dd className="text-slate-900">
        {line.before !== undefined ? (
          <>
            <span className="text-slate-600">{line.before}</span>
            <span aria-hidden="true" className="mx-1.5 text-slate-400">
              →
            </span>
            <span className="sr-only"> changed to </span>
            <span className="font-medium">{line.after}</span>
          </>
        ) : (
          line.value
        )}
      </dd>
    </>
  );
}
