/** Most listings one bulk call may name. */
export const MAX_BULK_LISTINGS = 100;
