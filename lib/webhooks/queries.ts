import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookSubscription,
  WebhookSubscriptionWithSecret,
} from "@/lib/svc/schemas/webhooks";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";
import { createdDespiteOddAnswer } from "@/lib/webhooks/applied-create";

/** Attempts per page of a subscription's deliveries; the first page also gives the row its last delivery. */
export const DELIVERIES_PER_PAGE = 20;

/** What can be subscribed to: fixed by the service, so read once per session. */
export function webhookEventTypesQuery() {
  return queryOptions({
    queryKey: queryKeys.webhooks.eventTypes(),
    queryFn: ({ signal }) => svc.call("webhooks.eventTypes", { signal }),
    staleTime: Infinity,
  });
}

/** The caller's subscriptions (ten at most: one request, no paging). */
export function webhooksQuery() {
  return queryOptions({
    queryKey: queryKeys.webhooks.list(),
    queryFn: ({ signal }) => svc.call("webhooks.list", { signal }),
    staleTime: 30_000,
  });
}

/** One page of a subscription's attempts, newest first, with the total from X-Total-Count. */
export function webhookDeliveriesQuery(id: string, page = 1) {
  return queryOptions({
    queryKey: queryKeys.webhooks.deliveriesPage(id, page),
    queryFn: async ({ signal }) => {
      const response = await svc.request("webhooks.deliveries", {
        params: { id },
        query: { page, per_page: DELIVERIES_PER_PAGE },
        signal,
      });
      return { items: response.data, total: response.totalCount, skipped: response.skipped.length };
    },
    staleTime: 30_000,
  });
}

/** The answer's secret must not linger in the cache: only the record goes there. */
function withoutSecret({ secret: _secret, ...record }: WebhookSubscriptionWithSecret): WebhookSubscription {
  void _secret;
  return record;
}

/** Puts the service's answer in place of the cached row: the answer is the new truth, no re-read needed. */
function replaceInList(queryClient: QueryClient, updated: WebhookSubscription) {
  queryClient.setQueryData(queryKeys.webhooks.list(), (list: WebhookSubscription[] | undefined) =>
    list?.map((sub) => (sub.id === updated.id ? updated : sub)),
  );
}

/** Creates a subscription; the list is re-read (its order is the service's). The answer carries the secret. */
export async function createWebhook(queryClient: QueryClient, body: CreateWebhookBody) {
  const created = await svc.call("webhooks.create", { body }).catch((error: unknown) => {
    const kept = createdDespiteOddAnswer(error, body);
    if (!kept) throw error;
    return kept;
  });
  await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list() });
  return created;
}

/**
 * Changes url or event types, or re-enables. Re-enabling makes overdue attempts due at
 * once, so that subscription's deliveries are re-read too; nothing else changes.
 */
export async function updateWebhook(queryClient: QueryClient, id: string, body: UpdateWebhookBody) {
  const updated = await svc.call("webhooks.update", { params: { id }, body });
  replaceInList(queryClient, updated);
  if (body.status === "enabled") {
    await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(id) });
  }
  return updated;
}

/** Issues a new secret; the answer is the only place it appears. */
export async function rotateWebhookSecret(queryClient: QueryClient, id: string) {
  const rotated = await svc.call("webhooks.rotateSecret", { params: { id } });
  replaceInList(queryClient, withoutSecret(rotated));
  return rotated;
}

/** Deletes a subscription: the list is re-read and its deliveries are dropped from the cache. */
export async function deleteWebhook(queryClient: QueryClient, id: string) {
  await svc.call("webhooks.delete", { params: { id } });
  queryClient.removeQueries({ queryKey: queryKeys.webhooks.deliveries(id) });
  await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list() });
}

/** A subscription that turned out to be gone (404): re-read the list, forget its deliveries. */
export async function forgetWebhook(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: queryKeys.webhooks.deliveries(id) });
  await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list() });
}

/** The page's Refresh: the list and the deliveries on screen (inactive pages are only marked stale). */
export async function refreshWebhooks(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.allDeliveries() }),
  ]);
}
