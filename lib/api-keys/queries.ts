import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { CreateApiKeyBody } from "@/lib/svc/schemas/api-keys";
import { queryKeys } from "@/lib/queries/keys";
import { svc } from "@/lib/queries/svc";

/** The caller's keys, revoked ones included (one request; the list is short). */
export function apiKeysQuery() {
  return queryOptions({
    queryKey: queryKeys.apiKeys.list(),
    queryFn: ({ signal }) => svc.call("apiKeys.list", { signal }),
    staleTime: 30_000,
  });
}

/** Creates a key and refreshes the list; the answer is the only place the key itself appears. */
export function createApiKey(queryClient: QueryClient, body: CreateApiKeyBody) {
  return svc.call("apiKeys.create", { body }).then(async (created) => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
    return created;
  });
}

/**
 * Revokes a key. `refresh: false` when it is the session's own key: the list cannot be read
 * with it any more, and the caller signs out instead.
 */
export function revokeApiKey(queryClient: QueryClient, tokenId: string, { refresh = true } = {}) {
  return svc.call("apiKeys.revoke", { params: { token_id: tokenId } }).then(async (revoked) => {
    if (refresh) await queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
    return revoked;
  });
}
