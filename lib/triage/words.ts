import { pct } from "@/lib/alerts/words";
import { formatCount, formatCounted, formatCurrency, formatDecimal } from "@/lib/format/numbers";
import type { FactorKey, ListingMeasures } from "@/lib/triage/factors";

/**
 * The triage score in words: its bands, each factor's value, and the clauses of its "why".
 * Percents are written as the alerts write them (`pct`: "41 %").
 */

export const BANDS = [
  { key: "attention", min: 0, max: 39, label: "Needs attention now" },
  { key: "watch", min: 40, max: 69, label: "Watch" },
  { key: "healthy", min: 70, max: 100, label: "Healthy" },
] as const;
export type BandKey = (typeof BANDS)[number]["key"] | "unscored";

export const UNSCORED_LABEL = "Not scored";

/** The band a score falls in; "unscored" for a listing no factor could be measured for. */
export function bandOf(score: number | null): BandKey {
  if (score === null) return "unscored";
  return (BANDS.find((b) => score <= b.max) ?? BANDS[2]).key;
}

export function bandLabel(band: BandKey): string {
  return BANDS.find((b) => b.key === band)?.label ?? UNSCORED_LABEL;
}

const money = (value: number, currency: string | null) =>
  currency === null
    ? formatDecimal(value, { maxDigits: 2 })
    : formatCurrency(value, currency, { minDigits: 0, maxDigits: 0 });
const whole = (value: number) => formatDecimal(value, { maxDigits: 0 });

/** Why a factor is not measured for a listing, in a few words. */
export const NOT_MEASURED: Readonly<Record<FactorKey, string>> = {
  pace_30: "No nights on the books last year to compare with",
  pace_60: "No nights on the books last year to compare with",
  pace_90: "No nights on the books last year to compare with",
  market: "No market occupancy, or no night to sell",
  last_booking: "Reservations not read yet",
  at_minimum: "No minimum price, or the calendar not read yet",
  base_price: "The mirror holds no recommended base price",
  flags: "Flags not read yet",
};

/** A factor's measurement in a few words, as the table shows it; null when not measured. */
export function factorValue(key: FactorKey, m: ListingMeasures): string | null {
  switch (key) {
    case "pace_30":
    case "pace_60":
    case "pace_90": {
      const p = m[key];
      if (!p || p.stly <= 0) return null;
      return `${whole(p.otb)} against ${whole(p.stly)} nights`;
    }
    case "market": {
      const k = m.market;
      if (!k || k.sellable <= 0 || k.marketOccupancy <= 0) return null;
      return `${pct(Math.round((k.booked * 100) / k.sellable))} against the market's ${pct(Math.round(k.marketOccupancy))}`;
    }
    case "last_booking": {
      const b = m.last_booking;
      if (!b) return null;
      if (b.days === null) return `None in ${b.horizon} days`;
      return formatCounted(b.days, "day");
    }
    case "at_minimum": {
      const a = m.at_minimum;
      return a ? `${formatCount(a.nights)} of 30 at ${money(a.floor, a.currency)}` : null;
    }
    case "base_price": {
      const b = m.base_price;
      return b ? `${money(b.actual, b.currency)} against ${money(b.recommended, b.currency)}` : null;
    }
    case "flags": {
      const f = m.flags;
      if (!f) return null;
      const open = f.critical + f.warning + f.other;
      if (open === 0) return "None";
      return f.critical > 0 ? `${formatCount(open)}, ${formatCount(f.critical)} critical` : formatCount(open);
    }
  }
}

/** What pulls a listing's score down, as a clause of its "why" ("the next 30 nights are 41 % behind last year (12 against 20 nights)"). */
export function factorClause(key: FactorKey, m: ListingMeasures): string | null {
  switch (key) {
    case "pace_30":
    case "pace_60":
    case "pace_90": {
      const p = m[key];
      if (!p || p.stly <= 0) return null;
      const change = Math.round(((p.otb - p.stly) * 100) / p.stly);
      const side =
        change < 0
          ? `${pct(-change)} behind last year`
          : change > 0
            ? `${pct(change)} ahead of last year`
            : "level with last year";
      return `the next ${p.window} nights are ${side} (${whole(p.otb)} against ${whole(p.stly)} nights)`;
    }
    case "market": {
      const k = m.market;
      if (!k || k.sellable <= 0 || k.marketOccupancy <= 0) return null;
      const occupancy = (k.booked * 100) / k.sellable;
      return `occupancy in the next 30 nights is ${pct(Math.round(occupancy))} against the market's ${pct(Math.round(k.marketOccupancy))}`;
    }
    case "last_booking": {
      const b = m.last_booking;
      if (!b) return null;
      if (b.days === null) return `no booking still standing was made in the last ${b.horizon} days`;
      return `the last booking still standing was made ${formatCounted(b.days, "day")} ago`;
    }
    case "at_minimum": {
      const a = m.at_minimum;
      if (!a) return null;
      const floor = a.source === "min_price" ? "the minimum price" : "the lowest price the calendar holds";
      return `${formatCounted(a.nights, "night")} of the next 30 ${a.nights === 1 ? "sits" : "sit"} at ${floor}`;
    }
    case "base_price": {
      const b = m.base_price;
      if (!b || b.recommended <= 0) return null;
      const off = Math.round((Math.abs(b.actual - b.recommended) * 100) / b.recommended);
      return `the base price of ${money(b.actual, b.currency)} is ${pct(off)} ${b.actual < b.recommended ? "under" : "over"} the recommended ${money(b.recommended, b.currency)}`;
    }
    case "flags": {
      const f = m.flags;
      if (!f) return null;
      const open = f.critical + f.warning + f.other;
      const critical = f.critical > 0 ? `, ${formatCount(f.critical)} of them critical` : "";
      return `${formatCounted(open, "flag")} ${open === 1 ? "is" : "are"} open${open === 1 && f.critical === 1 ? ", a critical one" : open === 1 ? "" : critical}`;
    }
  }
}
