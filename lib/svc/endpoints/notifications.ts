import { z } from "zod";
import {
  dismissNotificationsBody,
  listNotificationsQuery,
  notification,
  notificationSetting,
  putNotificationSettingsBody,
} from "@/lib/svc/schemas/notifications";
import { endpoint } from "@/lib/svc/endpoint";

export const notificationEndpoints = {
  "notifications.list": endpoint({
    group: "notifications",
    method: "GET",
    path: "/notifications",
    summary: "The caller's notifications, newest first",
    query: listNotificationsQuery,
    response: z.array(notification),
    paginated: true,
  }),
  "notifications.dismiss": endpoint({
    group: "notifications",
    method: "POST",
    path: "/notifications/dismiss",
    summary: "Dismisses notifications by id; answers them with dismissed_at set",
    body: dismissNotificationsBody,
    response: z.array(notification),
  }),
  "notifications.settingsGet": endpoint({
    group: "notifications",
    method: "GET",
    path: "/notification_settings",
    summary: "Per-event in-app and email switches",
    response: z.array(notificationSetting),
  }),
  "notifications.settingsPut": endpoint({
    group: "notifications",
    method: "PUT",
    path: "/notification_settings",
    summary: "Changes some events' switches; answers every setting",
    body: putNotificationSettingsBody,
    response: z.array(notificationSetting),
  }),
} as const;
