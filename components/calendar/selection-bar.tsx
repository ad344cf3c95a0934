"use client";

import type { RowNights } from "@/lib/calendar/rows";
import { rectOf, selectionWords, type Selection } from "@/lib/calendar/selection";
import { formatDayLong } from "@/lib/format/dates";
import type { NightColumns } from "@/lib/format/night-columns";
import { READ_ONLY_CUSTOM_RATES_REASON } from "@/lib/listing/custom-rates/permission";
import { canWriteListing } from "@/lib/access/listing-access";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";
import { lazyDialog } from "@/components/ui/lazy";
import { ChangeButton } from "@/components/calendar/change-button";
import type { ChangeDialogProps, ChangeTarget } from "@/components/calendar/change-dialog";

const ChangeDialog = lazyDialog<ChangeDialogProps>(() => import("@/components/calendar/change-dialog"), {
  trigger: ({ kind, disabledReason }) => <ChangeButton kind={kind} disabledReason={disabledReason} />,
});

const VIEW_ONLY_REASON =
  "You have view-only access to every selected listing: their nights cannot be changed. Ask the listing's owner for editor access.";

/**
 * The selection in words and what can be done with it: a custom rate or a minimum stay over
 * the selected nights, each listing written on its own terms. Disabled, with the reason in
 * words, for a read-only key or a selection of view-only listings.
 */
export function SelectionBar({
  selection,
  listings,
  nights,
  rowOf,
  keyKind,
  touch,
  onClear,
}: {
  selection: Selection | null;
  listings: readonly Listing[];
  nights: NightColumns;
  rowOf: (listing: Listing) => RowNights | null;
  keyKind: ApiKeyKind | null;
  /** On a touch or narrow screen the ways to select are said in taps. */
  touch: boolean;
  onClear: () => void;
}) {
  if (!selection) {
    return (
      <p
        className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700"
        data-testid="selection-how"
      >
        {touch
          ? "Tap a night, then tap another to select the nights between, on one listing or several."
          : "Select nights to change them: press and drag across listings and nights, or Shift with the arrow keys."}{" "}
        Then set a custom rate or a minimum stay over the selection.
      </p>
    );
  }
  const rect = rectOf(selection);
  const single = rect.top === rect.bottom && rect.left === rect.right;
  const selected: ChangeTarget[] = listings
    .slice(rect.top, rect.bottom + 1)
    .map((listing) => ({ listing, row: rowOf(listing) }));
  const first = nights.columns[rect.left]!.date;
  const last = nights.columns[rect.right]!.date;
  const dates = first === last ? formatDayLong(first) : `${formatDayLong(first)} to ${formatDayLong(last)}`;
  const reason =
    keyKind === "read_only"
      ? READ_ONLY_CUSTOM_RATES_REASON
      : selected.every((t) => !canWriteListing(t.listing.access_level))
        ? VIEW_ONLY_REASON
        : null;

  return (
    <div
      role="region"
      aria-label="Selection"
      data-testid="selection-bar"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm"
    >
      <p className="font-medium text-slate-900" aria-live="polite">
        Selected: {selectionWords(rect)}, {dates}.
        {touch && single ? " Tap another night to select the nights between." : null}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {(["rate", "min_stay"] as const).map((kind) => (
          <ChangeDialog
            key={kind}
            kind={kind}
            targets={selected}
            nights={nights}
            left={rect.left}
            right={rect.right}
            dates={dates}
            currentListings={listings}
            disabledReason={reason}
          />
        ))}
        <Button variant="secondary" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      {reason ? (
        <p className="basis-full text-slate-700" data-testid="selection-disabled-reason">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
