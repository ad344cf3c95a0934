/*
 * The interface's numeric limits as plain values, apart from the schemas that enforce them:
 * pages read them to explain a limit with their first load, without zod.
 */

/** Most listings one bulk custom-rates call may name. */
export const MAX_BULK_LISTINGS = 100;

/** Most nights a listing's date range may span. */
export const MAX_RANGE_NIGHTS = 365;

/** Most memberships (every status) a set may have for its price calendar, and its longest range. */
export const SET_PRICE_CALENDAR_MEMBER_LIMIT = 25;
export const SET_PRICE_CALENDAR_MAX_NIGHTS = 365;
