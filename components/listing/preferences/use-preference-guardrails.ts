"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { todayUtc } from "@/lib/format/dates";
import {
  guardrailNeeds,
  guardrailSignature,
  placeOf,
  preferenceGuardrails,
  recentStaysFilter,
} from "@/lib/listing/preferences/guardrail-checks";
import {
  longestRecentStay,
  RECENT_STAY_DAYS,
  RECENT_STAYS_PER_PAGE,
  type Guardrail,
} from "@/lib/listing/preferences/guardrails";
import type { LimitHits } from "@/lib/listing/preferences/limit-hits";
import { basePriceRecommendationQuery, reservationsPageQuery } from "@/lib/listing/records/queries";
import type {
  ListingPreferences,
  PreferenceSettingName,
  PreferenceSettings,
} from "@/lib/svc/schemas/preferences";

export type SettingMap<T> = Partial<Record<PreferenceSettingName, T[]>>;

export interface PreferenceGuardrails {
  all: Guardrail[];
  /** Guardrails by the setting they are said beside. */
  bySetting: SettingMap<Guardrail>;
  /** What could not be checked, or is being checked, by setting. */
  notes: SettingMap<string>;
  signature: string;
}

const push = <T>(map: SettingMap<T>, setting: PreferenceSettingName, item: T) =>
  void (map[setting] ??= []).push(item);

/**
 * The editor's guardrails for the pending change. Reads only what the change needs (the
 * base price recommendation, one page of recent stays), shared with the tabs that show them;
 * says beside the setting when a read is under way or failed, so a missing check is never silent.
 */
export function usePreferenceGuardrails(
  svcId: string,
  stored: ListingPreferences,
  pending: PreferenceSettings | null,
  /** What a preview of exactly `pending` holds at the limits; null without a current preview. */
  hits: LimitHits | null = null,
): PreferenceGuardrails {
  const [today] = useState(() => todayUtc());
  const changes = pending ?? {};
  const needs = guardrailNeeds(stored, changes);
  const recommendation = useQuery({
    ...basePriceRecommendationQuery(svcId),
    enabled: needs.recommendation,
  });
  const stays = useQuery({
    ...reservationsPageQuery(svcId, recentStaysFilter(today), RECENT_STAYS_PER_PAGE),
    enabled: needs.recentStays,
  });
  const longest = stays.data ? longestRecentStay(stays.data.reservations) : null;

  // A few comparisons per render: computed afresh rather than memoised.
  const all = preferenceGuardrails(stored, changes, {
    currency: stored.currency,
    recommended: needs.recommendation ? (recommendation.data?.recommended_base_price ?? null) : null,
    longest: needs.recentStays ? longest : null,
    hits,
  });
  const bySetting: SettingMap<Guardrail> = {};
  for (const guardrail of all) push(bySetting, placeOf(guardrail, changes), guardrail);

  const notes: SettingMap<string> = {};
  if (needs.recommendation) {
    const changed = Object.keys(changes) as PreferenceSettingName[];
    const place = changed.includes("base_price")
      ? "base_price"
      : (["min_price", "max_price", "base_price_adjustment", "long_term_discounts"] as const).find((s) =>
          changed.includes(s),
        );
    if (place && recommendation.isPending) {
      push(notes, place, "Comparing with the service's base price recommendation…");
    } else if (place && recommendation.isError) {
      push(
        notes,
        place,
        "The base price recommendation could not be read just now, so this value was not compared with it.",
      );
    }
  }
  if (needs.recentStays) {
    if (stays.isPending) push(notes, "min_stay", "Comparing with recent stays…");
    else if (stays.isError) {
      push(
        notes,
        "min_stay",
        "Recent stays could not be read just now, so the minimum stay was not compared with them.",
      );
    } else if (longest?.nights === null) {
      push(
        notes,
        "min_stay",
        `No stay checked in during the last ${RECENT_STAY_DAYS} days, so the minimum stay was not compared with past stays.`,
      );
    }
  }
  return { all, bySetting, notes, signature: guardrailSignature(all) };
}
