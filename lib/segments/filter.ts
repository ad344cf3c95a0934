import { z } from "zod";
import { knownChannelName, type Channel } from "@/lib/svc/schemas/common";
import { PRICING_TIERS, type PricingTierName } from "@/lib/svc/schemas/vocabulary";

/**
 * A segment's `filter_backend` as the filter builder sees it. The contract keeps the object
 * opaque (a real service may have keys of its own); the builder knows the keys the reference
 * service evaluates (docs/reference-service-decisions.md, Segments) and keeps every other
 * key, and every known key whose value it cannot show, exactly as it was, so that an edit
 * never loses what it did not understand.
 */

/** The keys the builder edits, in the order it writes them. */
export const FILTER_KEYS = [
  "market_ids",
  "channels",
  "bedrooms_min",
  "bedrooms_max",
  "tags_any",
  "tags_all",
  "is_active",
  "is_hidden",
  "pricing_tiers",
  "name_contains",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const BEDROOMS_MAX = 50;
export const NAME_CONTAINS_MAX = 120;

const nonEmptyList = <T extends z.ZodType>(item: T) => z.array(item).min(1);
const bedrooms = z.number().int().min(0).max(BEDROOMS_MAX);

/** The value each known key must hold for the builder to show it (the service's own rules). */
const KEY_VALUE = {
  market_ids: nonEmptyList(z.string().min(1)),
  channels: nonEmptyList(knownChannelName),
  bedrooms_min: bedrooms,
  bedrooms_max: bedrooms,
  tags_any: nonEmptyList(z.string().min(1)),
  tags_all: nonEmptyList(z.string().min(1)),
  is_active: z.boolean(),
  is_hidden: z.boolean(),
  pricing_tiers: nonEmptyList(z.enum(PRICING_TIERS)),
  name_contains: z.string().trim().min(1).max(NAME_CONTAINS_MAX),
} satisfies Record<FilterKey, z.ZodType>;

/** The known keys with the values the builder understands. */
export interface KnownFilter {
  market_ids?: string[];
  channels?: Channel[];
  bedrooms_min?: number;
  bedrooms_max?: number;
  tags_any?: string[];
  tags_all?: string[];
  is_active?: boolean;
  is_hidden?: boolean;
  pricing_tiers?: PricingTierName[];
  name_contains?: string;
}

export type FilterObject = Record<string, unknown>;

export const isFilterKey = (key: string): key is FilterKey =>
  (FILTER_KEYS as readonly string[]).includes(key);

/**
 * A filter split into what the builder shows (`known`) and what it keeps untouched
 * (`kept`: unknown keys, and known keys whose value is not one the builder can show).
 */
export interface SplitFilter {
  known: KnownFilter;
  kept: FilterObject;
}

export function splitFilter(raw: FilterObject): SplitFilter {
  const known: Record<string, unknown> = {};
  const kept: FilterObject = {};
  for (const [key, value] of Object.entries(raw)) {
    if (isFilterKey(key)) {
      const parsed = KEY_VALUE[key].safeParse(value);
      // name_contains is compared as the service stores it (trimmed) but kept as typed.
      if (parsed.success && (key !== "name_contains" || parsed.data === value)) {
        known[key] = parsed.data;
        continue;
      }
    }
    kept[key] = value;
  }
  return { known: known as KnownFilter, kept };
}

/**
 * The object to send: the builder's keys in their usual order, a key the builder keeps
 * untouched in its place, then the keys the builder does not know, as they were.
 */
export function joinFilter({ known, kept }: SplitFilter): FilterObject {
  const out: FilterObject = {};
  for (const key of FILTER_KEYS) {
    if (key in kept) out[key] = kept[key];
    else if (known[key] !== undefined) out[key] = known[key];
  }
  for (const [key, value] of Object.entries(kept)) if (!isFilterKey(key)) out[key] = value;
  return out;
}

// ---------------------------------------------------------------------------------------
// The builder's form fields: what the inputs hold, as typed
// ---------------------------------------------------------------------------------------

export type TriState = "any" | "yes" | "no";

export interface BuilderFields {
  marketIds: string[];
  channels: Channel[];
  /** As typed: "" is no bound. */
  bedroomsMin: string;
  bedroomsMax: string;
  /** Comma-separated, as typed. */
  tagsAny: string;
  tagsAll: string;
  active: TriState;
  hidden: TriState;
  pricingTiers: PricingTierName[];
  nameContains: string;
}

const triOf = (value: boolean | undefined): TriState => (value === undefined ? "any" : value ? "yes" : "no");
const boolOf = (value: TriState): boolean | undefined => (value === "any" ? undefined : value === "yes");

export function fieldsOf(known: KnownFilter): BuilderFields {
  return {
    marketIds: known.market_ids ?? [],
    channels: known.channels ?? [],
    bedroomsMin: known.bedrooms_min === undefined ? "" : String(known.bedrooms_min),
    bedroomsMax: known.bedrooms_max === undefined ? "" : String(known.bedrooms_max),
    tagsAny: (known.tags_any ?? []).join(", "),
    tagsAll: (known.tags_all ?? []).join(", "),
    active: triOf(known.is_active),
    hidden: triOf(known.is_hidden),
    pricingTiers: known.pricing_tiers ?? [],
    nameContains: known.name_contains ?? "",
  };
}

/** "pool, beach ,pool" → ["pool", "beach"]: each tag once, as first typed. */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(",")) {
    const tag = raw.trim();
    if (!tag || seen.has(tag)) continue;
    seen.add(tag);
    tags.push(tag);
  }
  return tags;
}

