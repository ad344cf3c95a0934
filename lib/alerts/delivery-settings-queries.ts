import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";
import type { DeliverySettingsInput } from "@/lib/alerts/delivery-settings";

/** The person's own e-mail delivery as GET and PUT /api/alerts/delivery answer it, read tolerantly. */
export const deliveryAnswer = z.object({
  settings: z
    .object({
      email: z.string(),
      time_zone: z.string(),
      digest_time: z.string(),
      digest: z.boolean(),
      immediate: z.boolean().catch(true),
    })
    .nullable()
    .catch(null),
  suggested_email: z.string().nullable().catch(null),
  email_configured: z.boolean().catch(false),
  next_digest: z.string().nullable().catch(null),
  last_digest: z.string().nullable().catch(null),
});
export type DeliveryAnswer = z.infer<typeof deliveryAnswer>;

export const deliveryQuery = () =>
  queryOptions({
    queryKey: queryKeys.alertsDelivery.all,
    queryFn: ({ signal }) => callDashboard("/api/alerts/delivery", deliveryAnswer, { signal }),
  });

export const saveDelivery = (body: DeliverySettingsInput) =>
  callDashboard("/api/alerts/delivery", deliveryAnswer, { method: "PUT", body });

export const sendTestEmail = () =>
  callDashboard("/api/alerts/delivery/test", z.object({ sent_to: z.string() }), { method: "POST" });
