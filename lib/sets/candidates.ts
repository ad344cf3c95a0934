import { limitIn, toKm, type DistanceUnit } from "@/lib/display/distance";
import { EMPTY, formatCurrency, formatDecimal, formatPercent, orEmpty } from "@/lib/format/numbers";
import { z } from "zod";
import { isSvcError } from "@/lib/svc/errors";
import { appliesToPast } from "@/lib/metrics/kpi-metrics";
import { windowLabel } from "@/lib/metrics/rolling-windows";
import {
  MEMBER_METRIC_WINDOWS,
  type MemberMetricKey,
  type MetricWindow,
  type SetMetric,
} from "@/lib/svc/schemas/kpi-lexicon";
import {
  CANDIDATE_RADIUS_KM_DEFAULT,
  CANDIDATE_RADIUS_KM_MAX,
  type CandidateListing,
  type CandidatesQuery,
} from "@/lib/svc/schemas/sets";

/**
 * Comparing and picking candidates for a set: which metric columns a period shows, how a
 * value reads (null is "unknown", never 0), the search form's rules and the sentence for
 * a refused pick. Pure, shared by the create page and the set page's "add members".
 */

export type MetricFormat = "money" | "percent" | "count" | "nights";

export interface CandidateMetric {
  metric: SetMetric;
  label: string;
  description: string;
  format: MetricFormat;
}

/**
 * The member metrics the comparison table shows, in reading order. `revpar_adjusted` and
 * `nights_available` are left out: the table is already wide, and they say little more than
 * RevPAR and the open-night share next to them.
 */
export const CANDIDATE_METRICS: readonly CandidateMetric[] = [
  { metric: "adr", label: "ADR", description: "Average daily rate of booked nights", format: "money" },
  {
    metric: "occupancy_adjusted",
    label: "Occupancy",
    description: "Booked nights as a share of the nights not blocked",
    format: "percent",
  },
  { metric: "revpar", label: "RevPAR", description: "Revenue per night of the period", format: "money" },
  { metric: "revenue", label: "Revenue", description: "Revenue of the booked nights", format: "money" },
  {
    metric: "asking_rate",
    label: "Asking rate",
    description: "Average posted price of the open nights",
    format: "money",
  },
  { metric: "nights_booked", label: "Booked nights", description: "Nights booked", format: "count" },
  {
    metric: "nights_percent_open",
    label: "Share of nights open",
    description: "Share of the period's nights still open",
    format: "percent",
  },
  {
    metric: "length_of_stay",
    label: "Average stay",
    description: "Average length of the stays checking in during the period",
    format: "nights",
  },
];

/**
 * The table's metric columns for one period: each metric's field with that period's suffix. A
 * metric of nights still for sale (asking rate) is left out of a past period, which has none.
 */
export function metricColumns(window: MetricWindow): Array<CandidateMetric & { key: MemberMetricKey }> {
  const past = window.endsWith("_0");
  return CANDIDATE_METRICS.filter((m) => !past || appliesToPast(m.metric)).map((m) => ({
    ...m,
    key: `${m.metric}_${window}` as MemberMetricKey,
  }));
}

export { windowLabel };

export const WINDOW_OPTIONS: ReadonlyArray<{ value: MetricWindow; label: string }> =
  MEMBER_METRIC_WINDOWS.map((value) => ({ value, label: windowLabel(value) }));

/** The word of a missing value, the dashboard's one (`EMPTY`), under the name the table reads. */
export const UNKNOWN = EMPTY;

/** One value for a cell. A missing value is "unknown", never 0: 0 would be a real, bad number. */
export function formatMetric(value: number | null, format: MetricFormat, currency: string): string {
  return orEmpty(value, (v) => {
    switch (format) {
      case "money":
        return formatCurrency(v, currency, { maxDigits: 0 });
      case "percent":
        return formatPercent(v, { maxDigits: 1 });
      case "nights":
        return `${formatDecimal(v, { maxDigits: 1 })} ${v === 1 ? "night" : "nights"}`;
      case "count":
        return formatDecimal(v, { maxDigits: 0 });
    }
  });
}

/** A listing fact that may be unknown (bedrooms, bathrooms, guests). */
export function formatFact(value: number | null): string {
  return orEmpty(value, (v) => formatDecimal(v, { maxDigits: 1 }));
}