/** A bedroom bound as typed: "" is none, null is not a whole number 0..50. */
export function parseBedrooms(input: string): number | undefined | null {
  const text = input.trim();
  if (text === "") return undefined;
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value <= BEDROOMS_MAX ? value : null;
}

export type BuilderField = keyof BuilderFields;

/** What is wrong with the builder's fields, in words, by field; empty when the filter can be sent. */
export function builderIssues(fields: BuilderFields): Partial<Record<BuilderField, string>> {
  const issues: Partial<Record<BuilderField, string>> = {};
  const min = parseBedrooms(fields.bedroomsMin);
  const max = parseBedrooms(fields.bedroomsMax);
  const bound = `Give a whole number of bedrooms from 0 to ${BEDROOMS_MAX}, or leave it empty.`;
  if (min === null) issues.bedroomsMin = bound;
  if (max === null) issues.bedroomsMax = bound;
  if (typeof min === "number" && typeof max === "number" && max < min) {
    issues.bedroomsMax = `The bedroom range is upside down: the maximum (${max}) is below the minimum (${min}).`;
  }
  if (fields.nameContains.trim().length > NAME_CONTAINS_MAX) {
    issues.nameContains = `Keep the name part to ${NAME_CONTAINS_MAX} characters.`;
  }
  return issues;
}

/** The known keys the fields set; call it on fields without `builderIssues`. */
export function knownOf(fields: BuilderFields): KnownFilter {
  const known: KnownFilter = {};
  if (fields.marketIds.length > 0) known.market_ids = [...fields.marketIds];
  if (fields.channels.length > 0) known.channels = [...fields.channels];
  const min = parseBedrooms(fields.bedroomsMin);
  const max = parseBedrooms(fields.bedroomsMax);
  if (typeof min === "number") known.bedrooms_min = min;
  if (typeof max === "number") known.bedrooms_max = max;
  const tagsAny = parseTags(fields.tagsAny);
  const tagsAll = parseTags(fields.tagsAll);
  if (tagsAny.length > 0) known.tags_any = tagsAny;
  if (tagsAll.length > 0) known.tags_all = tagsAll;
  const active = boolOf(fields.active);
  const hidden = boolOf(fields.hidden);
  if (active !== undefined) known.is_active = active;
  if (hidden !== undefined) known.is_hidden = hidden;
  if (fields.pricingTiers.length > 0) known.pricing_tiers = [...fields.pricingTiers];
  const name = fields.nameContains.trim();
  if (name) known.name_contains = name;
  return known;
}

// ---------------------------------------------------------------------------------------
// The JSON view
// ---------------------------------------------------------------------------------------

export const toJsonText = (filter: FilterObject) => JSON.stringify(filter, null, 2);

export type JsonReading = { ok: true; filter: FilterObject } | { ok: false; message: string };

/** The JSON view's text read as a filter object, or why it cannot be, in words. */
export function readJsonText(text: string): JsonReading {
  if (text.trim() === "") {
    return { ok: false, message: "The filter is empty. Write {} to match every listing." };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message:
        "This is not valid JSON. Check the quotes (keys and text take double quotes), the commas between entries and the closing braces.",
    };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return {
      ok: false,
      message: 'The filter must be a JSON object in braces, such as {"bedrooms_min": 2}.',
    };
  }
  return { ok: true, filter: value as FilterObject };
}
