"use client";

import type { ReactNode } from "react";
import { nightWords } from "@/lib/calendar/rows";
import type { GridCell } from "@/lib/calendar/selection";
import type { NightColumns } from "@/lib/format/night-columns";
import { columnName } from "@/components/ui/night-grid-header";
import type { RowView } from "@/components/calendar/portfolio-rows";
import { NightMinStay } from "@/components/calendar/night-min-stay";
import { NightNeighborhood } from "@/components/calendar/night-neighborhood";
import type { DateRange } from "@/components/calendar/use-row-loading";

/**
 * The night under the pointer, else the focused one, in words: the listing calendar's night
 * details for one cell of the portfolio, with the neighborhood's prices for the night. A small
 * tip follows the pointer as well.
 */
export function NightPanel({
  cell,
  viewOf,
  nights,
  range,
  touch,
  hoverRect,
}: {
  cell: GridCell | null;
  viewOf: (row: number) => RowView;
  nights: NightColumns;
  /** The nights in view: a listing's neighborhood is read for all of them at once. */
  range: DateRange;
  /** Said in taps on a touch or narrow screen. */
  touch: boolean;
  hoverRect?: DOMRect;
}) {
  const view = cell ? viewOf(cell.row) : null;
  const date = cell && nights.columns[cell.col] ? columnName(nights, cell.col) : null;
  const words = cell && view?.nights ? nightWords(view.nights, cell.col) : null;
  const night = cell && nights.columns[cell.col] ? nights.columns[cell.col]!.date : null;
  const svcId = view?.listing?.svc_id;
  const minStay: ReactNode =
    words?.customRate && cell && night && svcId && view?.nights ? (
      <NightMinStay
        svcId={svcId}
        date={night}
        range={range}
        listingNights={view.nights.minStay[cell.col]!}
        fallback={words.minStay}
      />
    ) : (
      words?.minStay
    );
  const items: [string, ReactNode][] = words
    ? [
        ["Status", words.status],
        ["Price", words.price],
        ["Recommendation", words.recommended],
        ["Minimum stay", minStay],
        ["Demand", words.demand],
        ["Against base price", words.band ?? "No base price"],
      ]
    : [];
  return (
    <>
      <section
        aria-label="Night details"
        data-testid="night-details"
        className="min-h-[4.5rem] rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
      >
        {view?.listing && date ? (
          <>
            <p className="font-medium text-slate-900">
              {view.listing.name} · {date}
            </p>
            {words ? (
              <dl className="mt-1 grid grid-cols-2 gap-x-6 gap-y-0.5 text-slate-700 sm:grid-cols-3 lg:grid-cols-6">
                {items.map(([term, value]) => (
                  <div key={term}>
                    <dt className="inline text-slate-600">{term}: </dt>
                    <dd className="inline font-medium text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="text-slate-600">
                {view.failed ? "This listing's nights did not load." : "Loading this listing's nights…"}
              </p>
            )}
            {words?.customRate ? <p className="mt-0.5 text-slate-700">{words.customRate}</p> : null}
            {words && night ? (
              <NightNeighborhood svcId={view.listing.svc_id} date={night} range={range} />
            ) : null}
          </>
        ) : (
          <p className="text-slate-600">
            {touch
              ? "Tap a night to see its price, recommendation, minimum stay and status here."
              : "Point at a night, or focus the grid and move with the arrow keys, to see its price, recommendation, minimum stay and status here."}
          </p>
        )}
      </section>
      {hoverRect && words ? (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-50 max-w-xs -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
          style={{ left: hoverRect.left + hoverRect.width / 2, top: hoverRect.top - 6 }}
        >
          <p className="font-medium">{date}</p>
          <p>
            {words.price} · {words.status} · min {words.minStay}
          </p>
        </div>
      ) : null}
    </>
  );
}
