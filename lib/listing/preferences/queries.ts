import { hashKey, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { PreferenceSettingName, PreferenceSettings } from "@/lib/svc/schemas/preferences";
import { queryKeys } from "@/lib/queries/keys";
import { retryDelay, shouldRetry } from "@/lib/queries/retry";
import { svc } from "@/lib/queries/svc";

/** Listings are named by svc id everywhere in the dashboard. */
const BY_SVC_ID = { channel: "svc" } as const;

export const preferencesKey = (svcId: string) => queryKeys.listings.resource(svcId, "preferences");

/** GET /preferences/{id}: every setting, and what the listing's channel takes. */
export function preferencesQuery(svcId: string) {
  return queryOptions({
    queryKey: preferencesKey(svcId),
    queryFn: ({ signal }) =>
      svc.call("preferences.get", { params: { listing_id: svcId }, query: BY_SVC_ID, signal }),
    staleTime: 60_000,
    retry: shouldRetry,
    retryDelay,
  });
}

/**
 * After a write the listing's prices change: everything read about the listing (its calendar,
 * recommendations, KPIs ahead, the header's summary) and every portfolio list are stale. The
 * preferences themselves are set from the write's answer, which is the stored state, so they
 * are not read again.
 */
async function afterWrite(
  queryClient: QueryClient,
  written: Array<{ svcId: string; preferences?: unknown }>,
  refreshLists = true,
): Promise<void> {
  const fresh = new Set<string>();
  for (const { svcId, preferences } of written) {
    if (preferences === undefined) continue;
    queryClient.setQueryData(preferencesKey(svcId), preferences);
    fresh.add(hashKey(preferencesKey(svcId)));
  }
  await Promise.all([
    ...written.map(({ svcId }) =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.listings.detail(svcId),
        predicate: (query) => !fresh.has(query.queryHash),
      }),
    ),
    ...(refreshLists ? [invalidatePortfolioLists(queryClient)] : []),
  ]);
}

/**
 * The portfolio's lists after preferences changed. Re-reading 1,500 listings is 15 requests,
 * so a batch sent in chunks does it once at the end rather than after every chunk.
 */
export function invalidatePortfolioLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.listings.lists() });
}

/** PUT /preferences/{id} with the changed settings only. */
export async function savePreferences(queryClient: QueryClient, svcId: string, settings: PreferenceSettings) {
  const result = await svc.call("preferences.put", {
    params: { listing_id: svcId },
    query: BY_SVC_ID,
    body: settings,
  });
  await afterWrite(queryClient, [{ svcId, preferences: result.preferences }]);
  return result;
}

/** POST /preferences/{id}/preview: the next 90 nights under the pending settings; stores nothing. */
export function previewPreferences(svcId: string, settings: PreferenceSettings) {
  return svc.call("preferences.preview", {
    params: { listing_id: svcId },
    query: BY_SVC_ID,
    body: settings,
  });
}

/** PUT /preferences/{id}/copy from another listing (both by svc id); all settings unless named. */
export async function copyPreferences(
  queryClient: QueryClient,
  svcId: string,
  fromSvcId: string,
  settings?: PreferenceSettingName[],
) {
  const result = await svc.call("preferences.copy", {
    params: { listing_id: svcId },
    query: BY_SVC_ID,
    body: { copy_preferences_from: fromSvcId, ...(settings ? { settings } : {}) },
  });
  await afterWrite(queryClient, [{ svcId, preferences: result.preferences }]);
  return result;
}

/**
 * Batch PUT /preferences: the same settings on each listing. A listing the service refuses
 * (a restricted editor's 403) is in `errors` and the rest applies. One chunk of a larger
 * batch leaves the portfolio's lists to the end of the run (`refreshLists: false`).
 */
export async function batchPreferences(
  queryClient: QueryClient,
  listings: readonly Listing[],
  settings: PreferenceSettings,
  { refreshLists = true }: { refreshLists?: boolean } = {},
) {
  const result = await svc.call("preferences.batchPut", {
    query: BY_SVC_ID,
    body: { preferences: listings.map((listing) => ({ listing_id: listing.svc_id, settings })) },
  });
  await afterWrite(
    queryClient,
    result.results.map((r) => ({ svcId: r.listing_id, preferences: r.preferences })),
    refreshLists,
  );
  return result;
}
