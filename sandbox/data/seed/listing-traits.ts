/**
 * Traits of a seeded listing that depend on its channel and market: what the channel lets it
 * set, its ids in the channel's style, its tags, its host account and its pricing tier.
 */
import type { Rng } from "../random";
import type { Neighborhood } from "./markets";
import type { ChannelName, PricingTier, SupportedSettings } from "./types";

/**
 * What each channel lets the service set. Typical per channel, with market exceptions so
 * that two listings on one channel can differ: Airbnb in London takes no minimum stays,
 * Vrbo in London takes no long-term discounts.
 */
export function supportedSettingsFor(channel: ChannelName, marketId: string): SupportedSettings {
  switch (channel) {
    case "airbnb":
      return {
        checkin_checkout: true,
        min_stay: marketId !== "mkt_london",
        long_term_discounts: true,
        long_term_discount_form: "percent",
      };
    case "vrbo":
      return marketId === "mkt_london"
        ? {
            checkin_checkout: false,
            min_stay: true,
            long_term_discounts: false,
            long_term_discount_form: "none",
          }
        : {
            checkin_checkout: false,
            min_stay: true,
            long_term_discounts: true,
            long_term_discount_form: "weekly_monthly",
          };
    case "booking_com":
      return {
        checkin_checkout: true,
        min_stay: true,
        long_term_discounts: false,
        long_term_discount_form: "none",
      };
  }
}

export class ChannelIds {
  private used = new Map<ChannelName, Set<string>>();
  constructor(private rng: Rng) {}
  next(channel: ChannelName): string {
    for (;;) {
      const id =
        channel === "airbnb"
          ? this.rng.chance(0.4)
            ? this.rng.digits(8)
            : this.rng.digits(18)
          : channel === "vrbo"
            ? this.rng.digits(7)
            : `bc-${this.rng.digits(7)}`;
      if (this.claim(channel, id)) return id;
    }
  }
  claim(channel: ChannelName, id: string): boolean {
    const set = this.used.get(channel) ?? new Set<string>();
    this.used.set(channel, set);
    if (set.has(id)) return false;
    set.add(id);
    return true;
  }
}

export function pickTags(
  rng: Rng,
  d: { nb: Neighborhood; bedrooms: number; amenities: string[]; quality: number; photos: number },
): string[] {
  const tags: string[] = [];
  if (d.nb.central && rng.chance(0.8)) tags.push("downtown");
  if (d.nb.beach && rng.chance(0.7)) tags.push("beachfront");
  if (d.bedrooms >= 3 && rng.chance(0.7)) tags.push("family");
  if (d.amenities.includes("pets_allowed")) tags.push("pet-friendly");
  if (d.quality >= 1.2) tags.push("luxury");
  if (d.photos < 5) tags.push("needs-photos");
  if (rng.chance(0.15)) tags.push("long-stay");
  if (rng.chance(0.1)) tags.push("q4-review");
  return tags.slice(0, 4);
}

export function hostAccountId(
  rng: Rng,
  hostIds: Map<string, string>,
  key: string,
  channel: ChannelName,
): string {
  const known = hostIds.get(key);
  if (known) return known;
  const id = channel === "airbnb" ? rng.digits(9) : channel === "vrbo" ? rng.digits(7) : rng.digits(8);
  hostIds.set(key, id);
  return id;
}

export function otherTier(rng: Rng): PricingTier {
  return rng.weighted<PricingTier>([
    ["Free", 2],
    ["Pro Flex", 3.5],
    ["Pro Flat", 3],
    ["Pro Trial", 1],
    ["Pro Onboarding", 0.5],
  ]);
}
