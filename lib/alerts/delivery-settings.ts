import { z } from "zod";
import { isTimeZone, LOCAL_TIME, nextDue, localDate } from "@/lib/alerts/local-time";

/**
 * A person's e-mail delivery of alerts: where to, the morning digest's local time in their
 * own time zone, and whether the digest and the immediate e-mails reach them. Written strictly
 * (`checkDeliverySettings`: every refusal a sentence naming its field, unknown fields
 * refused), read tolerantly (`readDeliverySettings`: a stored value this version cannot read
 * falls back to the defaults, never to an error).
 */

export const DEFAULT_DIGEST_TIME = "07:00";
export const DEFAULT_TIME_ZONE = "UTC";

export interface DeliverySettings {
  email: string;
  timeZone: string;
  digestTime: string;
  /** The morning digest of the `digest` rules' alerts. */
  digest: boolean;
  /** An e-mail as soon as an `immediate` rule fires. */
  immediate: boolean;
}

/** The settings as the JSON interface takes and answers them (snake_case, as the service's). */
export const deliverySettingsInput = z.strictObject(
  {
    email: z
      .string({ error: "The e-mail address must be text, such as anna@example.com." })
      .trim()
      .max(254, "The e-mail address can be at most 254 characters.")
      .pipe(z.email({ error: "The e-mail address must look like anna@example.com." })),
    time_zone: z
      .string({ error: "The time zone must be a name such as Europe/Paris." })
      .trim()
      .refine(isTimeZone, "The time zone must be a name from the time zone list, such as Europe/Paris."),
    digest_time: z
      .string({ error: "The digest time must be a time such as 07:00." })
      .trim()
      .regex(LOCAL_TIME, "The digest time must be a time of day from 00:00 to 23:59, such as 07:00."),
    digest: z.boolean({ error: "Digest must be true (on) or false (off)." }).default(true),
    immediate: z.boolean({ error: "Immediate must be true (on) or false (off)." }).default(true),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Delivery settings have no field named ${(issue.keys ?? []).map((k) => `"${k}"`).join(", ")}.`
        : undefined,
  },
);
export type DeliverySettingsInput = z.input<typeof deliverySettingsInput>;

export interface FieldError {
  field: string;
  message: string;
}

export function checkDeliverySettings(
  value: unknown,
): { ok: true; value: DeliverySettings } | { ok: false; errors: FieldError[] } {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return {
      ok: false,
      errors: [{ field: "(root)", message: "Send the delivery settings as a JSON object." }],
    };
  const parsed = deliverySettingsInput.safeParse(value);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => ({ field: i.path.join(".") || "(root)", message: i.message })),
    };
  const v = parsed.data;
  return {
    ok: true,
    value: {
      email: v.email,
      timeZone: v.time_zone,
      digestTime: v.digest_time,
      digest: v.digest,
      immediate: v.immediate,
    },
  };
}

/** A stored row read back: what this version cannot read becomes its default. */
export function readDeliverySettings(stored: {
  email: unknown;
  timeZone: unknown;
  digestTime: unknown;
  digest: unknown;
  immediate: unknown;
}): DeliverySettings {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    email: text(stored.email),
    timeZone:
      isTimeZone(text(stored.timeZone)) && text(stored.timeZone) !== ""
        ? text(stored.timeZone)
        : DEFAULT_TIME_ZONE,
    digestTime: LOCAL_TIME.test(text(stored.digestTime)) ? text(stored.digestTime) : DEFAULT_DIGEST_TIME,
    digest: stored.digest === true || stored.digest === 1,
    immediate: stored.immediate === true || stored.immediate === 1,
  };
}

export const settingsView = (s: DeliverySettings) => ({
  email: s.email,
  time_zone: s.timeZone,
  digest_time: s.digestTime,
  digest: s.digest,
  immediate: s.immediate,
});

/**
 * When the next digest goes, in the person's words: "today at 07:00, Europe/Paris",
 * "tomorrow at 07:00, Europe/Paris", or the date for a day further off (never, as the days
 * go, but a clock moved by a test may ask).
 */
export function nextDigestWords(
  settings: Pick<DeliverySettings, "digestTime" | "timeZone">,
  now: Date,
): string {
  const at = nextDue(settings.digestTime, settings.timeZone, now);
  const day = localDate(at, settings.timeZone);
  const today = localDate(now, settings.timeZone);
  const tomorrow = new Date(`${today}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const when =
    day === today ? "today" : day === tomorrow.toISOString().slice(0, 10) ? "tomorrow" : `on ${day}`;
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone: settings.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return `${when} at ${clock}, ${settings.timeZone}`;
}
