"use client";

import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { listingQuery } from "@/lib/listing/queries";
import { lookupsNeeded } from "@/lib/overview/named";
import type { PortfolioIndex } from "@/lib/listings/portfolio-index";
import type { Listing } from "@/lib/svc/schemas/listings";

export interface KnownListings {
  /** A listing the Overview holds: from the index, or read or opened on its own. */
  get: (svcId: string) => Listing | undefined;
  /** Every listing the Overview holds, for the cards that filter and name them. */
  all: readonly Listing[];
  /** The named listings still being read one by one. */
  pending: boolean;
}

/**
 * The listings the Overview can name. With the whole index, that is every listing; with only
 * its first page (a large portfolio), the listings that notifications and flags events name
 * are read on their own, a bounded few, under each listing's own key (cached: opening one
 * costs nothing; opened before: costs nothing now).
 */
export function useKnownListings(index: PortfolioIndex | null, named: readonly string[]): KnownListings {
  const queryClient = useQueryClient();
  const byId = useMemo(() => new Map((index?.listings ?? []).map((l) => [l.svc_id, l])), [index]);
  const ownKey = (id: string) => listingQuery(id).queryKey;
  const lookups =
    index && !index.complete
      ? // Bounded on the named list itself, not on what is cached, so answers never widen it.
        lookupsNeeded(named, (id) => byId.has(id))
      : [];
  const answers = useQueries({
    queries: (index && !index.complete ? named : []).map((id) => ({
      ...listingQuery(id),
      // Only the bounded few spend a request (none while cached and fresh); the rest read the cache.
      enabled: lookups.includes(id),
      // A listing the caller cannot see (404) is simply not named.
      retry: false,
    })),
  });
  const extra = answers.flatMap((a) => (a.data ? [a.data] : []));
  const all = extra.length
    ? [...byId.values(), ...extra.filter((l) => !byId.has(l.svc_id))]
    : [...byId.values()];
  const get = (id: string) => byId.get(id) ?? queryClient.getQueryData<Listing>(ownKey(id));
  return { get, all, pending: answers.some((a) => a.isPending && a.fetchStatus === "fetching") };
}
