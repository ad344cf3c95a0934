import "server-only";
import { z } from "zod";
import { checkRule, type FieldError } from "@/lib/alerts/rules";
import { ALERT_STATES, type AlertsStore } from "@/lib/server/alerts/alerts-store";
import { alertsStore, alertTrigger } from "@/lib/server/alerts/runtime";
import { alertView, ruleView } from "@/lib/server/alerts/views";
import { isSessionEnded } from "@/lib/server/ended-sessions";
import { env } from "@/lib/server/env";
import { errorResponse, isSameOriginWrite, readBodyLimited } from "@/lib/server/http";
import { accountOf } from "@/lib/server/mirror/account";
import { mirrorRuntime } from "@/lib/server/mirror/runtime";
import { sessionCookieFrom, unsealSession, type Session } from "@/lib/server/session";
import { isSvcError } from "@/lib/svc/errors";

/**
 * The alerts' JSON interface, under the BFF's rules: a live session; writes from the dashboard
 * itself only; a read-only key sees rules and alerts but changes neither; every refusal a
 * sentence (per field for a rule), never a stack trace. Reads never ask the service anything
 * but, once per key and process, whose account the session is (mirror/account.ts).
 */
const ENDED = "Your session has ended. Sign in again.";
export const READ_ONLY =
  "Your API key is read-only: it can see alert rules and alerts but not change them. Sign in with a key that can edit listings.";
export const NO_RULE = "This account has no alert rule with that id.";
export const NO_ALERT = "This account has no alert with that id.";
const MAX_BODY = 16 * 1024;
/** What a rule's answer holds beside the rule itself: the dashboard's, never written. */
const DASHBOARD_FIELDS = new Set(["id", "words", "created_at", "updated_at"]);
const DAY_MS = 86_400_000;

interface Context {
  session: Session;
  accountId: string;
  alerts: AlertsStore;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

export const refusal = (errors: FieldError[]) =>
  errorResponse(400, "invalid_input", errors.map((e) => e.message).join(" "), {
    details: { fields: errors },
  });

/** The rules every alerts route keeps (the outgoing webhook's routes too, with their own read-only sentence). */
export async function handle(
  request: Request,
  work: (ctx: Context) => Promise<Response>,
  readOnly = READ_ONLY,
): Promise<Response> {
  try {
    const session = await unsealSession(sessionCookieFrom(request.headers));
    if (!session || (await isSessionEnded(session))) return errorResponse(401, "unauthenticated", ENDED);
    if (request.method !== "GET") {
      if (!isSameOriginWrite(request, env().dashboardOrigin))
        return errorResponse(403, "cross_site_write", "Changes must come from the dashboard itself.");
      if (session.keyKind === "read_only") return errorResponse(403, "read_only_key", readOnly);
    }
    const { accountId } = await accountOf(session);
    return await work({ session, accountId, alerts: await alertsStore() });
  } catch (error) {
    if (isSvcError(error)) {
      if (error.status === 401) return errorResponse(401, "unauthenticated", ENDED);
      return errorResponse(
        502,
        error.code,
        `The pricing service could not tell which account this is: ${error.message}`,
      );
    }
    console.error("An alerts route failed:", error instanceof Error ? error.message : error);
    return errorResponse(500, "internal_error", "Something went wrong on the dashboard. Try again.");
  }
}

/** The body as JSON, or the refusal to answer. */
export async function bodyOf(request: Request): Promise<{ value: unknown } | Response> {
  const text = await readBodyLimited(request, MAX_BODY);
  if (text === null) return errorResponse(413, "body_too_large", "The request body is larger than 16 KiB.");
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return refusal([{ field: "(root)", message: "Send the body as JSON." }]);
  }
}

/** A rule changed: the account's rules are evaluated after the quiet time, if it has a mirror. */
async function evaluateSoon(accountId: string) {
  const { store } = await mirrorRuntime();
  if (await store.syncRecord(accountId)) alertTrigger(store).mirrorWrote(accountId);
}

export const listRules = (request: Request) =>
  handle(request, async ({ session, accountId, alerts }) =>
    json({
      rules: (await alerts.listRules(accountId)).map(ruleView),
      can_edit: session.keyKind !== "read_only",
    }),
  );

export const createRule = (request: Request) =>
  handle(request, async ({ accountId, alerts }) => {
    const body = await bodyOf(request);
    if (body instanceof Response) return body;
    const checked = checkRule(body.value);
    if (!checked.ok) return refusal(checked.errors);
    const { paused = false, ...rule } = checked.value;
    const created = await alerts.createRule(accountId, rule, paused);
    await evaluateSoon(accountId);
    return json(ruleView(created), 201);
  });

/**
 * PUT takes the rule whole or in part (`{"paused": true}` pauses it): what is sent replaces
 * those fields, and the result is checked as a new rule would be. The rule as GET answered it
 * is taken too: its id, words, timestamps and `evaluated` are the dashboard's, set aside.
 */
