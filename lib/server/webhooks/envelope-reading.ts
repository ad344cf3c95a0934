import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/svc/schemas/vocabulary";

/**
 * What a stored envelope says, read without holding it to the contract of a known type. The
 * interface shows only the id, the type, data.listing_ids and market_id, and keeps the set of
 * types open, so an event of a type this dashboard does not know is read for those alone.
 * Nothing is copied out and written back: the stored body stays the raw text as received,
 * with every field this dashboard does not know.
 */
export interface EnvelopeReading {
  id: string | null;
  /** The type as it came (e.g. "payouts.created"); null when the body names none. */
  type: string | null;
  /** The type when it is one this dashboard knows. */
  knownType: WebhookEventType | null;
  /** The listings named; null when data.listing_ids cannot be read, `listingIdsProblem` says why. */
  listingIds: string[] | null;
  listingIdsProblem: string | null;
  /** data.market_id when it is a non-empty string. */
  marketId: string | null;
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return value === "" ? "an empty string" : "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return value ? "true" : "false";
  return "an object";
}

function readListingIds(data: unknown): { ids: string[] } | { problem: string } {
  if (data === undefined) return { problem: "data is missing" };
  if (!isFields(data)) return { problem: `data is not an object (it is ${kindOf(data)})` };
  const ids = data.listing_ids;
  if (ids === undefined) return { problem: "data.listing_ids is missing" };
  if (!Array.isArray(ids)) return { problem: `data.listing_ids is not a list (it is ${kindOf(ids)})` };
  const bad = ids.findIndex((id) => typeof id !== "string" || id === "");
  if (bad >= 0) {
    return { problem: `data.listing_ids[${bad}] is not a listing id (it is ${kindOf(ids[bad])})` };
  }
  return { ids: ids as string[] };
}

const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);
export const isKnownEventType = (type: string): type is WebhookEventType => KNOWN.has(type);

/** null when the body is not a JSON object at all. */
export function readEnvelope(json: unknown): EnvelopeReading | null {
  if (!isFields(json)) return null;
  const type = typeof json.type === "string" && json.type !== "" ? json.type : null;
  const listing = readListingIds(json.data);
  const marketId = isFields(json.data) ? json.data.market_id : undefined;
  return {
    id: typeof json.id === "string" ? json.id : null,
    type,
    knownType: type !== null && isKnownEventType(type) ? type : null,
    listingIds: "ids" in listing ? listing.ids : null,
    listingIdsProblem: "problem" in listing ? listing.problem : null,
    marketId: typeof marketId === "string" && marketId !== "" ? marketId : null,
  };
}
