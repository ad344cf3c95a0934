import { formatAmount } from "@/lib/format/money";

/**
 * The nights a preview holds at the minimum price (the floor) or the maximum (the ceiling), and
 * the one sentence that says so: the preview panel says it, and so does the base-outside-limits
 * guardrail once a preview of the same values is on the page, so the two never disagree.
 */

/** An amount in the listing's currency; a form that does not know it (a batch across currencies) gives the number. */
export const money = (value: number, currency: string | null) => {
  const cents = Math.round(value * 100) / 100;
  return currency === null ? String(cents) : formatAmount(cents, currency);
};

export interface LimitHits {
  nights: number;
  atFloor: number;
  atCeiling: number;
}

/** How many previewed nights sit at the minimum price (the floor) or the maximum (the ceiling). */
export function limitHits(prices: ReadonlyArray<number>, min: number | null, max: number | null): LimitHits {
  return {
    nights: prices.length,
    atFloor: min === null ? 0 : prices.filter((p) => p <= min).length,
    atCeiling: max === null ? 0 : prices.filter((p) => p >= max).length,
  };
}

/**
 * The limits a preview's settings leave in place and the previewed nights held at them: the
 * one count the preview panel and the base-outside-limits guardrail both say.
 */
export function previewLimitHits(preview: {
  preferences: { min_price: number | null; max_price: number | null };
  price_preview: ReadonlyArray<{ preview_price: number }>;
}): { hits: LimitHits; min: number | null; max: number | null } {
  const { min_price: min, max_price: max } = preview.preferences;
  return {
    hits: limitHits(
      preview.price_preview.map((n) => n.preview_price),
      min,
      max,
    ),
    min,
    max,
  };
}

/** "27 of 30 nights would sit at your minimum price ($118)." */
export function limitSentence(
  hits: LimitHits,
  which: "floor" | "ceiling",
  limit: number,
  currency: string | null,
): string {
  const count = which === "floor" ? hits.atFloor : hits.atCeiling;
  const name = which === "floor" ? "minimum" : "maximum";
  return `${count} of ${hits.nights} nights would sit at your ${name} price (${money(limit, currency)}).`;
}

/** One sentence per limit hit, each `limitSentence`. */
export function limitHitSentences(
  hits: LimitHits,
  min: number | null,
  max: number | null,
  currency: string,
): string[] {
  const sentences: string[] = [];
  if (hits.nights === 0) return sentences;
  if (min !== null && hits.atFloor > 0) sentences.push(limitSentence(hits, "floor", min, currency));
  if (max !== null && hits.atCeiling > 0) sentences.push(limitSentence(hits, "ceiling", max, currency));
  if (sentences.length === 0 && (min !== null || max !== null)) {
    sentences.push("No night would sit at your minimum or maximum price.");
  }
  return sentences;
}
