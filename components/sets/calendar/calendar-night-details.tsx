import type { CalendarGrid } from "@/lib/sets/calendar/model";
import { cellDetails } from "@/lib/sets/calendar/details";
import type { CellRef } from "@/components/sets/calendar/calendar-heatmap";

/**
 * The details of the night under the pointer, else of the focused night: visible words for
 * what the heat map says in colour (each cell also carries them as its accessible name).
 */
export function NightDetails({ grid, cell }: { grid: CalendarGrid; cell: CellRef | null }) {
  const details = cell ? cellDetails(grid, cell.row, cell.col) : null;
  return (
    <section
      aria-label="Night details"
      data-testid="night-details"
      className="min-h-[4.5rem] rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
    >
      {details ? (
        <>
          <p className="font-medium text-slate-900">
            {details.mine ? "Mine: " : ""}
            {details.listing} · {details.date}
          </p>
          <dl className="mt-1 grid grid-cols-2 gap-x-6 gap-y-0.5 text-slate-700 sm:grid-cols-4">
            <div>
              <dt className="inline text-slate-600">Price: </dt>
              <dd className="inline font-medium text-slate-900">{details.price}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">Status: </dt>
              <dd className="inline font-medium text-slate-900">{details.availability}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">Booking probability: </dt>
              <dd className="inline font-medium text-slate-900">{details.probability}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">Minimum stay: </dt>
              <dd className="inline font-medium text-slate-900">{details.minStay}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="text-slate-600">
          Point at a night, or focus the grid and move with the arrow keys, to see its price, status and
          booking probability here.
        </p>
      )}
    </section>
  );
}

/** A small tip over the hovered night; decorative (the same words are in the cell's name). */
export function HoverTip({ grid, cell, rect }: { grid: CalendarGrid; cell: CellRef; rect: DOMRect }) {
  const details = cellDetails(grid, cell.row, cell.col);
  if (!details) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed z-50 max-w-xs -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
      style={{ left: rect.left + rect.width / 2, top: rect.top - 6 }}
    >
      <p className="font-medium">{details.date}</p>
      <p>
        {details.price} · {details.availability}
        {details.availability.startsWith("Unavailable") ? ` · ${details.probability}` : ""}
      </p>
    </div>
  );
}
