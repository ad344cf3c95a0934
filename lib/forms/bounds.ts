/**
 * The upper (and lower) bounds the dashboard's forms put on money and counts, in one place so
 * every form refuses an absurd value with the same limit. The interface states few bounds;
 * where it does (min stay 1..365, guests 1..100, base price adjustment -100..1000, radius up to
 * 50 km, a calendar of at most 365 nights), the contract already carries it and the forms keep
 * it. The others are the dashboard's own: no revenue manager prices a night at a million in
 * any currency, so a larger number is a typo, refused before it reaches the service. The
 * service itself accepts what the interface says; these bounds live in the forms only.
 * Why each: docs/form-errors-decisions.md.
 */

/** Any amount of money typed in a form (a nightly price, a minimum or maximum, a fee), in the listing's currency. */
export const MAX_MONEY = 1_000_000;

/** A discount off the nightly price, in percent (the contract refuses 100 and over). */
export const MAX_DISCOUNT_PERCENT = 100;

/** A percentage moving a price up (base price adjustment, a percent custom rate); the interface's bound. */
export const MAX_ADJUSTMENT_PERCENT = 1000;

/** The total fee percentage of fee adjustments: from the interface's -100 to the same size upwards. */
export const MAX_FEE_PERCENTAGE = 100;

/** Nights in a minimum stay (the interface's bound). */
export const MAX_MIN_STAY_NIGHTS = 365;

/** Guests included in the price (the interface's bound). */
export const MAX_GUESTS = 100;
