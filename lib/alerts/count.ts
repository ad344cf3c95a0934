import type { OpenAlertsCount } from "@/lib/alerts/queries";

/**
 * The bell's second count, the open alerts, told apart from the service's notifications: its
 * own badge, its own words in the bell's name, its own line in the panel. Nothing when the
 * count could not be read: the bell is the notifications' first, and an alerts read that
 * failed neither fails nor hides it.
 */
export function openAlertsWords(count: OpenAlertsCount | undefined): string | null {
  if (!count) return null;
  if (count.capped) return `more than ${count.open - 1} open alerts`;
  if (count.open === 0) return "no open alerts";
  return count.open === 1 ? "1 open alert" : `${count.open} open alerts`;
}

/** The alerts' badge: nothing for none or unknown, the number, "99+" past two digits. */
export function openAlertsBadge(count: OpenAlertsCount | undefined): string | null {
  if (!count || count.open === 0) return null;
  return count.capped || count.open > 99 ? "99+" : String(count.open);
}

/**
 * The bell's accessible name with both counts: "Notifications, 3 unread; 5 open alerts". With
 * no open alert (or none known) the name is the notifications' alone, as the badge is.
 */
export const withAlerts = (bellLabel: string, count: OpenAlertsCount | undefined) =>
  count && count.open > 0 ? `${bellLabel}; ${openAlertsWords(count)}` : bellLabel;
