/**
 * GET /listings' own filters applied to listing records as the service sent them (the
 * mirror's copies): what the service would have answered, without asking it. Read without
 * trusting the record's shape: a field missing or of another type simply does not match.
 */
export interface ListingRecordFilters {
  include_managed_listings: boolean;
  exclude_inactive: boolean;
  owner_user_id?: string | undefined;
}

/** A field of the record as sent, read without trusting its shape. */
export function field(body: unknown, ...path: string[]): unknown {
  let at: unknown = body;
  for (const key of path)
    at = at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

export function matchesListingFilters(
  body: unknown,
  accountId: string,
  filters: ListingRecordFilters,
): boolean {
  const owner = field(body, "owner_user", "id");
  if (!filters.include_managed_listings && owner !== accountId) return false;
  if (filters.owner_user_id !== undefined && owner !== filters.owner_user_id) return false;
  if (filters.exclude_inactive && field(body, "is_active") === false) return false;
  return true;
}
