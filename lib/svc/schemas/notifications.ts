import { z } from "zod";
import { queryBoolean, timestamp, withPagination } from "@/lib/svc/schemas/common";

/** Notifications and per-event, per-channel notification settings. */

/** Event names are the service's (e.g. `flags.detected`, `sync.failed`); not enumerated. */
export const notificationEvent = z.string().min(1);

export const notification = z.object({
  id: z.string(),
  event: notificationEvent,
  title: z.string(),
  message: z.string(),
  /** svc_id of the listing concerned, if any. */
  listing_id: z.string().nullable(),
  created_at: timestamp,
  dismissed_at: timestamp.nullable(),
});
export type Notification = z.infer<typeof notification>;

/** Newest first; dismissed notifications only with include_dismissed=true. */
export const listNotificationsQuery = withPagination({
  include_dismissed: queryBoolean.optional(),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;

export const dismissNotificationsBody = z.object({
  ids: z.array(z.string().min(1)).min(1, "give at least one notification id"),
});
export type DismissNotificationsBody = z.infer<typeof dismissNotificationsBody>;

export const notificationSetting = z.object({
  event: notificationEvent,
  in_app: z.boolean(),
  email: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSetting>;

/** One entry per event to change; an absent channel keeps its value. */
export const notificationSettingChange = z
  .object({ event: notificationEvent, in_app: z.boolean().optional(), email: z.boolean().optional() })
  .refine((change) => change.in_app !== undefined || change.email !== undefined, {
    message: "Choose in-app, email or both.",
    path: ["in_app"],
  });

export const putNotificationSettingsBody = z.object({
  settings: z
    .array(notificationSettingChange)
    .min(1)
    .refine((changes) => new Set(changes.map((c) => c.event)).size === changes.length, {
      message: "An event appears twice.",
    }),
});
export type PutNotificationSettingsBody = z.infer<typeof putNotificationSettingsBody>;
