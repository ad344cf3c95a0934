import type { ReactNode } from "react";
import { NIGHT_PRICE_TERMS, WAITING_TO_BE_POSTED } from "@/lib/listing/custom-rates/words";
import type { CalendarGrid } from "@/lib/sets/calendar/model";
import { cellDetails, type CellDetails } from "@/lib/sets/calendar/details";
import { figureDetails, type CalendarView, type ViewLine } from "@/lib/sets/calendar/view";
import type { CellRef } from "@/components/sets/calendar/calendar-heatmap";

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline text-slate-600">{term}: </dt>
      <dd className="inline font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The price to post, and whether the channel is still waiting for it. */
const toPostWords = (custom: NonNullable<CellDetails["customRate"]>) =>
  custom.waiting ? `${custom.toPost} (${WAITING_TO_BE_POSTED.toLowerCase()})` : custom.toPost;

/**
 * The details of the night under the pointer, else of the focused night: visible words for
 * what the heat map says in colour (each cell also carries them as its accessible name). A
 * night of mine with a custom rate shows the channel's price and the price to post, in the
 * listing calendar's words.
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
            <Item term={details.priceTerm}>{details.price}</Item>
            {details.customRate ? (
              <>
                <Item term={NIGHT_PRICE_TERMS.toPost}>{toPostWords(details.customRate)}</Item>
                <Item term={NIGHT_PRICE_TERMS.customRate}>{details.customRate.rate}</Item>
              </>
            ) : null}
            <Item term="Status">{details.availability}</Item>
            <Item term="Booking probability">{details.probability}</Item>
            <Item term="Minimum stay">{details.minStay}</Item>
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
  const custom = details.customRate;
  return (
    <div
      aria-hidden="true"
      data-testid="night-tip"
      className="pointer-events-none fixed z-50 max-w-xs -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
      style={{ left: rect.left + rect.width / 2, top: rect.top - 6 }}
    >
      <p className="font-medium">{details.date}</p>
      <p>
        {details.price}
        {custom ? " on the channel" : ""} · {details.availability}
        {details.availability.startsWith("Unavailable") ? ` · ${details.probability}` : ""}
      </p>
      {custom ? <p>{`${custom.phrase[0]!.toUpperCase()}${custom.phrase.slice(1)}`}</p> : null}
    </div>
  );
}

/** The night details of a figure line: the comps' figures, or my difference to their median. */
export function FigureNightDetails({
  view,
  line,
  col,
}: {
  view: CalendarView;
  line: Exclude<ViewLine, { kind: "listing" }>;
  col: number;
}) {
  const details = figureDetails(view, line, col);
  return (
    <section
      aria-label="Night details"
      data-testid="night-details"
      className="min-h-[4.5rem] rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
    >
      {details ? (
        <>
          <p className="font-medium text-slate-900">
            {details.title} {"\u00b7"} {details.date}
          </p>
          <dl className="mt-1 grid grid-cols-2 gap-x-6 gap-y-0.5 text-slate-700 sm:grid-cols-4">
            {details.items.map((item) => (
              <Item key={item.term} term={item.term}>
                {item.value}
              </Item>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}

/** The tip over a hovered figure; decorative (the same words are in the cell's name). */
export function FigureTip({
  view,
  line,
  col,
  rect,
}: {
  view: CalendarView;
  line: Exclude<ViewLine, { kind: "listing" }>;
  col: number;
  rect: DOMRect;
}) {
  const details = figureDetails(view, line, col);
  if (!details) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="night-tip"
      className="pointer-events-none fixed z-50 max-w-xs -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
      style={{ left: rect.left + rect.width / 2, top: rect.top - 6 }}
    >
      <p className="font-medium">{details.date}</p>
      <p>{details.words}</p>
    </div>
  );
}
