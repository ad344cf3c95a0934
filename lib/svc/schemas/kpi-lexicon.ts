/*
 * The metrics lexicon and its windows as plain values, apart from the schemas built on them
 * (kpis.ts): pages read them to draw their controls with their first load, without zod.
 */

/** interface-decisions §3: the public metrics lexicon. */
export const KPI_METRICS = [
  "adr",
  "asking_rate",
  "revenue",
  "revpar",
  "revpar_adjusted",
  "occupancy",
  "occupancy_adjusted",
  "nights_booked",
  "nights_available",
  "nights_blocked",
  "nights_percent_open",
  "length_of_stay",
  "booking_window",
] as const;
export type KpiMetric = (typeof KPI_METRICS)[number];

/** Rolling period lengths in days, taken in both directions. */
export const KPI_PERIOD_DAYS = [7, 14, 21, 30, 60, 90, 180, 365] as const;
type PeriodDays = (typeof KPI_PERIOD_DAYS)[number];

/** `<back>_<forward>`: `30_0` is the past 30 days, `0_30` the next 30. */
export type KpiWindow = `${PeriodDays}_0` | `0_${PeriodDays}`;
export const KPI_WINDOWS: readonly KpiWindow[] = [
  ...KPI_PERIOD_DAYS.map((days) => `${days}_0` as const),
  ...KPI_PERIOD_DAYS.map((days) => `0_${days}` as const),
];
export const KPI_WINDOW_DEFAULT: KpiWindow = "30_0";
