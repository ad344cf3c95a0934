"use client";

import { LabelledSelect } from "@/components/ui/labelled-select";
import { ListingsFilters } from "@/components/ui/portfolio-filters";
import { channelLabels } from "@/lib/display/channels";
import { labelOf } from "@/lib/display/open-values";
import type { PaceReportView } from "@/lib/pace/queries";
import type { PaceScope } from "@/lib/pace/scope";

const ALL = "";
const bedroomsLabel = (group: string) =>
  group === "0" ? "Studio" : group === "1" ? "1 bedroom" : `${group} bedrooms`;

/**
 * Which listings Pace counts: the Listings page's filters, then market, bedrooms and channel,
 * then segment and comp set, each offering only what the mirrored listings hold. A choice kept
 * in the URL that no listing holds any more (or a group the mirror has not read yet) is still
 * shown, so the view says what it counts.
 */
export function PaceFilters({
  scope,
  choices,
  onChange,
}: {
  scope: PaceScope;
  choices: PaceReportView["choices"] | undefined;
  onChange: (next: Partial<PaceScope>) => void;
}) {
  const withKept = (options: Array<{ value: string; label: string }>, kept: string | null) =>
    kept === null || options.some((o) => o.value === kept)
      ? options
      : [...options, { value: kept, label: kept }];
  return (
    <div className="space-y-2">
      <ListingsFilters filters={scope} owners={choices?.owners ?? []} onChange={(next) => onChange(next)} />
      <div
        role="group"
        aria-label="Market, bedrooms and channel"
        className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
      >
        <LabelledSelect
          label="Market"
          value={scope.market ?? ALL}
          options={[
            { value: ALL, label: "All markets" },
            ...withKept(
              (choices?.markets ?? []).map((m) => ({ value: m.id, label: m.name })),
              scope.market,
            ),
          ]}
          onChange={(market) => onChange({ market: market || null })}
        />
        <LabelledSelect
          label="Bedrooms"
          value={scope.bedrooms ?? ALL}
          options={[
            { value: ALL, label: "Any" },
            ...withKept(
              (choices?.bedrooms ?? []).map((b) => ({ value: b, label: bedroomsLabel(b) })),
              scope.bedrooms,
            ),
          ]}
          onChange={(bedrooms) => onChange({ bedrooms: bedrooms || null })}
        />
        <LabelledSelect
          label="Channel"
          value={scope.channel ?? ALL}
          options={[
            { value: ALL, label: "All channels" },
            ...withKept(
              (choices?.channels ?? []).map((c) => ({ value: c, label: labelOf(channelLabels, c) })),
              scope.channel,
            ),
          ]}
          onChange={(channel) => onChange({ channel: channel || null })}
        />
      </div>
      <div
        role="group"
        aria-label="Segment and comp set"
        className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
      >
        <LabelledSelect
          label="Segment"
          value={scope.segment ?? ALL}
          options={[
            { value: ALL, label: "All segments" },
            ...withKept(
              (choices?.segments ?? []).map((g) => ({ value: g.id, label: g.name })),
              scope.segment,
            ),
          ]}
          onChange={(segment) => onChange({ segment: segment || null })}
        />
        <LabelledSelect
          label="Comp set"
          value={scope.set ?? ALL}
          options={[
            { value: ALL, label: "All listings" },
            ...withKept(
              (choices?.sets ?? []).map((g) => ({ value: g.id, label: g.name })),
              scope.set,
            ),
          ]}
          onChange={(set) => onChange({ set: set || null })}
        />
        {/* A set has two kinds of listings: say which ones a comp set here counts. */}
        <p className="text-xs text-slate-500">
          A comp set counts your listings associated with it, not its comparison listings.
        </p>
      </div>
    </div>
  );
}
