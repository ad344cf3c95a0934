import { DEMAND_BANDS, PRICE_BANDS, type ColourBy } from "@/lib/calendar/rows";
import { HATCH } from "@/components/ui/heatmap-layout";

function Swatch({ colour, label, image }: { colour: string; label: string; image?: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="inline-block h-3.5 w-5 rounded-sm border border-slate-300"
        style={{ backgroundColor: colour, backgroundImage: image }}
      />
      {label}
    </li>
  );
}

/** What the colours and marks of a night say; every one is also in the night's name and details. */
export function PortfolioLegend({ colourBy }: { colourBy: ColourBy }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-6 gap-y-2 text-xs text-slate-700"
      aria-label="Legend"
      role="group"
    >
      <ul
        className="flex flex-wrap items-center gap-x-3 gap-y-1"
        aria-label={colourBy === "price" ? "Price against the listing's base price" : "Demand"}
      >
        {colourBy === "price"
          ? PRICE_BANDS.map((b) => <Swatch key={b.label} colour={b.colour} label={b.label} />)
          : DEMAND_BANDS.map((b) => <Swatch key={b.label} colour={b.colour} label={b.label} />)}
      </ul>
      <ul className="flex flex-wrap items-center gap-x-3 gap-y-1" aria-label="Marks">
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="relative inline-block h-3.5 w-5 rounded-sm border border-slate-300 bg-white"
          >
            <span className="absolute inset-x-0 bottom-0 h-1 bg-slate-800" />
          </span>
          Booked
        </li>
        <Swatch colour="#ffffff" image={HATCH} label="Blocked by the host" />
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="relative inline-block h-3.5 w-5 rounded-sm border border-slate-300 bg-white"
          >
            <span className="absolute right-0 top-0 h-0 w-0 border-l-[8px] border-t-[8px] border-l-transparent border-t-violet-700" />
          </span>
          Custom rate
        </li>
        <li>“2n”: minimum stay of 2 nights</li>
        <Swatch colour="var(--heat-missing)" label="No data" />
      </ul>
    </div>
  );
}
