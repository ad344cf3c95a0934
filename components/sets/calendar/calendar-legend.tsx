import { useId } from "react";
import type { CalendarGrid, ColourMode } from "@/lib/sets/calendar/model";
import { HATCH } from "@/components/ui/heatmap-layout";

function Swatch({ colour, hatched = false }: { colour: string; hatched?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-3.5 w-5 shrink-0 rounded-sm ring-1 ring-inset ring-slate-300"
      style={{ backgroundColor: colour, backgroundImage: hatched ? HATCH : undefined }}
    />
  );
}

/** The active scale in words and swatches, and the hatch that marks unavailable nights. */
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
          <Swatch colour="var(--chart-neutral)" hatched />
          Hatched: unavailable (booked or blocked)
        </li>
      </ul>
    </div>
  );
}
