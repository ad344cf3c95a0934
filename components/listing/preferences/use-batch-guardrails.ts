"use client";

import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { todayUtc } from "@/lib/format/dates";
import type { BatchSetting } from "@/lib/listing/preferences/batch";
import {
  batchGuardrails,
  followingRecommendation,
  guardrailSignature,
  recentStaysFilter,
  type ListingGuardrail,
} from "@/lib/listing/preferences/guardrail-checks";
import {
  longestRecentStay,
  RECENT_STAYS_PER_PAGE,
  type LongestStay,
} from "@/lib/listing/preferences/guardrails";
import { batchRefusalReason } from "@/lib/listing/preferences/warnings";
import { reservationsPageQuery } from "@/lib/listing/records/queries";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { PreferenceSettings } from "@/lib/svc/schemas/preferences";

/**
 * A batch reads recent stays (one request per listing) for at most this many listings when a
 * minimum stay is being set, so that a large selection does not spend the minute's budget on
 * advice; the dialog says when listings were left unchecked.
 */
export const BATCH_STAY_CHECKS = 10;

export interface BatchGuardrails {
  all: ListingGuardrail[];
  bySetting: Partial<Record<BatchSetting, ListingGuardrail[]>>;
  /** What was not (or not yet) checked, by setting. */
  notes: Partial<Record<BatchSetting, string[]>>;
  signature: string;
}

/**
 * The batch's guardrails per listing, for the settings as typed (null while they do not
 * parse). Listings the service will refuse anyway (restricted editors, viewers) are not checked.
 */
export function useBatchGuardrails(listings: Listing[], changes: PreferenceSettings | null): BatchGuardrails {
  const [today] = useState(() => todayUtc());
  const targets = listings.filter((l) => batchRefusalReason(l) === null);
  const settingMinStay = changes?.min_stay != null;
  const stayTargets = settingMinStay ? targets.filter((l) => l.supported_settings.min_stay) : [];
  const checked = stayTargets.slice(0, BATCH_STAY_CHECKS);
  const stays = useQueries({
    queries: checked.map((l) =>
      reservationsPageQuery(l.svc_id, recentStaysFilter(today), RECENT_STAYS_PER_PAGE),
    ),
  });
  const loading = stays.some((q) => q.isPending);
  const failed = stays.filter((q) => q.isError).length;
  const longest = new Map<string, LongestStay>();
  checked.forEach((listing, index) => {
    const data = stays[index]?.data;
    if (data) longest.set(listing.svc_id, longestRecentStay(data.reservations));
  });

  // A few comparisons per render: computed afresh rather than memoised.
  if (changes === null) return { all: [], bySetting: {}, notes: {}, signature: "" };
  const all = batchGuardrails(targets, changes, longest);
  const bySetting: BatchGuardrails["bySetting"] = {};
  for (const found of all) (bySetting[found.place as BatchSetting] ??= []).push(found);
  const notes: BatchGuardrails["notes"] = {};
  const following = followingRecommendation(targets, changes);
  const compared = (["min_price", "max_price", "base_price_adjustment", "long_term_discounts"] as const).find(
    (s) => changes[s] !== undefined,
  );
  if (following > 0 && compared) {
    (notes[compared] ??= []).push(
      `${following} of these listings ${following === 1 ? "follows" : "follow"} the service's base price recommendation, which a batch does not read: their base was not compared with these values.`,
    );
  }
  if (settingMinStay) {
    const stay = (notes.min_stay ??= []);
    if (loading) stay.push("Comparing with each listing's recent stays…");
    if (failed > 0) {
      stay.push(`Recent stays of ${failed} listings could not be read just now; they were not compared.`);
    }
    if (stayTargets.length > BATCH_STAY_CHECKS) {
      stay.push(
        `Recent stays are compared for the first ${BATCH_STAY_CHECKS} listings only, to spare the request budget; ${
          stayTargets.length - BATCH_STAY_CHECKS
        } were not compared.`,
      );
    }
    if (stay.length === 0) delete notes.min_stay;
  }
  const signature = guardrailSignature(
    all.map((f) => ({ rule: f.guardrail.rule, message: `${f.listing.svc_id} ${f.guardrail.message}` })),
  );
  return { all, bySetting, notes, signature };
}