/** `air_conditioning` → "Air conditioning". */
export function amenityLabel(name: string): string {
  const words = name.replaceAll("_", " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ---------------------------------------------------------------------------------------
// The search form
// ---------------------------------------------------------------------------------------

export type SearchMode = "listing" | "point";

/** Field values as typed (strings), checked here and turned into a query by `toCandidatesQuery`. */
export interface CandidateSearchValues {
  mode: SearchMode;
  listingId: string;
  latitude: string;
  longitude: string;
  /** The radius as typed, in the reader's distance unit (km or mi); toCandidatesQuery converts. */
  radiusKm: string;
  bedrooms: string;
}

/** The empty form, its radius the service's default in the reader's unit. */
export const emptySearchIn = (unit: DistanceUnit): CandidateSearchValues => ({
  mode: "listing",
  listingId: "",
  latitude: "",
  longitude: "",
  radiusKm: String(limitIn(CANDIDATE_RADIUS_KM_DEFAULT, unit)),
  bedrooms: "",
});

export const emptySearch = emptySearchIn("km");

const numberIn = (min: number, max: number, words: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${words}.`)
    .refine((v) => Number.isFinite(Number(v)), `Enter ${words} as a number.`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `Enter ${words} between ${min} and ${max}.`);

/**
 * The search form's rules: one location (a listing, or a point), a radius up to the service's
 * cap, typed and checked in the reader's unit (the cap in miles rounded down, see limitIn).
 */
export const candidateSearchSchemaIn = (unit: DistanceUnit) =>
  z
    .object({
      mode: z.enum(["listing", "point"]),
      listingId: z.string(),
      latitude: z.string(),
      longitude: z.string(),
      radiusKm: z
        .string()
        .trim()
        .refine(
          (v) => v === "" || (Number.isFinite(Number(v)) && Number(v) > 0),
          `Enter a radius above 0 ${unit}.`,
        )
        .refine(
          (v) => v === "" || Number(v) <= limitIn(CANDIDATE_RADIUS_KM_MAX, unit),
          `The service searches at most ${limitIn(CANDIDATE_RADIUS_KM_MAX, unit)} ${unit} around a place.`,
        ),
      bedrooms: z
        .string()
        .trim()
        .refine((v) => v === "" || /^\d{1,2}$/.test(v), "Choose a bedroom count from the list."),
    })
    .superRefine((v, ctx) => {
      if (v.mode === "listing") {
        if (v.listingId === "")
          ctx.addIssue({ code: "custom", path: ["listingId"], message: "Choose one of your listings." });
        return;
      }
      for (const [field, min, max, words] of [
        ["latitude", -90, 90, "a latitude"],
        ["longitude", -180, 180, "a longitude"],
      ] as const) {
        const checked = numberIn(min, max, words).safeParse(v[field]);
        if (!checked.success) {
          ctx.addIssue({ code: "custom", path: [field], message: checked.error.issues[0]!.message });
        }
      }
    });

export const candidateSearchSchema = candidateSearchSchemaIn("km");

export type CandidateSearch = Omit<CandidatesQuery, "page" | "offset" | "per_page">;

/**
 * The query for valid form values: near one of my listings by its svc id (`channel=svc`)
 * or near a point; the radius always sent, in kilometres (the service's unit), so the results
 * say what they cover.
 */
export function toCandidatesQuery(values: CandidateSearchValues, unit: DistanceUnit = "km"): CandidateSearch {
  const radius =
    values.radiusKm.trim() === ""
      ? CANDIDATE_RADIUS_KM_DEFAULT
      : Math.min(CANDIDATE_RADIUS_KM_MAX, Math.round(toKm(Number(values.radiusKm), unit) * 1000) / 1000);
  const bedrooms = values.bedrooms.trim() === "" ? undefined : Number(values.bedrooms);
  const where =
    values.mode === "listing"
      ? { listing_id: values.listingId, channel: "svc" as const }
      : { latitude: Number(values.latitude), longitude: Number(values.longitude) };
  return { ...where, radius_km: radius, ...(bedrooms === undefined ? {} : { bedrooms }) };
}

// ---------------------------------------------------------------------------------------
// A refused pick
// ---------------------------------------------------------------------------------------

/** "A", "A and B", "A, B and C". */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The sentence for a 422 `ineligible_listings`: the refused listings by name (from the rows
 * the user picked), by id when the name is not known.
 */
export function ineligibleSentence(
  ids: readonly string[],
  rows: ReadonlyArray<Pick<CandidateListing, "listing_id" | "name">>,
): string {
  const names = new Map(rows.map((r) => [r.listing_id, r.name]));
  const named = ids.map((id) => (names.has(id) ? `“${names.get(id)}”` : `listing ${id}`));
  const verb =
    ids.length === 1 ? "is not an eligible comparison candidate" : "are not eligible comparison candidates";
  const them = ids.length === 1 ? "it" : "them";
  return `${joinWords(named)} ${verb} any more, so nothing was saved. Unselect ${them} and try again.`;
}

/** The listing ids a 422 `ineligible_listings` names; empty for any other error. */
export function ineligibleIds(error: unknown): string[] {
  if (!isSvcError(error) || error.status !== 422 || error.code !== "ineligible_listings") return [];
  const ids = error.details?.listing_ids;
  return Array.isArray(ids) ? ids.map(String) : [];
}
