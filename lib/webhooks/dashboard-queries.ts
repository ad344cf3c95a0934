import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { timestamp } from "@/lib/svc/schemas/common";
import { webhookEventType } from "@/lib/svc/schemas/webhooks";
import { queryKeys } from "@/lib/queries/keys";

/**
 * The dashboard's own endpoints (not the service's): whether this dashboard is connected to the
 * account's webhooks, and its event Inbox. Answers are checked like the service's.
 */
export const connectionStatusSchema = z.object({
  connected: z.boolean(),
  sink: z.object({ created_at: timestamp }).optional(),
  subscription: z
    .object({
      id: z.string(),
      status: z.enum(["enabled", "disabled"]),
      event_types: z.array(webhookEventType),
    })
    .optional(),
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const inboxSchema = z.object({
  connected: z.boolean(),
  events: z.array(
    z.object({
      event_id: z.string(),
      type: z.string(),
      listing_ids: z.array(z.string()),
      market_id: z.string().nullable(),
      received_at: timestamp,
      verification: z.literal("verified"),
      // Any string: a state this page does not know (a newer instance wrote it) is shown as it
      // came rather than failing the whole Inbox (inbox-states.ts).
      state: z.string(),
      processed_at: timestamp.nullable(),
      error: z.string().nullable(),
    }),
  ),
  rejections: z.array(z.object({ reason: z.string(), at: timestamp })),
});
export type Inbox = z.infer<typeof inboxSchema>;
export type InboxEventRow = Inbox["events"][number];

const BASE = "/api/dashboard-webhook";

export function connectionQuery() {
  return queryOptions({
    queryKey: queryKeys.dashboardWebhook.status(),
    queryFn: ({ signal }) => callDashboard(BASE, connectionStatusSchema, { signal }),
    staleTime: 10_000,
  });
}

export function inboxQuery() {
  return queryOptions({
    queryKey: queryKeys.dashboardWebhook.inbox(),
    queryFn: ({ signal }) => callDashboard(`${BASE}/inbox`, inboxSchema, { signal }),
    staleTime: 5_000,
  });
}

/** Connect or disconnect; the subscriptions list changes too (the dashboard's own appears there). */
export async function changeConnection(queryClient: QueryClient, connect: boolean) {
  const status = await callDashboard(BASE, connectionStatusSchema, { method: connect ? "POST" : "DELETE" });
  queryClient.setQueryData(queryKeys.dashboardWebhook.status(), status);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardWebhook.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  ]);
  return status;
}

/**
 * Rotates the dashboard subscription's secret on the server: the receiver stores the new one
 * (keeping the previous one 24 hours) and the secret never reaches the page.
 */
export async function rotateDashboardSecret(queryClient: QueryClient) {
  const status = await callDashboard(`${BASE}/rotate`, connectionStatusSchema, { method: "POST" });
  queryClient.setQueryData(queryKeys.dashboardWebhook.status(), status);
  await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
  return status;
}
