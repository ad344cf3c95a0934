"use client";

import { createContext, useContext } from "react";
import { formatCount } from "@/lib/format/numbers";
import type { TriageFactor, TriageListing } from "@/lib/triage/queue";
import { Badge } from "@/components/ui/badge";
import { ListingLink } from "@/components/ui/listing-link";

/** A row of the queue: the score's answer, and whether the listing record is held to act on it. */
export type TriageRow = TriageListing & { selectable: boolean };

const BAND_TONE = { attention: "red", watch: "amber", healthy: "green" } as const;

/** The band in words with its colour: never colour alone. */
export function BandBadge({ band, label }: { band: string; label: string }) {
  return <Badge tone={BAND_TONE[band as keyof typeof BAND_TONE] ?? "neutral"}>{label}</Badge>;
}

export function ScoreCell({ row }: { row: TriageRow }) {
  return (
    <div className="flex flex-col items-end gap-1">
      <span className="text-base font-semibold tabular-nums">{row.score ?? "\u2014"}</span>
      <BandBadge band={row.band} label={row.band_label ?? row.band} />
    </div>
  );
}

/** A factor's sub-score and its measurement; "not measured" and why, in grey, when it is not. */
export function FactorCell({ factor }: { factor: TriageFactor | undefined }) {
  if (!factor) return <span className="text-slate-500">{"\u2014"}</span>;
  if (!factor.measured)
    return (
      <span className="block max-w-36 text-xs text-slate-500" title={factor.value}>
        Not measured
      </span>
    );
  return (
    <div className="max-w-40">
      <span className="font-medium tabular-nums">{factor.sub_score}</span>
      <span className="block text-xs text-slate-600">{factor.value}</span>
    </div>
  );
}

/** A factor's column header: its label and its weight. */
export function FactorHeader({ label, weight }: { label: string; weight: number }) {
  return (
    <span>
      {label}
      <span className="block text-[11px] font-normal normal-case tracking-normal">weight {weight}</span>
    </span>
  );
}

/** The listing and its "why": the sentence, and what the score stands on. */
export function ListingCell({ row }: { row: TriageRow }) {
  const unmeasured = row.factors.filter((f) => !f.measured);
  const measured = row.factors.length - unmeasured.length;
  return (
    <div className="min-w-48 max-w-80 space-y-1">
      <ListingLink svcId={row.listing_id} name={row.name} />
      <details className="text-xs text-slate-700">
        <summary className="cursor-pointer select-none font-medium text-brand-700 hover:underline">
          Why?
        </summary>
        <p className="mt-1">{row.why}</p>
        <p className="mt-1 text-slate-600">
          {`Stands on ${formatCount(measured)} of ${formatCount(row.factors.length)} factors`}
          {unmeasured.length === 0
            ? "."
            : `; not measured: ${unmeasured.map((f) => `${f.label.toLowerCase()} (${f.value.toLowerCase()})`).join("; ")}.`}
        </p>
      </details>
    </div>
  );
}

/** The ticks, through context so that a change does not rebuild the columns (and remount every cell). */
export interface TriageSelection {
  ids: ReadonlySet<string>;
  shown: readonly TriageRow[];
  toggle: (row: TriageRow) => void;
  toggleAll: () => void;
}
export const TriageSelectionContext = createContext<TriageSelection | null>(null);
const useSelection = () => {
  const selection = useContext(TriageSelectionContext);
  if (!selection) throw new Error("The triage table needs its selection");
  return selection;
};

export function SelectAllHeader() {
  const { ids, shown, toggleAll } = useSelection();
  const selectable = shown.filter((r) => r.selectable);
  const all = selectable.length > 0 && selectable.every((r) => ids.has(r.listing_id));
  return (
    <input
      type="checkbox"
      aria-label={all ? "Clear the selection" : `Select the ${selectable.length} listings shown`}
      checked={all}
      disabled={selectable.length === 0}
      ref={(el) => {
        if (el) el.indeterminate = ids.size > 0 && !all;
      }}
      onChange={toggleAll}
      className="h-4 w-4 accent-brand-600"
    />
  );
}

export function SelectCell({ row }: { row: TriageRow }) {
  const { ids, toggle } = useSelection();
  return (
    <input
      type="checkbox"
      aria-label={`Select ${row.name}`}
      title={row.selectable ? undefined : "The mirror holds no readable record of this listing to act on."}
      disabled={!row.selectable}
      checked={ids.has(row.listing_id)}
      onChange={() => toggle(row)}
      className="h-4 w-4 accent-brand-600"
    />
  );
}
