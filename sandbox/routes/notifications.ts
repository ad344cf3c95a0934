import type { RouteTable } from "../context";
import { paginate } from "../http";
import {
  changeNotificationSettings,
  dismissNotifications,
  listNotifications,
  notificationSettings,
} from "../domain/notifications/store";

/** GET /notifications, POST /notifications/dismiss, GET and PUT /notification_settings. */
export const notificationRoutes: RouteTable = {
  "notifications.list": ({ ctx, caller, query }) => {
    const all = listNotifications(ctx, caller.user.id, query.include_dismissed === true);
    const { items, total } = paginate(all, query);
    return { body: items, total };
  },
  "notifications.dismiss": ({ ctx, caller, body }) => ({
    body: dismissNotifications(ctx, caller.user.id, body.ids),
  }),
  "notifications.settingsGet": ({ ctx, caller }) => ({ body: notificationSettings(ctx, caller.user.id) }),
  "notifications.settingsPut": ({ ctx, caller, body }) => ({
    body: changeNotificationSettings(ctx, caller.user.id, body),
  }),
};
