import { format, parseISO } from "date-fns";
import { EMPTY } from "@/lib/format/numbers";
import { plural } from "@/lib/sets/calendar/gate";
import { CELL_AVAILABLE, CELL_MISSING, moneyFormatter, type CalendarGrid } from "@/lib/sets/calendar/model";

/** `Friday 12 December 2026` for a YYYY-MM-DD night. */
export const nightLabel = (date: string) => format(parseISO(date), "EEEE d MMMM yyyy");

export interface CellDetails {
  listing: string;
  /** True on a row of my own associated listings. */
  mine: boolean;
  date: string;
  price: string;
  availability: string;
  probability: string;
  minStay: string;
  /** One sentence for the cell's accessible name. */
  summary: string;
}

const MISSING_MINE = {
  loading: "Your listing's calendar is still loading",
  error: "Your listing's calendar could not be read",
  ready: "No data for this night",
} as const;

/** `dateLabel`: the night's label when the caller already has it (it formats once per column). */
export function cellDetails(
  grid: CalendarGrid,
  row: number,
  col: number,
  dateLabel?: string,
): CellDetails | null {
  const listing = grid.rows[row];
  const column = grid.columns[col];
  if (!listing || !column) return null;
  const mine = listing.mine;
  // A row of mine is named as mine in words, so a screen reader hears it too (not only the badge).
  const who = mine ? `Mine: ${listing.name}` : listing.name;
  const i = row * grid.columns.length + col;
  const date = dateLabel ?? nightLabel(column.date);
  const cellState = grid.state[i];
  if (cellState === CELL_MISSING) {
    const none = EMPTY;
    const availability = mine ? MISSING_MINE[mine.status] : "No data for this night";
    return {
      listing: listing.name,
      mine: Boolean(mine),
      date,
      price: none,
      availability,
      probability: none,
      minStay: none,
      summary: `${who}, ${date}: ${availability.toLowerCase()}`,
    };
  }
  const available = cellState === CELL_AVAILABLE;
  const minStay = plural(grid.minStay[i]!, "night");
  if (mine) {
    const amount = mine.onScale ? grid.money(grid.price[i]!) : moneyFormatter(mine.currency)(grid.price[i]!);
    const price = mine.onScale ? amount : `${amount} (in ${mine.currency}, not converted)`;
    const availability = available
      ? "Available"
      : grid.booked[i]
        ? "Booked (your reservation)"
        : "Unavailable (blocked, no reservation)";
    return {
      listing: listing.name,
      mine: true,
      date,
      price,
      availability,
      probability: "not estimated: your own bookings are known",
      minStay,
      summary: `${who}, ${date}: ${price}, ${availability.toLowerCase()}`,
    };
  }
  const price = grid.money(grid.price[i]!);
  const percent = grid.probability[i]!;
  const availability = available ? "Available" : "Unavailable (booked or blocked)";
  const probability = available
    ? "0% (an available night reports 0)"
    : `${percent}% likely booked rather than held`;
  return {
    listing: listing.name,
    mine: false,
    date,
    price,
    availability,
    probability,
    minStay,
    summary: `${who}, ${date}: ${price}, ${availability.toLowerCase()}, booking probability ${percent}%`,
  };
}
