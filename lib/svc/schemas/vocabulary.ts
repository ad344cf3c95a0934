/*
 * The interface's fixed vocabularies as plain values, apart from the schemas built on them
 * (listing-extras.ts, webhooks.ts, team.ts): the shell and the pages read them to draw and to
 * word things with their first load, without those schema modules.
 */

/** The pricing tiers' names. */
export const PRICING_TIERS = ["Free", "Pro Flex", "Pro Flat", "Pro Trial", "Pro Onboarding"] as const;
export type PricingTierName = (typeof PRICING_TIERS)[number];

/** What a webhook event can be about. */
export const WEBHOOK_EVENT_TYPES = [
  "recommendations.updated",
  "reservations.ingested",
  "flags.detected",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Listing access levels a team member can hold, most access first (docs/interface-decisions.md §2 without owner). */
export const TEAM_LEVEL_NAMES = ["manager", "editor", "restricted_editor", "viewer"] as const;
export type TeamLevel = (typeof TEAM_LEVEL_NAMES)[number];
