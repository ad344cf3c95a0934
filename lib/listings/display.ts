import type { ApiKeyKind } from "../svc/schemas/api-keys";
import type { Listing, ListingAccessLevel } from "../svc/schemas/listings";

/**
 * Words for each listing access level, as the table and tooltips say them. `meaning` speaks
 * to the caller about their own access to one listing; `grants` says what anyone holding the
 * level may do on the listings they hold it on (a team member's level is one of these), so
 * the Team page explains levels in the same words rather than a copy.
 */
export const accessLabels: Record<ListingAccessLevel, { label: string; meaning: string; grants: string }> = {
  owner: {
    label: "Owner",
    meaning: "You own this listing.",
    grants: "Owns the listings and decides who else may reach them.",
  },
  manager: {
    label: "Manager",
    meaning: "You manage this listing for its owner.",
    grants: "Manages the listings for their owner: prices, settings, tags and batch preferences.",
  },
  editor: {
    label: "Editor",
    meaning: "You can change this listing's prices and settings.",
    grants: "Can change the listings' prices, settings and tags, and use batch preferences.",
  },
  restricted_editor: {
    label: "Restricted editor",
    meaning: "You can change this listing's own preferences, but not its tags or batch preferences.",
    grants: "Can change each listing's own preferences, but not its tags or batch preferences.",
  },
  viewer: {
    label: "Viewer",
    meaning: "Read only: you can see this listing but not change it.",
    grants: "Read only: can see the listings but not change them.",
  },
};

export type Permission = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether the caller may change a listing's tags (interface: restricted editors and viewers
 * cannot; a read-only key cannot change anything).
 */
export function tagEditPermission(access: ListingAccessLevel, keyKind: ApiKeyKind | null): Permission {
  if (keyKind === "read_only") return { allowed: false, reason: "Your API key is read-only." };
  if (access === "viewer")
    return { allowed: false, reason: "Viewers have read-only access to this listing." };
  if (access === "restricted_editor") {
    return { allowed: false, reason: "Restricted editors cannot change tags." };
  }
  return { allowed: true };
}

/** The account a listing belongs to, by name (its email when it has none). */
export function ownerName(listing: Pick<Listing, "owner_user">): string {
  const u = listing.owner_user;
  return [u.first_name, u.last_name].filter(Boolean).join(" ") || u.email;
}

/** `Airbnb #12345`: how a listing is told apart from another of the same name. */
export function channelRef(listing: Pick<Listing, "channel" | "id">): string {
  return `${channelLabels[listing.channel]} #${listing.id}`;
}

export function formatMoney(value: number | null, currency: string): string {
  if (value === null) return "—";
  return new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 0 }).format(value);
}

export const channelLabels: Record<Listing["channel"], string> = {
  airbnb: "Airbnb",
  vrbo: "Vrbo",
  booking_com: "Booking.com",
};

/** The distinct owners of a portfolio, for the owner filter, by name. */
export function ownersOf(listings: Listing[]): Array<{ id: string; name: string }> {
  const owners = new Map<string, string>();
  for (const { owner_user: u } of listings) {
    owners.set(u.id, [u.first_name, u.last_name].filter(Boolean).join(" ") || u.email);
  }
  return [...owners].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** `exclude_inactive` does not remove hidden listings: the dashboard filters on `is_hidden`. */
export function visibleListings(listings: Listing[], showHidden: boolean): Listing[] {
  return showHidden ? listings : listings.filter((l) => !l.is_hidden);
}
