import { inScope, isWholePortfolio, scopeChoices, type PaceScope, type ScopeChoices } from "@/lib/pace/scope";
import type { MirrorListing, MirrorStore } from "@/lib/server/mirror/mirror-store";

/**
 * A Pace scope resolved against the account's mirrored listing records and groups (its
 * segments and comp sets, as the last `groups` read found them): the listings it names
 * (undefined for the whole portfolio, which the store counts as every listing not hidden), the
 * choices the filters offer, and the records for naming listings.
 */
export interface ResolvedScope {
  listings: readonly string[] | undefined;
  choices: ScopeChoices;
  records: ReadonlyMap<string, MirrorListing & { readAt: string }>;
}

export async function resolveScope(
  store: MirrorStore,
  accountId: string,
  scope: PaceScope,
): Promise<ResolvedScope> {
  const [records, groups] = await Promise.all([store.listings(accountId), store.groups(accountId)]);
  return scopeOver(records, groups, accountId, scope);
}

/** A Pace scope over listing records and groups already read. */
export function scopeOver(
  records: ReadonlyArray<MirrorListing & { readAt: string }>,
  groups: Awaited<ReturnType<MirrorStore["groups"]>>,
  accountId: string,
  scope: PaceScope,
): ResolvedScope {
  return {
    listings: isWholePortfolio(scope)
      ? undefined
      : records.filter((l) => inScope(l, accountId, scope, groups)).map((l) => l.listingId),
    choices: scopeChoices(records, groups),
    records: new Map(records.map((l) => [l.listingId, l])),
  };
}
