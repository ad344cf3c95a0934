import { format, parseISO } from "date-fns";
import { EMPTY } from "@/lib/format/numbers";
import {
  NIGHT_PRICE_TERMS,
  customRatePhrase,
  priceToPostWords,
  rateWords,
  waitingToPost,
} from "@/lib/listing/custom-rates/words";
import { plural } from "@/lib/sets/calendar/gate";
import { CELL_AVAILABLE, CELL_MISSING, moneyFormatter, type CalendarGrid } from "@/lib/sets/calendar/model";
import { minStayWords } from "@/lib/listing/calendar/applied";

/** `Friday 12 December 2026` for a YYYY-MM-DD night. */
export const nightLabel = (date: string) => format(parseISO(date), "EEEE d MMMM yyyy");

export interface CellDetails {
  listing: string;
  /** True on a row of my own associated listings. */
  mine: boolean;
  date: string;
  /** What the price is called: on a night of mine, the channel's (as the listing calendar says). */
  priceTerm: string;
  price: string;
  /**
   * A night of mine with a custom rate: the rate in words, the price to post (or why it is not
   * shown yet), whether it is waiting to be posted, and all of it as a phrase for sentences.
   */
  customRate: { rate: string; toPost: string; waiting: boolean; phrase: string } | null;
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
      priceTerm: mine ? NIGHT_PRICE_TERMS.channel : "Price",
      price: none,
      customRate: null,
      availability,
      probability: none,
      minStay: none,
      summary: `${who}, ${date}: ${availability.toLowerCase()}`,
    };
  }
  const available = cellState === CELL_AVAILABLE;
  const ruled = grid.customRates.get(i)?.minStay;
  const ruledWords = ruled ? minStayWords(ruled) : null;
  const minStay = ruledWords?.note
    ? `${ruledWords.value} \u00b7 ${ruledWords.note}`
    : plural(grid.minStay[i]!, "night");
  if (mine) {
    const money = mine.onScale ? grid.money : moneyFormatter(mine.currency);
    const amount = money(grid.price[i]!);
    const price = mine.onScale ? amount : `${amount} (in ${mine.currency}, not converted)`;
    // The channel's price, and where a custom rate applies the price waiting to be posted.
    const custom = grid.customRates.get(i);
    const night = custom
      ? { price: grid.price[i]!, customRate: custom.rate, postPrice: custom.postPrice }
      : null;
    const customRate =
      custom && night
        ? {
            rate: rateWords(custom.rate, mine.currency),
            toPost: priceToPostWords(custom.postPrice, mine.postState, money),
            waiting: waitingToPost(night),
            phrase: customRatePhrase(night, mine.currency, money)!,
          }
        : null;
    const availability = available
      ? "Available"
      : grid.booked[i]
        ? "Booked (your reservation)"
        : "Unavailable (blocked, no reservation)";
    return {
      listing: listing.name,
      mine: true,
      date,
      priceTerm: NIGHT_PRICE_TERMS.channel,
      price,
      customRate,
      availability,
      probability: "not estimated: your own bookings are known",
      minStay,
      summary: `${who}, ${date}: ${price}${customRate ? `, ${customRate.phrase}` : ""}, ${availability.toLowerCase()}`,
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
    priceTerm: "Price",
    price,
    customRate: null,
    availability,
    probability,
    minStay,
    summary: `${who}, ${date}: ${price}, ${availability.toLowerCase()}, booking probability ${percent}%`,
  };
}
