/*
 * The metrics lexicon, the member metrics of a set and their windows as plain values, apart
 * from the schemas built on them (kpis.ts, set-analytics.ts, sets.ts): pages read them to draw
 * their controls and columns with their first load, without zod.
 */

/** docs/interface-decisions.md §3: the public metrics lexicon. */
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
/** The same lexicon, by the name set analytics and the market report use. */
export const METRIC_LEXICON = KPI_METRICS;

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

/** Metrics a member listing carries (docs/interface.md §Resources, Member listing), each once per window. */
export const SET_MEMBER_METRICS = [
  "adr",
  "asking_rate",
  "revenue",
  "revpar",
  "revpar_adjusted",
  "occupancy_adjusted",
  "nights_percent_open",
  "length_of_stay",
  "nights_booked",
  "nights_available",
] as const;
export type SetMetric = (typeof SET_MEMBER_METRICS)[number];

/** Period windows of member metrics (docs/interface-decisions.md §5), `<back>_<forward>` days. */
export const MEMBER_METRIC_WINDOWS = ["365_0", "90_0", "30_0", "0_30", "0_90"] as const;
export type MetricWindow = (typeof MEMBER_METRIC_WINDOWS)[number];
export const METRIC_WINDOW_DEFAULT: MetricWindow = "30_0";

/** Every `<metric>_<window>` key a member listing carries. */
export type MemberMetricKey = `${SetMetric}_${MetricWindow}`;
export const MEMBER_METRIC_KEYS: readonly MemberMetricKey[] = SET_MEMBER_METRICS.flatMap((metric) =>
  MEMBER_METRIC_WINDOWS.map((window) => `${metric}_${window}` as MemberMetricKey),
);
