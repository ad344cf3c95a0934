import { useId } from "react";
import type { CalendarGrid, ColourMode } from "@/lib/sets/calendar/model";
import { CUSTOM_RATE_CORNER, HATCH } from "@/components/ui/heatmap-layout";

function Swatch({ colour, image }: { colour: string; image?: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-3.5 w-5 shrink-0 rounded-sm ring-1 ring-inset ring-slate-300"
      style={{ backgroundColor: colour, backgroundImage: image }}
    />
  );
}

/**
 * The active scale in words and swatches, the hatch that marks unavailable nights, and, when
 * a night of mine has one, the corner that marks a custom rate.
 */
export function CalendarLegend({ grid, mode }: { grid: CalendarGrid; mode: ColourMode }) {
  const id = useId();
  const buckets = mode === "price" ? grid.priceLegend : grid.probabilityLegend;
  const title =
    mode === "price"
      ? `Nightly price (${grid.currency}), each colour about the same share of nights`
      : "Booking probability: how likely an unavailable night is booked rather than merely held";
  return (
    <div className="space-y-1.5">
      <p id={id} className="text-xs font-medium text-slate-700">
        {title}
      </p>
      <ul aria-labelledby={id} className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
        {buckets.map((bucket) => (
          <li key={bucket.label} className="flex items-center gap-1.5 text-xs text-slate-700">
            <Swatch colour={bucket.colour} />
            {bucket.label}
          </li>
        ))}
        <li className="flex items-center gap-1.5 text-xs text-slate-700">
          <Swatch colour="var(--chart-neutral)" image={HATCH} />
          Hatched: unavailable (booked or blocked)
        </li>
        {grid.customRates.size > 0 ? (
          <li className="flex items-center gap-1.5 text-xs text-slate-700">
            <Swatch colour="#ffffff" image={CUSTOM_RATE_CORNER} />
            Corner: a custom rate on your listing (the details give its price to post)
          </li>
        ) : null}
      </ul>
    </div>
  );
}
