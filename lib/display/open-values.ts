/**
 * Words for values of the sets the interface leaves open (channels, statuses, levels…). A
 * value we know gets our words; any other is shown as it came, put into words ("expedia" →
 * "Expedia", "pending_review" → "Pending review"), never blank and never "undefined".
 */

/** A raw value put into words: separators become spaces, the first letter a capital. */
export function inWords(raw: string): string {
  const spaced = raw
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (spaced === "") return raw;
  return spaced[0]!.toUpperCase() + spaced.slice(1);
}

/** Whether `value` is one of the keys of `known` (own keys only: "toString" is not a channel). */
export function isKnown<K extends string>(known: Readonly<Record<K, unknown>>, value: string): value is K {
  return Object.hasOwn(known, value);
}

/** Our entry for a known value, else the fallback built from the raw value. */
export function knownOr<K extends string, V>(
  known: Readonly<Record<K, V>>,
  value: string,
  fallback: (raw: string) => V,
): V {
  return isKnown(known, value) ? known[value] : fallback(value);
}

/** The label of a value: ours where known, else the value in words. */
export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, value: string): string {
  return knownOr(labels, value, inWords);
}

/** `{ label, meaning }` words: ours where known, else the value in words and a plain meaning. */
export function wordsOf<K extends string, W extends { label: string; meaning: string }>(
  words: Readonly<Record<K, W>>,
  value: string,
  what: string,
): W | { label: string; meaning: string } {
  return knownOr<K, W | { label: string; meaning: string }>(words, value, (raw) => ({
    label: inWords(raw),
    meaning: `The service reports ${what} "${raw}", which this dashboard does not know yet.`,
  }));
}

/**
 * Sort rank of a value: known values in our order, then unknown ones after them
 * (compare their raw text to keep the order stable).
 */
export function rankOf<K extends string>(order: readonly K[], value: string): number {
  const index = (order as readonly string[]).indexOf(value);
  return index === -1 ? order.length : index;
}

/** Compares two values by `rankOf`, unknown ones among themselves by their raw text. */
export function byRank<K extends string>(order: readonly K[]): (a: string, b: string) => number {
  return (a, b) => rankOf(order, a) - rankOf(order, b) || a.localeCompare(b);
}
