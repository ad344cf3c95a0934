import { z } from "zod";
import { isTimeZone, LOCAL_TIME } from "@/lib/alerts/local-time";
import type { FieldError, RuleBody } from "@/lib/alerts/rules";
import { ruleWords } from "@/lib/alerts/words";

/**
 * The outgoing webhook of the alerts, its pure parts: the endpoint as a person sets it, the
 * messages it is sent (Standard Webhooks payloads) and when a failed attempt is tried again.
 * The sending, the store and the worker are lib/server/delivery/webhook.
 */

/** After each failed attempt, the wait before the next: five retries, then the message is given up. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An attempt that has had no answer in this time has failed. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Of what the endpoint answers, the first bytes kept to show. */
export const RESPONSE_KEPT_BYTES = 1024;

/** When the attempt after `attempt` (counted from 1) is due; null when it was the last. */
export function nextAttemptAt(attempt: number, attemptedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : new Date(attemptedAt.getTime() + delay);
}

const LOOPBACK_HOSTS = new Set(["localhost", "[::1]"]);
/** Plain http only to this machine: a receiver under test or one running beside the dashboard. */
export const isLoopbackHost = (hostname: string) =>
  LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);

export const URL_RULE =
  "The URL must start with https:// (plain http:// only to this machine: localhost, 127.0.0.1 or [::1]).";

const endpointUrl = z
  .string({ error: "Give the URL your receiver listens on." })
  .trim()
  .min(1, "Give the URL your receiver listens on.")
  .max(2000, "The URL is longer than 2,000 characters.")
  .superRefine((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({
        code: "custom",
        message: "The URL is not a web address, such as https://example.com/hooks.",
      });
      return;
    }
    const allowed = url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
    if (!allowed) ctx.addIssue({ code: "custom", message: URL_RULE });
    else if (url.username || url.password)
      ctx.addIssue({ code: "custom", message: "The URL must not hold a user name or password." });
  });

/** The endpoint as it is written (PUT): every field, nothing else. */
export const endpointInput = z.strictObject(
  {
    url: endpointUrl,
    enabled: z.boolean({ error: "Enabled must be true or false." }),
    digest_time: z
      .string({ error: "The digest time must be a time of day such as 07:30." })
      .regex(LOCAL_TIME, "The digest time must be a time of day such as 07:30."),
    time_zone: z
      .string({ error: "The time zone must be a zone such as Europe/Paris or America/New_York." })
      .refine(isTimeZone, "The time zone must be a zone such as Europe/Paris or America/New_York."),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `The endpoint has url, enabled, digest_time and time_zone only, not ${issue.keys.join(", ")}.`
        : issue.code === "invalid_type" && (issue.path?.length ?? 0) === 0
          ? "Send the endpoint as a JSON object."
          : undefined,
  },
);
export type EndpointInput = z.infer<typeof endpointInput>;

export function checkEndpoint(
  input: unknown,
): { ok: true; value: EndpointInput } | { ok: false; errors: FieldError[] } {
  const parsed = endpointInput.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((i) => ({ field: i.path.join(".") || "(root)", message: i.message })),
  };
}

export const MESSAGE_TYPES = ["alert.fired", "alerts.digest", "alert.test"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** An alert as a message carries it. */
export interface AlertOut {
  id: string;
  rule_id: string;
  kind: string;
  listing_id: string;
  period: string | null;
  fired_at: string;
  why: string;
  measured: Record<string, number | string | null>;
  against: Record<string, number | string | null>;
}

export interface AlertIn {
  id: string;
  ruleId: string;
  listingId: string;
  period: string | null;
  firedAt: string;
  why: string;
  measured: Record<string, number | string | null>;
  against: Record<string, number | string | null>;
}

export interface RuleIn {
  id: string;
  rule: RuleBody;
}

/** The alerts, each with its rule's kind, and the rules they came from, each in words. */
function alertsData(alerts: readonly AlertIn[], rules: readonly RuleIn[]) {
  const byId = new Map(rules.map((r) => [r.id, r.rule]));
  const used = rules.filter((r) => alerts.some((a) => a.ruleId === r.id));
  return {
    alerts: alerts.map((a): AlertOut => ({
      id: a.id,
      rule_id: a.ruleId,
      kind: byId.get(a.ruleId)?.kind ?? "unknown",
      listing_id: a.listingId,
      period: a.period,
      fired_at: a.firedAt,
      why: a.why,
      measured: a.measured,
      against: a.against,
    })),
    rules: used.map((r) => ({ id: r.id, kind: r.rule.kind, words: ruleWords(r.rule) })),
  };
}

/** The message one evaluation's immediate alerts make. */
export const firedPayload = (alerts: readonly AlertIn[], rules: readonly RuleIn[], now: Date) => ({
  type: "alert.fired" as const,
  timestamp: now.toISOString(),
  data: alertsData(alerts, rules),
});

/** The day's digest: the alerts of digest rules fired since the previous digest time and still open. */
export const digestPayload = (
  digest: { date: string; timeZone: string; since: Date; until: Date },
  alerts: readonly AlertIn[],
  rules: readonly RuleIn[],
  now: Date,
) => ({
  type: "alerts.digest" as const,
  timestamp: now.toISOString(),
  data: {
    date: digest.date,
    time_zone: digest.timeZone,
    since: digest.since.toISOString(),
    until: digest.until.toISOString(),
    ...alertsData(alerts, rules),
  },
});

/** What "Send a test" sends: no alert, so that a receiver can be tried before any fires. */
export const testPayload = (now: Date) => ({
  type: "alert.test" as const,
  timestamp: now.toISOString(),
  data: { alerts: [], rules: [], note: "A test message from Rate Desk: your endpoint and its secret work." },
});

export const MESSAGE_TYPE_WORDS: Record<MessageType, string> = {
  "alert.fired": "Alerts fired",
  "alerts.digest": "Daily digest",
  "alert.test": "Test",
};
