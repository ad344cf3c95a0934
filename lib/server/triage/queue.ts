import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { measurePortfolio } from "@/lib/server/triage/measure";
import type { TriageAnswer, TriageListing } from "@/lib/triage/queue";
import { scoreListing } from "@/lib/triage/score";
import { bandLabel } from "@/lib/triage/words";

/**
 * The triage queue from the account's mirror (GET /api/triage): every listing not hidden,
 * scored, lowest first; before the mirror has read the listing list, a sentence pointing to
 * the Sync page instead of a queue.
 */
export const NO_MIRROR =
  "The triage queue is scored from the portfolio mirror, which has not been started for this account. Start it on the Portfolio sync page.";
export const NOT_READ_YET =
  "The portfolio mirror has not read your listings yet. The queue appears once it has; the Portfolio sync page shows how far it is.";

export const NO_TRIAGE: TriageAnswer = {
  enabled: false,
  now: null,
  as_of: null,
  notice: NO_MIRROR,
  listings: [],
};

/** Lowest score first, the unscored last, then by name: the order the page opens in. */
export function byScore(a: TriageListing, b: TriageListing): number {
  if (a.score !== b.score) return a.score === null ? 1 : b.score === null ? -1 : a.score - b.score;
  return a.name.localeCompare(b.name) || a.listing_id.localeCompare(b.listing_id);
}

export async function triageQueue(store: MirrorStore, accountId: string, now: string): Promise<TriageAnswer> {
  if (!(await store.syncRecord(accountId))) return NO_TRIAGE;
  const measured = await measurePortfolio(store, accountId, now);
  if (measured.listings.length === 0)
    return { enabled: true, now, as_of: null, notice: NOT_READ_YET, listings: [] };
  const listings = measured.listings.map(({ listingId, name, measures }): TriageListing => {
    const scored = scoreListing(measures);
    return {
      listing_id: listingId,
      name,
      score: scored.score,
      band: scored.band,
      band_label: bandLabel(scored.band),
      measured: scored.measured,
      why: scored.why,
      factors: scored.factors,
    };
  });
  return { enabled: true, now, as_of: measured.asOf, notice: null, listings: listings.sort(byScore) };
}
