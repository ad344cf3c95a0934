import { randomBytes } from "node:crypto";
import type {
  Notification,
  NotificationSetting,
  PutNotificationSettingsBody,
} from "../../../lib/svc/schemas/notifications";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { NOTIFICATION_EVENTS, eventSpec } from "./catalogue";

/** Longer than any id the service issues (`ntf_` + hex). */
const ID_MAX = 64;

interface NotificationRow {
  id: string;
  event: string;
  title: string;
  message: string;
  listing_svc_id: string | null;
  created_at: string;
  dismissed_at: string | null;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  event: row.event,
  title: row.title,
  message: row.message,
  listing_id: row.listing_svc_id,
  created_at: row.created_at,
  dismissed_at: row.dismissed_at,
});

/** The user's notifications, newest first (ties: the later insert first). */
export function listNotifications(
  ctx: SandboxContext,
  userId: string,
  includeDismissed: boolean,
): Notification[] {
  const rows = ctx.db
    .prepare(
      `SELECT id, event, title, message, listing_svc_id, created_at, dismissed_at FROM notifications
       WHERE user_id = ? AND (? = 1 OR dismissed_at IS NULL)
       ORDER BY created_at DESC, seq DESC`,
    )
    .all(userId, includeDismissed ? 1 : 0) as NotificationRow[];
  return rows.map(toNotification);
}

/**
 * Dismisses the caller's notifications by id, all or none: an id that is unknown or another
 * user's answers 404 naming it (the two cannot be told apart) and nothing is dismissed.
 * Already dismissed ones keep their first dismissed_at. Answers them in the order asked.
 */
export function dismissNotifications(ctx: SandboxContext, userId: string, ids: string[]): Notification[] {
  const oversized = ids.flatMap((id, i) =>
    id.length > ID_MAX ? [{ field: `ids.${i}`, message: `at most ${ID_MAX} characters` }] : [],
  );
  if (oversized.length > 0) {
    throw new ApiError(
      400,
      "invalid_body",
      `Invalid ${oversized.map((f) => f.field).join(", ")}: not a notification id.`,
      {
        fields: oversized,
      },
    );
  }
  const find = ctx.db.prepare(
    `SELECT id, event, title, message, listing_svc_id, created_at, dismissed_at FROM notifications
     WHERE id = ? AND user_id = ?`,
  );
  const unique = [...new Set(ids)];
  const missing = unique.filter((id) => find.get(id, userId) === undefined);
  if (missing.length > 0) {
    throw new ApiError(404, "notification_not_found", `No notification ${missing.join(", ")} of yours.`, {
      ids: missing,
    });
  }
  const now = isoTimestamp(ctx.clock.now());
  const dismiss = ctx.db.prepare(
    `UPDATE notifications SET dismissed_at = ? WHERE id = ? AND user_id = ? AND dismissed_at IS NULL`,
  );
  ctx.db.transaction(() => {
    for (const id of unique) dismiss.run(now, id, userId);
  })();
  return unique.map((id) => toNotification(find.get(id, userId) as NotificationRow));
}

/** Every catalogue event with the user's switches (their change, else the default). */
export function notificationSettings(ctx: SandboxContext, userId: string): NotificationSetting[] {
  const stored = ctx.db
    .prepare(`SELECT event, in_app, email FROM notification_settings WHERE user_id = ?`)
    .all(userId) as Array<{ event: string; in_app: number; email: number }>;
  const byEvent = new Map(stored.map((row) => [row.event, row]));
  return NOTIFICATION_EVENTS.map((spec) => {
    const row = byEvent.get(spec.event);
    return {
      event: spec.event,
      in_app: row ? row.in_app === 1 : spec.inApp,
      email: row ? row.email === 1 : spec.email,
    };
  });
}

/** Applies a partial change: an absent channel keeps its value; an unknown event is a 400. */
export function changeNotificationSettings(
  ctx: SandboxContext,
  userId: string,
  body: PutNotificationSettingsBody,
): NotificationSetting[] {
  const unknown = body.settings.flatMap((change, i) =>
    eventSpec(change.event)
      ? []
      : [{ field: `settings.${i}.event`, message: `unknown event ${change.event}` }],
  );
  if (unknown.length > 0) {
    const known = NOTIFICATION_EVENTS.map((spec) => spec.event).join(", ");
    throw new ApiError(400, "invalid_body", `Unknown notification event; known events: ${known}.`, {
      fields: unknown,
    });
  }
  const current = new Map(notificationSettings(ctx, userId).map((s) => [s.event, s]));
  const upsert = ctx.db.prepare(
    `INSERT INTO notification_settings (user_id, event, in_app, email) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, event) DO UPDATE SET in_app = excluded.in_app, email = excluded.email`,
  );
  ctx.db.transaction(() => {
    for (const change of body.settings) {
      const before = current.get(change.event)!;
      const inApp = change.in_app ?? before.in_app;
      const email = change.email ?? before.email;
      upsert.run(userId, change.event, inApp ? 1 : 0, email ? 1 : 0);
    }
  })();
  return notificationSettings(ctx, userId);
}

/**
 * Records an in-app notification for a user unless they switched the event's in_app off.
 * Answers the new id, or null when the user's settings suppressed it.
 */
export function notifyUser(
  ctx: SandboxContext,
  userId: string,
  notice: { event: string; message: string; listingSvcId?: string | null },
): string | null {
  const spec = eventSpec(notice.event);
  if (!spec) throw new Error(`notifyUser: unknown event ${notice.event}`);
  const setting = notificationSettings(ctx, userId).find((s) => s.event === notice.event);
  if (!setting?.in_app) return null;
  const id = `ntf_${randomBytes(8).toString("hex")}`;
  ctx.db
    .prepare(
      `INSERT INTO notifications (id, user_id, event, title, message, listing_svc_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      userId,
      notice.event,
      spec.title,
      notice.message,
      notice.listingSvcId ?? null,
      isoTimestamp(ctx.clock.now()),
    );
  return id;
}
