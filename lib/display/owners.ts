import type { Listing } from "@/lib/svc/schemas/listings";

/** The account a listing belongs to, by name (its email when it has none). */
export function ownerName(listing: Pick<Listing, "owner_user">): string {
  const u = listing.owner_user;
  return [u.first_name, u.last_name].filter(Boolean).join(" ") || u.email;
}

/** The distinct owners of a portfolio, for the owner filter, by name. */
export function ownersOf(listings: Listing[]): Array<{ id: string; name: string }> {
  const owners = new Map<string, string>();
  for (const listing of listings) owners.set(listing.owner_user.id, ownerName(listing));
  return [...owners].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
