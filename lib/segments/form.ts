import { z } from "zod";
import { isSvcError } from "@/lib/svc/errors";
import { channelName } from "@/lib/svc/schemas/common";
import { PRICING_TIERS } from "@/lib/svc/schemas/vocabulary";
import {
  createSegmentBody,
  segmentDefaultStatus,
  type CreateSegmentBody,
  type Segment,
} from "@/lib/svc/schemas/segments";
import {
  BEDROOMS_MAX,
  builderIssues,
  fieldsOf,
  isFilterKey,
  joinFilter,
  knownOf,
  readJsonText,
  splitFilter,
  toJsonText,
  type BuilderField,
  type BuilderFields,
  type FilterKey,
  type FilterObject,
} from "@/lib/segments/filter";

/**
 * The segment form: name, description, default status and the filter, written either with the
 * builder or as JSON. The contract's limits (name 1..120 after trimming, description up to
 * 2,000) in the page's words, so no library text reaches it; the service has the last word on
 * the filter, and its refusal is placed next to the field it names.
 */

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 2000;

export type FilterMode = "builder" | "json";

const builderSchema = z.object({
  marketIds: z.array(z.string()),
  channels: z.array(channelName),
  bedroomsMin: z.string(),
  bedroomsMax: z.string(),
  tagsAny: z.string(),
  tagsAll: z.string(),
  active: z.enum(["any", "yes", "no"]),
  hidden: z.enum(["any", "yes", "no"]),
  pricingTiers: z.array(z.enum(PRICING_TIERS)),
  nameContains: z.string(),
}) satisfies z.ZodType<BuilderFields>;

export const segmentFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Give the segment a name.")
      .max(NAME_MAX, `Keep the name to ${NAME_MAX} characters.`),
    description: z.string().max(DESCRIPTION_MAX, "Keep the description to 2,000 characters."),
    default_status: segmentDefaultStatus,
    mode: z.enum(["builder", "json"]),
    builder: builderSchema,
    json: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.mode === "builder") {
      for (const [field, message] of Object.entries(builderIssues(values.builder))) {
        ctx.addIssue({ code: "custom", path: ["builder", field], message });
      }
      return;
    }
    const reading = readJsonText(values.json);
    if (!reading.ok) {
      ctx.addIssue({ code: "custom", path: ["json"], message: reading.message });
      return;
    }
    // The one rule between two keys, checked before the service is asked.
    const { known } = splitFilter(reading.filter);
    if (
      known.bedrooms_min !== undefined &&
      known.bedrooms_max !== undefined &&
      known.bedrooms_max < known.bedrooms_min
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["json"],
        message: `The bedroom range is upside down: bedrooms_max (${known.bedrooms_max}) is below bedrooms_min (${known.bedrooms_min}).`,
      });
    }
  });

export type SegmentFormValues = z.input<typeof segmentFormSchema>;

/** A new segment's form: every listing, active by default (the service's own default). */
export function emptyForm(): SegmentFormValues {
  return {
    name: "",
    description: "",
    default_status: "active",
    mode: "builder",
    builder: fieldsOf({}),
    json: toJsonText({}),
  };
}

/** An existing segment's form, with the keys the builder keeps as they are. */
export function formOf(segment: Segment): { values: SegmentFormValues; kept: FilterObject } {
  const { known, kept } = splitFilter(segment.filter_backend);
  return {
    values: {
      name: segment.name,
      description: segment.description ?? "",
      default_status: segment.default_status,
      mode: "builder",
      builder: fieldsOf(known),
      json: toJsonText(segment.filter_backend),
    },
    kept,
  };
}

/**
 * The filter the form holds: from the builder (with the keys it keeps) or from the JSON
 * text; null while the current view has something to fix.
 */
export function filterOfForm(
  values: Pick<SegmentFormValues, "mode" | "builder" | "json">,
  kept: FilterObject,
): FilterObject | null {
  if (values.mode === "json") {
    const reading = readJsonText(values.json);
    return reading.ok ? reading.filter : null;
  }
  if (Object.keys(builderIssues(values.builder)).length > 0) return null;
  return joinFilter({ known: knownOf(values.builder), kept });
}

/** The POST /segments body (PUT takes the same keys); checked against the contract before sending. */
export function toSegmentBody(values: SegmentFormValues, kept: FilterObject): CreateSegmentBody {
  const filter = filterOfForm(values, kept);
  if (filter === null) throw new Error("the filter has something to fix"); // the resolver ran first
  const description = values.description.trim();
  return createSegmentBody.parse({
    name: values.name.trim(),
    description: description === "" ? null : description,
    default_status: values.default_status,
    filter_backend: filter,
  });
}