export const updateRule = (request: Request, id: string) =>
  handle(request, async ({ accountId, alerts }) => {
    const stored = await alerts.findRule(accountId, id);
    if (!stored) return errorResponse(404, "not_found", NO_RULE);
    const body = await bodyOf(request);
    if (body instanceof Response) return body;
    if (typeof body.value !== "object" || body.value === null || Array.isArray(body.value))
      return refusal([{ field: "(root)", message: "Send the rule as a JSON object." }]);
    // A rule as GET answered it may come back whole: the fields the dashboard made are set aside.
    const sent = Object.fromEntries(Object.entries(body.value).filter(([key]) => !DASHBOARD_FIELDS.has(key)));
    const merged = { ...stored.rule, paused: stored.paused, ...sent };
    const checked = checkRule(merged);
    if (!checked.ok) return refusal(checked.errors);
    const { paused = stored.paused, ...rule } = checked.value;
    const updated = await alerts.updateRule(accountId, id, rule, paused);
    if (!updated) return errorResponse(404, "not_found", NO_RULE);
    await evaluateSoon(accountId);
    return json(ruleView(updated));
  });

export const deleteRule = (request: Request, id: string) =>
  handle(request, async ({ accountId, alerts }) =>
    (await alerts.deleteRule(accountId, id))
      ? new Response(null, { status: 204 })
      : errorResponse(404, "not_found", NO_RULE),
  );

const listQuery = z.strictObject(
  {
    state: z.enum(ALERT_STATES, { error: 'State must be "open", "snoozed" or "resolved".' }).optional(),
    rule_id: z.string().min(1, "The rule id must not be empty.").max(100).optional(),
    listing_id: z.string().min(1, "The listing id must not be empty.").max(200).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Alerts are listed by state, rule_id and listing_id only.`
        : undefined,
  },
);

export const listAlerts = (request: Request) =>
  handle(request, async ({ accountId, alerts }) => {
    const query = listQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success)
      return refusal(
        query.error.issues.map((i) => ({ field: i.path.join(".") || "(query)", message: i.message })),
      );
    const { state, rule_id: ruleId, listing_id: listingId } = query.data;
    return json({
      alerts: (await alerts.listAlerts(accountId, { state, ruleId, listingId })).map(alertView),
    });
  });

/** `until`: a date (midnight UTC) or an instant, after now and within a year. */
const until = z
  .string({ error: "Until must be a date or a time, such as 2026-12-05 or 2026-12-05T09:00:00Z." })
  .transform((text, ctx) => {
    const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
    if (Number.isNaN(ms)) {
      ctx.addIssue({
        code: "custom",
        message: "Until must be a date or a time, such as 2026-12-05 or 2026-12-05T09:00:00Z.",
      });
      return z.NEVER;
    }
    if (ms <= Date.now()) {
      ctx.addIssue({ code: "custom", message: "Until must be in the future." });
      return z.NEVER;
    }
    if (ms > Date.now() + 365 * DAY_MS) {
      ctx.addIssue({ code: "custom", message: "An alert can be snoozed for a year at most." });
      return z.NEVER;
    }
    return new Date(ms);
  });
const alertAction = z.discriminatedUnion(
  "action",
  [z.strictObject({ action: z.literal("snooze"), until }), z.strictObject({ action: z.literal("resolve") })],
  { error: 'Action must be "snooze" (with until) or "resolve".' },
);

export const actOnAlert = (request: Request, id: string) =>
  handle(request, async ({ accountId, alerts }) => {
    const body = await bodyOf(request);
    if (body instanceof Response) return body;
    const action = alertAction.safeParse(body.value);
    if (!action.success)
      return refusal(
        action.error.issues.map((i) => ({ field: i.path.join(".") || "action", message: i.message })),
      );
    if (!(await alerts.findAlert(accountId, id))) return errorResponse(404, "not_found", NO_ALERT);
    const done =
      action.data.action === "snooze"
        ? await alerts.snooze(accountId, id, action.data.until)
        : await alerts.resolve(accountId, id);
    if (!done)
      return errorResponse(
        409,
        "already_resolved",
        "This alert is resolved already: there is nothing to snooze or resolve.",
      );
    return json(alertView(done));
  });

/** What the bell counts up to: past it the bell says "99+" and reads no more rows. */
export const COUNT_CAP = 100;

/** The open alerts' number for the bell, `{open, capped}`: a number, not the alerts themselves. */
export const countOpenAlerts = (request: Request) =>
  handle(request, async ({ accountId, alerts }) => {
    const open = (await alerts.listAlerts(accountId, { state: "open", limit: COUNT_CAP })).length;
    return json({ open, capped: open >= COUNT_CAP });
  });
