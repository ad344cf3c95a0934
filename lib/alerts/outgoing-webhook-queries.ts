import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import type { EndpointInput } from "@/lib/alerts/outgoing-webhook";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";
import { timestamp } from "@/lib/svc/schemas/common";

/**
 * The alerts webhook's routes (`/api/alerts/webhook/...`, the dashboard's own) as the page
 * reads and writes them. Answers are read tolerantly: a message type or state this page does
 * not know is shown as it came.
 */
const BASE = "/api/alerts/webhook";

export const endpointSchema = z.object({
  url: z.string(),
  enabled: z.boolean(),
  digest_time: z.string(),
  time_zone: z.string(),
  next_digest_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  secret_rotated_at: timestamp,
});
export type EndpointView = z.infer<typeof endpointSchema>;

const endpointAnswer = z.object({ endpoint: endpointSchema.nullable(), can_edit: z.boolean() });
const savedAnswer = z.object({ endpoint: endpointSchema, secret: z.string().optional() });

export const attemptSchema = z.object({
  attempt: z.number().int().min(1),
  attempted_at: timestamp,
  response_status: z.number().int().nullable(),
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().min(0).nullable(),
});
export const messageSchema = z.object({
  id: z.string(),
  type: z.string(),
  created_at: timestamp,
  state: z.string(),
  next_attempt_at: timestamp.nullable(),
  digest_date: z.string().nullable(),
  body: z.string(),
  attempts: z.array(attemptSchema),
});
export type MessageView = z.infer<typeof messageSchema>;
const deliveriesAnswer = z.object({ messages: z.array(messageSchema) });

export const alertsWebhookQuery = () =>
  queryOptions({
    queryKey: queryKeys.alertsWebhook.endpoint(),
    queryFn: ({ signal }) => callDashboard(BASE, endpointAnswer, { signal }),
  });

/** The messages, read again every 15 s while the page is open: retries land on their own. */
export const alertsWebhookDeliveriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.alertsWebhook.deliveries(),
    queryFn: ({ signal }) => callDashboard(`${BASE}/deliveries`, deliveriesAnswer, { signal }),
    refetchInterval: 15_000,
  });

export const saveEndpoint = (body: EndpointInput) =>
  callDashboard(BASE, savedAnswer, { method: "PUT", body });
export const rotateEndpointSecret = () =>
  callDashboard(`${BASE}/rotate`, savedAnswer.required({ secret: true }), { method: "POST" });
export const sendTestMessage = () => callDashboard(`${BASE}/test`, messageSchema, { method: "POST" });
