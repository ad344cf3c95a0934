"use client";

import type { ReactNode } from "react";
import {
  NIGHT_PRICE_TERMS,
  WAITING_TO_BE_POSTED,
  priceToPostWords,
  rateWords,
  waitingToPost,
} from "@/lib/listing/custom-rates/words";
import { demandLabels, statusLabels, type CalendarNight } from "@/lib/listing/calendar/model";
import { minStayWords } from "@/lib/listing/calendar/applied";
import { neighborhoodPosition } from "@/lib/listing/calendar/neighborhood-reference";
import { formatUtc } from "@/lib/format/times";
import { money, nightLabel } from "@/components/listing/calendar/calendar-display";

/** Where one of the joined answers stands, so a missing figure says why instead of showing 0. */
export type PartState = "off" | "loading" | "error" | "ready";

const positionWords = {
  below: "below the neighborhood's middle half",
  within: "within the neighborhood's middle half",
  above: "above the neighborhood's middle half",
  unknown: "",
} as const;

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

const minStay = (night: CalendarNight) =>
  minStayWords({ nights: night.minStay, source: night.minStaySource, listingNights: night.listingMinStay });

const nights = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;

function pending(state: PartState, what: string): string {
  if (state === "loading") return `Loading ${what}…`;
  if (state === "error") return `${what[0]!.toUpperCase()}${what.slice(1)} did not load.`;
  return "Unknown";
}

/**
 * Everything known about one night, for the night hovered, focused or clicked in the grid:
 * the square's figures in words plus the neighborhood, the last posting and the overlays.
 */
export function NightDetails({
  date,
  night,
  currency,
  parts,
}: {
  date: string;
  night: CalendarNight | null;
  currency: string;
  parts: {
    recommendations: PartState;
    neighborhood: PartState;
    lastPosted: PartState;
    fees: PartState;
    minStay: PartState;
  };
}) {
  return (
    <section
      aria-label="Night details"
      data-testid="night-details"
      data-night={date}
      className="rounded-lg border border-slate-200 bg-white/95 p-3 shadow-sm backdrop-blur"
    >
      <h3 className="text-sm font-semibold text-slate-900">{nightLabel(date)}</h3>
      {night === null ? (
        <p className="mt-1 text-sm text-slate-600">The service gave no figures for this night.</p>
      ) : (
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
          <Item term="Status">
            {statusLabels[night.status]}
            {night.reservationId ? (
              <span className="font-normal text-slate-600"> · {night.reservationId}</span>
            ) : null}
          </Item>
          <Item term={NIGHT_PRICE_TERMS.channel}>{money(night.price, currency)}</Item>
          <Item term="Recommendation">{money(night.recommendedPrice, currency)}</Item>
          <Item term={NIGHT_PRICE_TERMS.toPost}>
            {priceToPostWords(night.postPrice, parts.recommendations, (value) => money(value, currency))}
            {waitingToPost(night) ? (
              <span className="block text-xs font-normal text-slate-600">{WAITING_TO_BE_POSTED}</span>
            ) : null}
          </Item>
          <Item term={NIGHT_PRICE_TERMS.customRate}>
            {night.customRate ? rateWords(night.customRate, currency) : "None"}
          </Item>
          <Item term="Minimum stay">
            {minStay(night).value}
            {minStay(night).note ? (
              <span className="block text-xs font-normal text-slate-600">{minStay(night).note}</span>
            ) : null}
          </Item>
          <Item term="Demand">{demandLabels[night.demand]}</Item>
          <Item term="Neighborhood median">
            {night.neighborhood?.median != null
              ? money(night.neighborhood.median, currency)
              : night.neighborhood
                ? "Unknown"
                : pending(parts.neighborhood, "the neighborhood")}
          </Item>
          <Item term="Neighborhood p25–p75">
            {night.neighborhood?.p25 != null && night.neighborhood.p75 != null ? (
              <>
                {money(night.neighborhood.p25, currency)}–{money(night.neighborhood.p75, currency)}
                <span className="block text-xs font-normal text-slate-600">
                  {night.neighborhood.listingCount} listings; yours is{" "}
                  {positionWords[neighborhoodPosition(night)]}
                </span>
              </>
            ) : night.neighborhood ? (
              "Unknown"
            ) : (
              pending(parts.neighborhood, "the neighborhood")
            )}
          </Item>
          <Item term="Last posted">
            {night.lastPosted ? (
              <>
                {money(night.lastPosted.price, currency)}
                <span className="block text-xs font-normal text-slate-600">
                  {formatUtc(night.lastPosted.postedAt, { seconds: false })}
                </span>
              </>
            ) : parts.lastPosted === "ready" ? (
              "Never posted"
            ) : (
              pending(parts.lastPosted, "the posted prices")
            )}
          </Item>
          {parts.fees !== "off" ? (
            <Item term="Guests pay with fees">
              {night.guestPrice !== null && night.feeMultiplier !== null ? (
                <>
                  {money(night.guestPrice, currency)}
                  <span className="block text-xs font-normal text-slate-600">
                    × {night.feeMultiplier.toFixed(2)} of the nightly rate
                  </span>
                </>
              ) : (
                pending(parts.fees, "the fee impact")
              )}
            </Item>
          ) : null}
          {parts.minStay !== "off" ? (
            <Item term="Minimum-stay calendar">
              {night.overlayMinStay !== null ? (
                <>
                  {nights(night.overlayMinStay)}
                  {night.overlayMinStay !== night.listingMinStay ? (
                    <span className="block text-xs font-normal text-slate-600">A custom rate sets it</span>
                  ) : null}
                </>
              ) : (
                pending(parts.minStay, "the minimum-stay calendar")
              )}
            </Item>
          ) : null}
        </dl>
      )}
    </section>
  );
}