// ---------------------------------------------------------------------------------------
// The service's refusal, next to the field it names
// ---------------------------------------------------------------------------------------

const BUILDER_FIELD: Record<FilterKey, BuilderField> = {
  market_ids: "marketIds",
  channels: "channels",
  bedrooms_min: "bedroomsMin",
  bedrooms_max: "bedroomsMax",
  tags_any: "tagsAny",
  tags_all: "tagsAll",
  is_active: "active",
  is_hidden: "hidden",
  pricing_tiers: "pricingTiers",
  name_contains: "nameContains",
};

/** What each known key takes, for a sentence that does not repeat a validator's wording. */
const KEY_TAKES: Record<FilterKey, string> = {
  market_ids: "a list of at least one market id",
  channels: "a list of at least one channel: airbnb, vrbo or booking_com",
  bedrooms_min: `a whole number of bedrooms from 0 to ${BEDROOMS_MAX}`,
  bedrooms_max: `a whole number of bedrooms from 0 to ${BEDROOMS_MAX}, not below bedrooms_min`,
  tags_any: "a list of at least one tag",
  tags_all: "a list of at least one tag",
  is_active: "true or false",
  is_hidden: "true or false",
  pricing_tiers: `a list of at least one pricing tier: ${PRICING_TIERS.join(", ")}`,
  name_contains: `text of 1 to 120 characters`,
};

/** Where a refusal goes: a form field, the kept keys' note (`root.kept`) or the form (`root`). */
export type ErrorPlace = "name" | "description" | "json" | `builder.${BuilderField}` | "root.kept" | "root";

export interface PlacedError {
  place: ErrorPlace;
  message: string;
}

/** One filter key's refusal in words. */
export function filterKeySentence(key: string, serviceMessage: string): string {
  if (!isFilterKey(key)) {
    return `The service does not apply a condition named “${key}”. Remove it in the JSON view, or keep it for a service that knows it.`;
  }
  const unknownMarket = /^unknown markets? (.+)$/i.exec(serviceMessage.trim());
  if (key === "market_ids" && unknownMarket) {
    return `The service knows no market ${unknownMarket[1]}. Pick markets from the list, or check the id.`;
  }
  if (key === "bedrooms_max" && /below/i.test(serviceMessage)) {
    return "The bedroom range is upside down: the maximum is below the minimum.";
  }
  return `The service refused “${key}”: it takes ${KEY_TAKES[key]}.`;
}

/**
 * A failed save placed next to what it names. The service's 400 lists fields such as
 * `name` or `filter_backend.market_ids`; a filter key goes to its builder field, or to the
 * JSON view when that is open or the key is one the builder keeps as it is.
 */
export function placeSaveError(error: unknown, mode: FilterMode, keptKeys: readonly string[]): PlacedError[] {
  if (!isSvcError(error) || error.status !== 400) return [];
  const fields = (Array.isArray(error.details?.fields) ? error.details.fields : []) as Array<{
    field?: unknown;
    message?: unknown;
  }>;
  const placed: PlacedError[] = [];
  for (const entry of fields) {
    const field = typeof entry.field === "string" ? entry.field : "";
    const message = typeof entry.message === "string" ? entry.message : "";
    if (field === "name") {
      placed.push({
        place: "name",
        message: `The service refused the name. Give 1 to ${NAME_MAX} characters.`,
      });
    } else if (field === "description") {
      placed.push({
        place: "description",
        message: "The service refused the description. Keep it to 2,000 characters.",
      });
    } else if (field === "filter_backend" || field.startsWith("filter_backend.")) {
      const key = field.split(".")[1];
      if (key === undefined) {
        placed.push({ place: mode === "json" ? "json" : "root", message: "The service refused the filter." });
        continue;
      }
      const sentence = filterKeySentence(key, message);
      if (mode === "json") placed.push({ place: "json", message: sentence });
      else if (isFilterKey(key) && !keptKeys.includes(key)) {
        placed.push({ place: `builder.${BUILDER_FIELD[key]}`, message: sentence });
      } else placed.push({ place: "root.kept", message: sentence });
    }
  }
  // Two refusals for one place read as one paragraph.
  const byPlace = new Map<ErrorPlace, string[]>();
  for (const { place, message } of placed) byPlace.set(place, [...(byPlace.get(place) ?? []), message]);
  return [...byPlace].map(([place, messages]) => ({ place, message: [...new Set(messages)].join(" ") }));
}
