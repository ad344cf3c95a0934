import { queryOptions, type QueryClient } from "@tanstack/react-query";
import {
  reservationsRequest,
  RESERVATIONS_PER_PAGE,
  type ReservationFilter,
} from "@/lib/listing/records/reservations-filter";
import { loadBrowserContract } from "@/lib/svc/browser-contract";
import { createSvcClient } from "@/lib/svc/client";
import { isSvcError } from "@/lib/svc/errors";
import { isSyncRefusal } from "@/lib/listing/header/sync-state";
import { queryKeys } from "@/lib/queries/keys";
import { rateLimitStore, svc } from "@/lib/queries/svc";

/**
 * The listing workspace's record tabs and header: pricing tier, reservations, notes, tags,
 * flags, base price history and recommendation, the preferences changelog, and sync. Every
 * key sits under `queryKeys.listings.resource(svcId, …)`, so a live change to the listing
 * refreshes them all. Listings are identified by svc id (`channel=svc`).
 */

const bySvcId = (svcId: string) => ({ params: { listing_id: svcId }, query: { channel: "svc" as const } });

/** Names of the resources, so a writer elsewhere can invalidate exactly these. */
export const RECORD_RESOURCES = {
  pricingTier: "pricing-tier",
  reservations: "reservations",
  notes: "notes",
  tags: "tags",
  flags: "flags",
  basePriceHistory: "base-price-history",
  basePriceRecommendation: "base-price-recommendation",
  changelog: "changelog",
} as const;

const key = (svcId: string, name: keyof typeof RECORD_RESOURCES, params?: Record<string, unknown>) =>
  queryKeys.listings.resource(svcId, RECORD_RESOURCES[name], params);

/**
 * The header's one request for the plan. The Sync button reads the same query, so it costs
 * nothing more; a plan changes rarely, hence the long stale time.
 */
export function pricingTierQuery(svcId: string) {
  return queryOptions({
    queryKey: key(svcId, "pricingTier"),
    queryFn: ({ signal }) => svc.call("listings.pricingTier", { ...bySvcId(svcId), signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * One page of reservations for the filter, with the total when the service sends it. The
 * tab reads pages of RESERVATIONS_PER_PAGE; the guardrails read one larger page of recent stays.
 */
export function reservationsPageQuery(
  svcId: string,
  filter: ReservationFilter,
  perPage = RESERVATIONS_PER_PAGE,
) {
  return queryOptions({
    queryKey: key(
      svcId,
      "reservations",
      perPage === RESERVATIONS_PER_PAGE ? { ...filter } : { ...filter, perPage },
    ),
    queryFn: async ({ signal }) => {
      const answer = await svc.request("listings.reservations", {
        params: { listing_id: svcId },
        query: reservationsRequest(filter, perPage),
        signal,
      });
      return { reservations: answer.data, total: answer.totalCount, skipped: answer.skipped.length };
    },
  });
}

export function notesQuery(svcId: string) {
  return queryOptions({
    queryKey: key(svcId, "notes"),
    queryFn: ({ signal }) => svc.call("notes.list", { ...bySvcId(svcId), signal }),
  });
}

export function tagsQuery(svcId: string) {
  return queryOptions({
    queryKey: key(svcId, "tags"),
    queryFn: ({ signal }) => svc.call("tags.get", { ...bySvcId(svcId), signal }),
  });
}

export function flagsQuery(svcId: string) {
  return queryOptions({
    queryKey: key(svcId, "flags"),
    queryFn: ({ signal }) => svc.call("flags.list", { ...bySvcId(svcId), signal }),
  });
}

/** The last `days` days up to today (the service's default is 30). */
export function basePriceHistoryQuery(svcId: string, range: { start_date: string; end_date: string }) {
  return queryOptions({
    queryKey: key(svcId, "basePriceHistory", range),
    queryFn: ({ signal }) =>
      svc.call("listings.basePriceHistory", {
        params: { listing_id: svcId },
        query: { channel: "svc", ...range },
        signal,
      }),
  });
}

export function basePriceRecommendationQuery(svcId: string) {
  return queryOptions({
    queryKey: key(svcId, "basePriceRecommendation"),
    queryFn: ({ signal }) => svc.call("listings.basePriceRecommendation", { ...bySvcId(svcId), signal }),
  });
}

export const CHANGELOG_PER_PAGE = 25;

/** Every page of the changelog: the prefix a write that records a change invalidates. */
export const changelogKey = (svcId: string) => key(svcId, "changelog");

export function changelogPageQuery(svcId: string, page: number) {
  return queryOptions({
    queryKey: key(svcId, "changelog", { page }),
    queryFn: async ({ signal }) => {
      const answer = await svc.request("preferences.changelog", {
        params: { listing_id: svcId },
        query: { channel: "svc", page, per_page: CHANGELOG_PER_PAGE },
        signal,
      });
      return { entries: answer.data, total: answer.totalCount, skipped: answer.skipped.length };
    },
  });
}

// ---------------------------------------------------------------- notes

/** A note write changes the notes and nothing else the workspace shows. */
function refreshNotes(queryClient: QueryClient, svcId: string) {
  return queryClient.invalidateQueries({ queryKey: key(svcId, "notes") });
}

export async function createNote(queryClient: QueryClient, svcId: string, body: string) {
  const note = await svc.call("notes.create", { ...bySvcId(svcId), body: { body } });
  await refreshNotes(queryClient, svcId);
  return note;
}

export async function updateNote(queryClient: QueryClient, svcId: string, noteId: string, body: string) {
  const note = await svc.call("notes.update", {
    params: { listing_id: svcId, note_id: noteId },
    query: { channel: "svc" },
    body: { body },
  });
  await refreshNotes(queryClient, svcId);
  return note;
}

export async function deleteNote(queryClient: QueryClient, svcId: string, noteId: string) {
  await svc.call("notes.delete", {
    params: { listing_id: svcId, note_id: noteId },
    query: { channel: "svc" },
  });
  await refreshNotes(queryClient, svcId);
}

// ---------------------------------------------------------------- sync

/**
 * Sync's own client: a debounced or capped sync answers 429 too, but that is not the
 * service's rate limit, and the shared client would make the shell announce a rate-limit
 * wait. This one passes the budget reading on itself, treating a sync refusal as the
 * ordinary answer it is (its X-RateLimit-* headers are current).
 */
const syncClient = createSvcClient({ baseUrl: "/api/svc", contract: loadBrowserContract });

export async function syncListing(queryClient: QueryClient, svcId: string) {
  try {
    const answer = await syncClient.request("listings.sync", bySvcId(svcId));
    rateLimitStore.record(answer.rateLimit, answer.status);
    // The sync posts rates and re-reads reservations: the changelog records both at once.
    // Prices and reservations follow through the recommendations.updated live update.
    await queryClient.invalidateQueries({ queryKey: changelogKey(svcId) });
    return answer.data;
  } catch (error) {
    if (isSvcError(error)) {
      const syncRefusal = isSyncRefusal(error);
      rateLimitStore.record(
        syncRefusal ? { ...error.rateLimit, retryAfter: null } : error.rateLimit,
        syncRefusal ? 200 : error.status,
      );
    }
    throw error;
  }
}
