import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import type { Listing } from "@/lib/svc/schemas/listings";
import { splitFilter, type FilterObject, type KnownFilter } from "@/lib/segments/filter";

/**
 * A segment's filter in words ("Miami, 2–3 bedrooms, tagged “pool”"), for the list, the
 * segment's header and the builder's summary. Keys the dashboard does not know are named,
 * never hidden: the reader must know the service applies more than the words say.
 */

/** Market names by id, from listings already loaded (each carries its market's name). */
export function marketNamesOf(listings: ReadonlyArray<Pick<Listing, "market_id" | "market_name">>) {
  const names = new Map<string, string>();
  for (const l of listings) names.set(l.market_id, l.market_name);
  return names;
}

const quoted = (text: string) => `“${text}”`;

/** "a", "a or b", "a, b or c". */
export function either(items: readonly string[], word = "or"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${word} ${items.at(-1)}`;
}

const bedroomNoun = (n: number) => (n === 1 ? "bedroom" : "bedrooms");

export function bedroomWords(min: number | undefined, max: number | undefined): string | null {
  if (min === undefined && max === undefined) return null;
  if (min !== undefined && max !== undefined) {
    if (min === max) return min === 0 ? "studios (0 bedrooms)" : `${min} ${bedroomNoun(min)}`;
    return `${min}–${max} bedrooms`;
  }
  if (min !== undefined) return min === 0 ? "any number of bedrooms" : `${min}+ bedrooms`;
  return max === 0 ? "studios (0 bedrooms)" : `up to ${max} ${bedroomNoun(max!)}`;
}

/** One phrase per condition the builder knows, in the builder's order. */
export function knownWords(known: KnownFilter, marketNames: ReadonlyMap<string, string>): string[] {
  const parts: string[] = [];
  if (known.market_ids) parts.push(either(known.market_ids.map((id) => marketNames.get(id) ?? id)));
  if (known.channels) parts.push(`on ${either(known.channels.map((c) => labelOf(channelLabels, c)))}`);
  const rooms = bedroomWords(known.bedrooms_min, known.bedrooms_max);
  if (rooms) parts.push(rooms);
  if (known.tags_any) parts.push(`tagged ${either(known.tags_any.map(quoted))}`);
  if (known.tags_all) parts.push(`tagged ${either(known.tags_all.map(quoted), "and")}`);
  if (known.is_active !== undefined) parts.push(known.is_active ? "active" : "inactive");
  if (known.is_hidden !== undefined) parts.push(known.is_hidden ? "hidden" : "not hidden");
  if (known.pricing_tiers) {
    parts.push(
      `on the ${either(known.pricing_tiers)} ${known.pricing_tiers.length === 1 ? "tier" : "tiers"}`,
    );
  }
  if (known.name_contains) parts.push(`name contains ${quoted(known.name_contains)}`);
  return parts;
}

/** Words for the keys kept as they are (unknown to the dashboard, or a value it cannot read). */
export function keptWords(kept: FilterObject): string | null {
  const keys = Object.keys(kept);
  if (keys.length === 0) return null;
  const noun = keys.length === 1 ? "condition" : "conditions";
  return `${keys.length} more ${noun} the dashboard does not read (${keys.join(", ")})`;
}

/** The whole filter as one phrase; `{}` is every listing. */
export function filterInWords(filter: FilterObject, marketNames: ReadonlyMap<string, string>): string {
  const { known, kept } = splitFilter(filter);
  const parts = knownWords(known, marketNames);
  const more = keptWords(kept);
  if (more) parts.push(more);
  if (parts.length === 0) return "Every listing";
  const text = parts.join(", ");
  // Market names (or ids) are shown as the service spells them; the other phrases start lower case.
  return known.market_ids ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
