import { sinkId, type DashboardStore, type Sink } from "@/lib/server/dashboard-store";
import type { WebhookSubscription } from "@/lib/svc/schemas/webhooks";

/** The receiver's path for a sink (app/api/webhooks/[sink]). */
export const receiverPath = (id: string) => `/api/webhooks/${id}`;

const RECEIVER_PATH = /\/api\/webhooks\/([^/]+)\/?$/;

/** The sink id a subscription's URL points at, or null when it is not one of our receivers. */
export function sinkIdInUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const candidate = RECEIVER_PATH.exec(pathname)?.[1];
  return candidate && sinkId.safeParse(candidate).success ? candidate : null;
}

/**
 * Which of this dashboard's sinks belong to an account: a subscription the service lists for
 * the account's key names the sink in its URL, and the sink is bound to that very
 * subscription. The service is the authority on who owns a subscription; nothing from the
 * browser is trusted, and a subscription pointing at another account's sink URL (anyone can
 * subscribe any URL) does not let its creator hear that sink.
 */
export async function boundSinks(
  subscriptions: readonly WebhookSubscription[],
  store: Pick<DashboardStore, "findSink">,
): Promise<Array<{ sink: Sink; subscription: WebhookSubscription }>> {
  const found = await Promise.all(
    subscriptions.map(async (subscription) => {
      const id = sinkIdInUrl(subscription.url);
      const sink = id ? await store.findSink(id) : null;
      return sink && sink.subscriptionId === subscription.id ? [{ sink, subscription }] : [];
    }),
  );
  return found.flat();
}
