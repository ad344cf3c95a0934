"use client";

import { describeError } from "@/components/ui/error-panel";
import { Button } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Switch } from "@/components/ui/switch";
import { cellValueOptions, type CellValue } from "@/components/listing/calendar/calendar-display";

interface OverlayQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Overlay {
  on: boolean;
  onChange: (on: boolean) => void;
  query: OverlayQuery;
}

function OverlayStatus({ overlay, what }: { overlay: Overlay; what: string }) {
  if (!overlay.on) return null;
  if (overlay.query.isError) {
    return (
      <span role="alert" className="inline-flex flex-wrap items-center gap-2 text-xs text-red-800">
        The {what} did not load. {describeError(overlay.query.error)}
        <Button variant="secondary" className="px-2 py-0.5 text-xs" onClick={() => overlay.query.refetch()}>
          Try again
        </Button>
      </span>
    );
  }
  if (overlay.query.isPending) return <span className="text-xs text-slate-600">Loading the {what}…</span>;
  return null;
}

/** What each square shows, and the two overlays (each fetched the first time it is turned on). */
export function CalendarOptions({
  cellValue,
  onCellValue,
  fees,
  minStay,
}: {
  cellValue: CellValue;
  onCellValue: (value: CellValue) => void;
  fees: Overlay;
  minStay: Overlay;
}) {
  return (
    <div
      role="group"
      aria-label="Calendar options"
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
    >
      <div className="flex items-center gap-2">
        <span className="text-sm text-slate-700" aria-hidden="true">
          Each night shows
        </span>
        <SegmentedControl
          label="Each night shows"
          value={cellValue}
          options={cellValueOptions}
          onValueChange={onCellValue}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Switch
          label="Fee impact"
          checked={fees.on}
          onCheckedChange={fees.onChange}
          description="Adds what guests pay per night once fees are included."
        />
        <OverlayStatus overlay={fees} what="fee impact" />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Switch
          label="Minimum-stay calendar"
          checked={minStay.on}
          onCheckedChange={minStay.onChange}
          description="Adds each night's minimum stay, custom rates included."
        />
        <OverlayStatus overlay={minStay} what="minimum-stay calendar" />
      </div>
    </div>
  );
}
