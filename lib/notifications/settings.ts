import { z } from "zod";
import { isSvcError, refusalIs } from "@/lib/svc/errors";
import {
  notificationSetting,
  type NotificationSetting,
  type PutNotificationSettingsBody,
} from "@/lib/svc/schemas/notifications";
import { eventWords } from "@/lib/notifications/events";
import { READ_ONLY_NOTIFICATIONS_REASON } from "@/lib/notifications/display";

/**
 * The settings matrix: one row per event the service offers, a switch per channel. The form
 * holds the rows as the user set them; the saved rows are the service's last answer.
 */
export const CHANNELS = ["in_app", "email"] as const;
export type Channel = (typeof CHANNELS)[number];

export const channelLabels: Record<Channel, string> = { in_app: "In-app", email: "Email" };

/** The form's values, checked with the contract's own row schema. */
export const settingsForm = z.object({ settings: z.array(notificationSetting) });
export type SettingsForm = z.infer<typeof settingsForm>;

export type SettingChange = PutNotificationSettingsBody["settings"][number];

/**
 * What a save sends: only the events whose switches differ from the saved ones, and of each
 * only the channels that changed (an absent channel keeps its value at the service, so a
 * change made meanwhile elsewhere to the other channel is not overwritten). In the matrix's order.
 */
export function settingChanges(
  saved: readonly NotificationSetting[],
  current: readonly NotificationSetting[],
): SettingChange[] {
  const before = new Map(saved.map((s) => [s.event, s]));
  return current.flatMap((row) => {
    const was = before.get(row.event);
    const change: SettingChange = { event: row.event };
    for (const channel of CHANNELS) {
      if (!was || was[channel] !== row[channel]) change[channel] = row[channel];
    }
    return change.in_app === undefined && change.email === undefined ? [] : [change];
  });
}

/** How many switches a save would change. */
export const changedSwitchCount = (changes: readonly SettingChange[]) =>
  changes.reduce((n, c) => n + (c.in_app !== undefined ? 1 : 0) + (c.email !== undefined ? 1 : 0), 0);

/**
 * After a save the service's answer is the matrix: every event it answers, in its order, with
 * its values (which may differ from what was sent if something else changed them meanwhile).
 */
export const matrixAfterSave = (answer: readonly NotificationSetting[]): SettingsForm => ({
  settings: answer.map((s) => ({ event: s.event, in_app: s.in_app, email: s.email })),
});

/** Every switch off: allowed by the service, but the page says what it means. */
export const everySwitchOff = (rows: readonly NotificationSetting[]) =>
  rows.length > 0 && rows.every((s) => !s.in_app && !s.email);

const quoted = (s: string) => `“${s}”`;

/** Events a 400 names by field (`settings.<i>.event`), read back through what was sent. */
function refusedEvents(error: { details?: Record<string, unknown> }, sent: readonly SettingChange[]) {
  const fields = error.details?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((f: unknown) => {
    const field = typeof f === "object" && f !== null ? (f as { field?: unknown }).field : undefined;
    const match = typeof field === "string" ? /^settings\.(\d+)\.event$/.exec(field) : null;
    const event = match ? sent[Number(match[1])]?.event : undefined;
    return event ? [event] : [];
  });
}

/**
 * A failed save in words, or null for the generic description (the caller's describeError).
 * The switches stay as set either way; this only says why nothing was saved.
 */
export function settingsSaveError(error: unknown, sent: readonly SettingChange[]): string | null {
  if (!isSvcError(error)) return null;
  if (refusalIs(error, 403, "read_only_key")) return READ_ONLY_NOTIFICATIONS_REASON;
  if (error.status === 400) {
    const events = refusedEvents(error, sent);
    if (events.length > 0) {
      const names = events.map((e) => quoted(eventWords(e).label)).join(", ");
      return `Nothing was saved: the service does not offer ${names} any more. Switch ${events.length === 1 ? "it" : "them"} back, or reload the page for the events it offers now.`;
    }
  }
  return null;
}
