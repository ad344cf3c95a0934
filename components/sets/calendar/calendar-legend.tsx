import { useId } from "react";
import type { CalendarGrid, ColourMode } from "@/lib/sets/calendar/model";
import { priceScaleTitle, type PriceScale } from "@/lib/sets/calendar/price-scale";
import type { CompStats } from "@/lib/sets/calendar/comp-stats";
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
 * The active scale in words and swatches (for prices: rescaled to the set, or fixed bands),
 * the hatch that marks unavailable nights, when a night of mine has one the corner that marks
 * a custom rate, and what the figure lines hold and in which unit.
 */
export function CalendarLegend({
  grid,
  mode,
  scale = "set",
  stats,
}: {
  grid: CalendarGrid;
  mode: ColourMode;
  scale?: PriceScale;
  /** The comps' figures; their lines are explained only when given. */
  stats?: CompStats;
}) {
  const id = useId();
  const buckets = mode === "price" ? grid.priceLegend : grid.probabilityLegend;
  const title =
    mode === "price"
      ? priceScaleTitle(scale, grid.currency)
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
      {stats ? (
        <ul className="space-y-0.5 text-xs text-slate-700" data-testid="figure-legend">
          <li>
            Comps&apos; median, 25th and 75th percentile: each night&apos;s figures over the active comps
            priced that night, in {grid.currency} (1.2K is 1,200).
            {stats.leftOut > 0
              ? ` ${stats.leftOut === 1 ? "One comp" : `${stats.leftOut} comps`} on the calendar ${stats.leftOut === 1 ? "is" : "are"} no longer active and left out of them.`
              : ""}
          </li>
          {grid.pinned > 0 ? (
            <li>
              Under each of your listings: its price&apos;s difference to the comps&apos; median that night,
              in % of the median (+12 is 12% above it, -8 is 8% below).
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
