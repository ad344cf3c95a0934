import type { RouteTable } from "../context";
import { listDeliveries } from "../domain/webhooks/deliveries";
import {
  EVENT_TYPE_INFO,
  deleteSubscription,
  findSubscription,
  insertSubscription,
  rotateSecret,
  subscriptionsOf,
  toSubscription,
  updateSubscription,
  withSecret,
} from "../domain/webhooks/subscriptions";

/**
 * docs/interface.md §Webhooks, docs/interface-decisions.md §6. Subscriptions belong to the caller's user;
 * another user's, a deleted or an unknown id answers 404 `webhook_not_found` alike. The
 * secret appears only in the create and rotate_secret answers.
 */
export const webhookRoutes: RouteTable = {
  "webhooks.eventTypes": () => ({ body: EVENT_TYPE_INFO }),

  "webhooks.list": ({ ctx, caller }) => ({ body: subscriptionsOf(ctx, caller.user.id).map(toSubscription) }),

  "webhooks.create": async ({ ctx, caller, body }) => ({
    body: withSecret(await insertSubscription(ctx, caller.user.id, body)),
    status: 201,
  }),

  "webhooks.get": ({ ctx, caller, params }) => ({
    body: toSubscription(findSubscription(ctx, caller.user.id, params.id!)),
  }),

  "webhooks.update": async ({ ctx, caller, params, body }) => ({
    body: toSubscription(
      await updateSubscription(ctx, findSubscription(ctx, caller.user.id, params.id!), body),
    ),
  }),

  "webhooks.delete": ({ ctx, caller, params }) => {
    deleteSubscription(ctx, findSubscription(ctx, caller.user.id, params.id!));
    return { body: null, status: 204 };
  },

  "webhooks.rotateSecret": ({ ctx, caller, params }) => ({
    body: withSecret(rotateSecret(ctx, findSubscription(ctx, caller.user.id, params.id!))),
  }),

  "webhooks.deliveries": ({ ctx, caller, params, query }) => {
    const sub = findSubscription(ctx, caller.user.id, params.id!);
    const { items, total } = listDeliveries(ctx, sub.id, query);
    return { body: items, total };
  },
};
