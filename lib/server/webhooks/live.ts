import "server-only";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { serviceClient } from "@/lib/server/upstream";
import type { WebhookSubscription } from "@/lib/svc/schemas/webhooks";
import { boundSinks } from "@/lib/server/webhooks/ownership";
import { dashboardStore } from "@/lib/server/store";

/**
 * Which of this dashboard's sinks a session may hear: those bound to a subscription that the
 * service lists for the session's own key. The service is the authority on who owns a
 * subscription, so no account id is trusted from the browser or guessed here.
 */
type SinkLookup = Pick<DashboardStore, "findSink">;

/** The ids of the sinks bound to these subscriptions (see ownership.ts). */
export async function sinksOfSubscriptions(
  subscriptions: WebhookSubscription[],
  store: SinkLookup,
): Promise<Set<string>> {
  return new Set((await boundSinks(subscriptions, store)).map(({ sink }) => sink.id));
}

/** Asks the service for the key's subscriptions; a SvcError (401 for a revoked key) propagates. */
export async function sinksHeardBy(
  apiKey: string,
  store?: SinkLookup,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const { data } = await serviceClient(apiKey).request("webhooks.list", { signal });
  return await sinksOfSubscriptions(data, store ?? (await dashboardStore()));
}
