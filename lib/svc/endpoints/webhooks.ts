import { z } from "zod";
import { emptyBody } from "@/lib/svc/schemas/common";
import {
  createWebhookBody,
  updateWebhookBody,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookEventTypeInfo,
  webhookSubscription,
  webhookSubscriptionWithSecret,
} from "@/lib/svc/schemas/webhooks";
import { endpoint } from "@/lib/svc/endpoint";

export const webhookEndpoints = {
  "webhooks.eventTypes": endpoint({
    group: "webhooks",
    method: "GET",
    path: "/webhook_events",
    summary: "The event types that can be subscribed to",
    response: z.array(webhookEventTypeInfo),
  }),
  "webhooks.list": endpoint({
    group: "webhooks",
    method: "GET",
    path: "/webhooks",
    summary: "The caller's subscriptions (no secrets)",
    response: z.array(webhookSubscription),
  }),
  "webhooks.create": endpoint({
    group: "webhooks",
    method: "POST",
    path: "/webhooks",
    summary: "Subscribes an https endpoint; the response alone carries the secret",
    body: createWebhookBody,
    response: webhookSubscriptionWithSecret,
    status: 201,
  }),
  "webhooks.get": endpoint({
    group: "webhooks",
    method: "GET",
    path: "/webhooks/{id}",
    summary: "One subscription (no secret)",
    response: webhookSubscription,
  }),
  "webhooks.update": endpoint({
    group: "webhooks",
    method: "PUT",
    path: "/webhooks/{id}",
    summary: "Changes url or event types, or re-enables a disabled subscription",
    body: updateWebhookBody,
    response: webhookSubscription,
  }),
  "webhooks.delete": endpoint({
    group: "webhooks",
    method: "DELETE",
    path: "/webhooks/{id}",
    summary: "Deletes a subscription",
    response: emptyBody,
    status: 204,
  }),
  "webhooks.rotateSecret": endpoint({
    group: "webhooks",
    method: "POST",
    path: "/webhooks/{id}/rotate_secret",
    summary: "Issues a new signing secret, returned once",
    response: webhookSubscriptionWithSecret,
  }),
  "webhooks.deliveries": endpoint({
    group: "webhooks",
    method: "GET",
    path: "/webhooks/{id}/deliveries",
    summary: "Delivery attempts, newest first: what was sent and what the endpoint answered",
    query: webhookDeliveriesQuery,
    response: z.array(webhookDelivery),
    paginated: true,
  }),
} as const;
