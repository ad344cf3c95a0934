"use client";

import type { ReactNode } from "react";
import {
  bulkRateGuardrails,
  canCheckRate,
  customRateOutsideLimits,
  limitsOf,
} from "@/lib/listing/custom-rates/guardrails";
import { channelRef } from "@/lib/display/channels";
import type { CustomPriceType } from "@/lib/svc/schemas/calendar";
import type { Listing } from "@/lib/svc/schemas/listings";
import {
  FINDINGS_SHOWN,
  GuardrailInfo,
  GuardrailNote,
  moreFindings,
} from "@/components/listing/guardrails/guardrail-note";

/** The rate as typed, once its value reads as a number. */
export interface TypedRate {
  price_type: CustomPriceType;
  price_value: number;
}

/** What the custom-rate guardrail says about a typed rate: findings (to confirm) and notes. */
export interface RateGuardrailView {
  found: Array<{ key: string; message: ReactNode; text: string }>;
  /** What could not be checked. */
  notes: string[];
}

/** How a form checks its rate: the single listing's tab and the bulk dialog each give one. */
export interface RateGuard {
  check: (rate: TypedRate) => RateGuardrailView;
  /** The action's verb for the confirmation ("Add", "Apply"). */
  verb: string;
  /** The submit button's label once confirmed ("Add anyway"). */
  confirmedLabel: string;
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** The guardrail view of the typed value, or nothing while it is not a number yet. */
export function viewOf(guard: RateGuard | undefined, priceType: CustomPriceType, value: string) {
  const text = value.trim();
  if (!guard || !NUMBER.test(text)) return { found: [], notes: [] } satisfies RateGuardrailView;
  return guard.check({ price_type: priceType, price_value: Number(text) });
}

/** A confirmation holds for exactly these findings. */
export const rateSignature = (view: RateGuardrailView) => view.found.map((f) => f.text).join("|");

/** The rate's guardrails beside its value, live as it is typed. */
export function RateGuardrailNotes({ id, view }: { id: string; view: RateGuardrailView }) {
  const more = moreFindings(view.found.length);
  return (
    <div id={id} className="space-y-1 empty:hidden" aria-live="polite">
      {view.found.slice(0, FINDINGS_SHOWN).map((f) => (
        <GuardrailNote key={f.key}>{f.message}</GuardrailNote>
      ))}
      {more ? <GuardrailInfo>{more}</GuardrailInfo> : null}
      {view.notes.map((note) => (
        <GuardrailInfo key={note}>{note}</GuardrailInfo>
      ))}
    </div>
  );
}

/**
 * One listing's guard (its custom-rates tab). A base that follows the recommendation is
 * judged on the recommendation (`recommended`, read by the tab only for such a listing).
 */
export function listingRateGuard(
  listing: Listing,
  recommendation: { value: number | null; state: "none" | "loading" | "failed" | "ready" },
): RateGuard {
  return {
    verb: "Add",
    confirmedLabel: "Add anyway",
    check: (rate) => {
      const limits = limitsOf(listing, recommendation.value);
      if (!canCheckRate(rate.price_type, limits)) {
        return {
          found: [],
          notes: [
            recommendation.state === "loading"
              ? "Reading the base price recommendation to compare this rate with the price limits…"
              : "This listing's base follows the service's recommendation, which could not be read just now, so this rate was not compared with the price limits.",
          ],
        };
      }
      const found = customRateOutsideLimits(rate, limits);
      return {
        found: found ? [{ key: found.rule, message: found.message, text: found.message }] : [],
        notes: [],
      };
    },
  };
}

/** The bulk dialog's guard: each target on its own limits, named in the finding. */
export function bulkRateGuard(targets: readonly Listing[], count: string): RateGuard {
  return {
    verb: "Apply",
    confirmedLabel: `Apply anyway to ${count}`,
    check: (rate) => {
      const { findings, unchecked } = bulkRateGuardrails(targets, rate);
      return {
        found: findings.map(({ listing, guardrail }) => ({
          key: listing.svc_id,
          text: `${listing.svc_id} ${guardrail.message}`,
          message: (
            <>
              <span className="font-medium">{listing.name}</span> ({channelRef(listing)}): {guardrail.message}
            </>
          ),
        })),
        notes:
          unchecked.length > 0
            ? [
                `${unchecked.length} of these listings ${
                  unchecked.length === 1 ? "follows" : "follow"
                } the service's base price recommendation, which a bulk change does not read: a percent rate was not compared with their limits.`,
              ]
            : [],
      };
    },
  };
}
