import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { formatUtc, formatUtcDate } from "@/lib/format/times";
import type { Permission } from "@/lib/access/permission";
import { defaultStatusWords } from "@/lib/segments/display";
import { filterInWords } from "@/lib/segments/words";
import type { Segment } from "@/lib/svc/schemas/segments";
import { PermittedLink } from "@/components/ui/permitted-link";
import { Badge } from "@/components/ui/badge";

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 sm:col-span-3 lg:col-span-2" : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The segment at a glance: what it holds, in words, and the way to change it. */
export function SegmentHeader({
  segment,
  marketNames,
  editPermission,
  editNoteId,
}: {
  segment: Segment;
  marketNames: ReadonlyMap<string, string>;
  editPermission: Permission;
  editNoteId?: string;
}) {
  const status = defaultStatusWords[segment.default_status];
  return (
    <header className="space-y-3">
      <Link href="/segments" className="text-sm text-brand-700 hover:underline">
        ← All segments
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold">{segment.name}</h1>
            <Badge tone={segment.default_status === "active" ? "green" : "neutral"} title={status.meaning}>
              Default: {status.label.toLowerCase()}
            </Badge>
          </div>
          {segment.description ? (
            <p className="max-w-3xl text-sm text-slate-600">{segment.description}</p>
          ) : null}
        </div>
        <PermittedLink
          permission={editPermission}
          href={`/segments/${encodeURIComponent(segment.id)}/edit`}
          label="Edit segment"
          noteId={editNoteId}
        />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Filter" wide>
          <span data-testid="segment-filter-words">{filterInWords(segment.filter_backend, marketNames)}</span>
        </Fact>
        <Fact label="Default status">
          {status.label}
          <span className="block text-xs text-slate-600">{status.meaning}</span>
        </Fact>
        <Fact label="Listings">{segment.listing_count}</Fact>
        <Fact label="Created">
          <time dateTime={segment.created_at} title={formatUtc(segment.created_at)}>
            {formatUtcDate(segment.created_at)}
          </time>
        </Fact>
        <Fact label="Last changed">
          <time dateTime={segment.updated_at} title={formatUtc(segment.updated_at)}>
            {formatUtcDate(segment.updated_at)}
          </time>
        </Fact>
      </dl>
    </header>
  );
}
