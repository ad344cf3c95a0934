/** The pricing tiers' names, apart from the schemas (listing-extras.ts): the segment builder lists them without them. */
export const PRICING_TIERS = ["Free", "Pro Flex", "Pro Flat", "Pro Trial", "Pro Onboarding"] as const;
export type PricingTierName = (typeof PRICING_TIERS)[number];
