import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type {
  BulkCustomRatesResult,
  CustomRate,
  CustomRateInput,
  DeleteCustomRatesBody,
} from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import { queryKeys } from "@/lib/queries/keys";
import { bulkAddress } from "@/lib/listing/custom-rates/bulk";
import { invalidateCalendarAfterCustomRates } from "@/lib/listing/calendar/queries";
import { RECORD_RESOURCES } from "@/lib/listing/records/queries";
import { svc } from "@/lib/queries/svc";

/**
 * Custom rates of one listing (identified by svc id, `channel=svc`). Every write answers the
 * periods in force after it: that answer replaces the cached list (no re-read), and the
 * calendar resources the write moves are invalidated.
 */
export const CUSTOM_RATES_RESOURCE = "custom-rates";

export const customRatesKey = (svcId: string) => queryKeys.listings.resource(svcId, CUSTOM_RATES_RESOURCE);

export function customRatesQuery(svcId: string) {
  return queryOptions({
    queryKey: customRatesKey(svcId),
    queryFn: ({ signal }) =>
      svc.call("listings.customRates", { params: { listing_id: svcId }, query: { channel: "svc" }, signal }),
    staleTime: 60_000,
  });
}

/**
 * After a write to one listing: its answer is the new list; the calendar resources it moves
 * are invalidated, and so are the records it adds to: the changelog (custom rate added, split
 * or removed) and the flags the service re-derives (a rate expiring soon).
 */
export async function settleCustomRateWrite(queryClient: QueryClient, svcId: string, periods: CustomRate[]) {
  queryClient.setQueryData(customRatesKey(svcId), periods);
  await Promise.all([
    invalidateCalendarAfterCustomRates(queryClient, svcId),
    ...[RECORD_RESOURCES.changelog, RECORD_RESOURCES.flags].map((resource) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.listings.resource(svcId, resource) }),
    ),
  ]);
  return periods;
}

export async function putCustomRates(
  queryClient: QueryClient,
  svcId: string,
  body: { custom_rates: CustomRateInput[]; expires_at?: string },
) {
  const periods = await svc.call("listings.customRatesPut", {
    params: { listing_id: svcId },
    query: { channel: "svc" },
    body,
  });
  return settleCustomRateWrite(queryClient, svcId, periods);
}

export async function deleteCustomRates(
  queryClient: QueryClient,
  svcId: string,
  body: DeleteCustomRatesBody,
) {
  const periods = await svc.call("listings.customRatesDelete", {
    params: { listing_id: svcId },
    query: { channel: "svc" },
    body,
  });
  return settleCustomRateWrite(queryClient, svcId, periods);
}

/**
 * One bulk PUT: the path listing and `listingIds` (svc ids) all take the same periods. Each
 * listing that took them gets its answered periods cached and its calendar invalidated; the
 * refused ones changed nothing, so nothing of theirs is touched.
 */
export async function bulkPutCustomRates(
  queryClient: QueryClient,
  pathId: string,
  listingIds: string[],
  body: { custom_rates: CustomRateInput[]; expires_at?: string },
): Promise<BulkCustomRatesResult> {
  const result = await svc.call("listings.bulkCustomRatesPut", {
    params: { listing_id: pathId },
    query: { channel: "svc" },
    body: { listing_ids: listingIds, ...body },
  });
  await Promise.all(
    result.results.map((r) => settleCustomRateWrite(queryClient, r.listing_id, r.custom_rates)),
  );
  return result;
}

/**
 * One call that gives the same periods to `listings` (at most MAX_BULK_TARGETS): a
 * bulk PUT addressed by its first listing, or a plain PUT for a single listing (the bulk body
 * needs at least one `listing_ids`), whose answer is put in the bulk answer's shape.
 */
export async function putCustomRatesToMany(
  queryClient: QueryClient,
  listings: readonly Listing[],
  body: { custom_rates: CustomRateInput[]; expires_at?: string },
): Promise<BulkCustomRatesResult> {
  const { pathId, listingIds } = bulkAddress(listings);
  if (listingIds.length === 0) {
    const custom_rates = await putCustomRates(queryClient, pathId, body);
    return { results: [{ listing_id: pathId, custom_rates }], errors: [] };
  }
  return bulkPutCustomRates(queryClient, pathId, listingIds, body);
}
