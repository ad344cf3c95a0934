import "server-only";
import {
  ConnectError,
  NOT_CONNECTED,
  READ_ONLY_CONNECT,
  accountSinks,
  exclusive,
  fromService,
  statusOf,
  type ConnectContext,
  type ConnectionStatus,
} from "@/lib/server/webhooks/connect";

/**
 * Rotates the signing secret of this dashboard's own subscription. The service issues the new
 * secret and signs with it from the next attempt; the receiver stores it at once and keeps the
 * previous one valid for 24 hours, so a delivery signed just before the rotation still
 * verifies. The secret never reaches the browser: rotating this subscription from the generic
 * subscription card would leave the receiver with the old one.
 */
export function rotateDashboardSecret(ctx: ConnectContext): Promise<ConnectionStatus> {
  return exclusive(ctx.apiKey, async () => {
    if (ctx.keyKind === "read_only") throw new ConnectError(403, "read_only_key", READ_ONLY_CONNECT);
    const [found] = await accountSinks(ctx, { fresh: true }).catch(fromService);
    if (!found) throw new ConnectError(404, "not_connected", NOT_CONNECTED);
    const rotated = await ctx.client
      .call("webhooks.rotateSecret", { params: { id: found.subscription.id } })
      .catch(fromService);
    if (!(await ctx.store.rotateSinkSecret(found.sink.id, rotated.secret))) {
      throw new ConnectError(409, "not_connected", NOT_CONNECTED);
    }
    return statusOf({ sink: found.sink, subscription: { ...rotated, secret: undefined } });
  });
}
