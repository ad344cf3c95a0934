import { labelOf } from "@/lib/display/open-values";
import { toCsv, type CsvValue } from "@/lib/format/csv";
import { METRIC_DEFS } from "@/lib/metrics/kpi-metrics";
import type { RankedEntry } from "@/lib/listings/ranking";
import { windowLabel } from "@/lib/metrics/rolling-windows";
import type { KpiMetric, KpiWindow } from "@/lib/svc/schemas/kpi-lexicon";
import type { Listing } from "@/lib/svc/schemas/listings";
import { channelLabels } from "@/lib/display/channels";
import { ownerName } from "@/lib/display/owners";

/**
 * Listings as CSV rows, for every page that lists them (the portfolio table, its KPI ranking, a
 * segment's listings): the same columns everywhere, raw numbers, money beside its currency.
 * The text itself is written by lib/format/csv.ts.
 */

export const LISTING_CSV_HEADER = [
  "svc_id",
  "channel",
  "channel_listing_id",
  "name",
  "market",
  "bedrooms",
  "owner",
  "access_level",
  "active",
  "hidden",
  "base_price",
  "currency",
  "auto_posting",
  "tags",
] as const;

export function listingCsvCells(l: Listing): CsvValue[] {
  return [
    l.svc_id,
    labelOf(channelLabels, l.channel),
    l.id,
    l.name,
    l.market_name,
    l.bedrooms,
    ownerName(l),
    l.access_level,
    l.is_active ? "yes" : "no",
    l.is_hidden ? "yes" : "no",
    l.listing_preferences.base_price,
    l.currency,
    l.pricing_enabled ? "on" : "off",
    l.tags.join("; "),
  ];
}

export function listingsCsv(listings: readonly Listing[]): string {
  return toCsv(LISTING_CSV_HEADER, listings.map(listingCsvCells));
}

/** The KPI shown: which metric, over which window, converted into which currency (null: none). */
export interface KpiCsvChoice {
  metric: KpiMetric;
  window: KpiWindow;
  currency: string | null;
}

/** `adr (past 30 days in USD)`: the metric, its window and, when converted, the currency. */
export function kpiCsvHeader(choice: KpiCsvChoice): string {
  const window = windowLabel(choice.window).toLowerCase();
  return `${choice.metric} (${window}${choice.currency ? ` in ${choice.currency}` : ""})`;
}

/**
 * The KPI's value and its currency: money not converted is in each listing's own currency, so
 * the currency column says which; a value not generated yet is an empty cell, never 0.
 */
function kpiCells(choice: KpiCsvChoice, kpi: { value: number | null; currency: string } | null): CsvValue[] {
  const money = METRIC_DEFS[choice.metric].unit === "money";
  return [kpi?.value ?? null, money ? (kpi?.currency ?? null) : null];
}

/**
 * The portfolio table as shown: its rows in the table's order, with the KPI column; without
 * it (choice null) while the KPI figures have not been read.
 */
export function portfolioCsv(
  rows: ReadonlyArray<Listing & { kpi: { value: number | null; currency: string } | null }>,
  choice: KpiCsvChoice | null,
): string {
  if (!choice) return toCsv([...LISTING_CSV_HEADER], rows.map(listingCsvCells));
  return toCsv(
    [...LISTING_CSV_HEADER, kpiCsvHeader(choice), "kpi_currency"],
    rows.map((row) => [...listingCsvCells(row), ...kpiCells(choice, row.kpi)]),
  );
}

/** The KPI ranking as shown: rank (empty when not generated yet, ranked last), the listing, its value. */
export function rankingCsv(entries: ReadonlyArray<RankedEntry<Listing>>, choice: KpiCsvChoice): string {
  return toCsv(
    [
      "rank",
      "svc_id",
      "channel",
      "channel_listing_id",
      "name",
      "market",
      kpiCsvHeader(choice),
      "kpi_currency",
    ],
    entries.map(({ listing, value, currency, rank }) => [
      rank,
      listing.svc_id,
      labelOf(channelLabels, listing.channel),
      listing.id,
      listing.name,
      listing.market_name,
      ...kpiCells(choice, { value, currency }),
    ]),
  );
}

/** `listings-adr-30_0-2026-11-25.csv`: what the file holds and the day it was taken. */
export function kpiCsvFilename(prefix: string, choice: KpiCsvChoice, today: string): string {
  return `${prefix}-${choice.metric}-${choice.window}${choice.currency ? `-${choice.currency}` : ""}-${today}.csv`;
}
