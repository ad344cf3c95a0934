import { localDate } from "@/lib/alerts/local-time";

/**
 * The last digest in a sentence for the delivery page, in the person's own time zone: "Last
 * digest: sent at 07:00 today, with 4 alerts.", or what kept it from going.
 */
export interface LastDigest {
  localDate: string;
  alertCount: number | null;
  sentAt: string | null;
  error: string | null;
  attempts: number;
}

const counted = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

function dayWords(date: string, timeZone: string, now: Date): string {
  const today = localDate(now, timeZone);
  const yesterday = new Date(`${today}T00:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  if (date === today) return "today";
  if (date === yesterday.toISOString().slice(0, 10)) return "yesterday";
  return `on ${date}`;
}

export function lastDigestWords(last: LastDigest, timeZone: string, now: Date): string {
  if (last.sentAt !== null) {
    const sent = new Date(last.sentAt);
    const clock = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(sent);
    return `Last digest: sent at ${clock} ${dayWords(localDate(sent, timeZone), timeZone, now)}, with ${counted(last.alertCount ?? 0, "alert")}.`;
  }
  const day = dayWords(last.localDate, timeZone, now);
  if (last.error !== null)
    return `The digest of ${day === "today" || day === "yesterday" ? day : last.localDate} was not sent after ${counted(last.attempts, "attempt")}. ${last.error}`;
  if (last.alertCount === 0) return `Last digest: nothing was due ${day}, so no e-mail was sent.`;
  return `The digest of ${day === "today" || day === "yesterday" ? day : last.localDate} is being sent.`;
}
