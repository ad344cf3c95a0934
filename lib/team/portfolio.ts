import type { Listing } from "@/lib/svc/schemas/listings";
import type { Membership } from "@/lib/svc/schemas/team";
import { personName } from "@/lib/team/levels";

/**
 * The portfolio switcher's model. A membership's `master_user_id` may be passed as
 * `owner_user_id` (GET /listings, GET /listings/kpis): it narrows what the caller sees to
 * that owner's listings and grants nothing. The choice lives in the Listings URL as `owner`,
 * the same parameter the Listings owner filter sets, so the two always agree.
 */

export const OWNER_PARAM = "owner";

export const NARROWS_NOT_GRANTS = "Narrows what you see; grants no access.";

export interface PortfolioOption {
  /** The `owner` parameter; "" for no narrowing. */
  value: string;
  label: string;
}

export const MY_LISTINGS: PortfolioOption = { value: "", label: "My listings" };

/** Teams the caller is an active member of: the only portfolios they can narrow to. */
export const activeMemberships = (memberships: readonly Membership[]) =>
  memberships.filter((m) => m.status === "active");

/** "Olivia Hart's listings". */
export const listingsOf = (owner: string) => `${owner}'s listings`;

/**
 * The switcher's choices: my listings, then each team I am active in, by the owner's name
 * when known (else their email). An `owner` in the URL that is none of those (the Listings
 * owner filter picked another owner) stays selectable, so the select never lies about it.
 */
export function portfolioOptions(
  memberships: readonly Membership[],
  names: ReadonlyMap<string, string>,
  current: string | null,
): PortfolioOption[] {
  const teams = activeMemberships(memberships).map((m) => ({
    value: m.master_user_id,
    label: listingsOf(names.get(m.master_user_id) ?? m.email),
  }));
  const options = [MY_LISTINGS, ...teams];
  if (current && !options.some((o) => o.value === current)) {
    options.push({ value: current, label: "Another owner's listings (Owner filter)" });
  }
  return options;
}

/** The pages the switcher acts on: the portfolio, each listing's workspace and the portfolio calendar. */
export const isListingsPath = (pathname: string) =>
  pathname === "/listings" || pathname.startsWith("/listings/") || pathname === "/calendar";

/** Pages that show a whole portfolio: the switcher narrows them in place. */
export const isPortfolioPath = (pathname: string) => pathname === "/listings" || pathname === "/calendar";

/** `href` carrying the chosen portfolio, so moving between Listings pages keeps it. */
export function withOwner(href: string, owner: string | null): string {
  if (!owner) return href;
  const [path, query = ""] = href.split("?", 2);
  const params = new URLSearchParams(query);
  params.set(OWNER_PARAM, owner);
  return `${path}?${params.toString()}`;
}

/**
 * A team owner's display name from one of their listings (a membership names the owner by
 * email only; a listing's `owner_user` carries first and last name). Null when no listing
 * was answered or it names nobody.
 */
export function ownerNameFrom(
  listings: readonly Pick<Listing, "owner_user">[],
  ownerId: string,
): string | null {
  const owner = listings.find((l) => l.owner_user.id === ownerId)?.owner_user;
  if (!owner) return null;
  const name = personName(owner);
  return name === owner.email ? null : name;
}
