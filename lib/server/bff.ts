import "server-only";
import type { z } from "zod";
import { fieldWords, formParseOptions } from "@/lib/forms/error-map";
import { unknownFields } from "@/lib/svc/differences";
import { matchPath } from "@/lib/svc/match";
import { buildPath } from "@/lib/svc/paths";
import { queryToObject, serializeQuery } from "@/lib/svc/query";
import { checkAnswerLater } from "@/lib/server/drift-log";
import { endKeySessions, endSession } from "@/lib/server/ended-sessions";
import { env } from "@/lib/server/env";
import { errorResponse, isSameOriginWrite, readBodyLimited } from "@/lib/server/http";
import { clearedSessionCookie, sessionCookieFrom, unsealSession } from "@/lib/server/session";
import { noteServiceDate } from "@/lib/server/service-clock";
import { refreshAfterWrite } from "@/lib/server/mirror/after-write";

/** Where the BFF is mounted; everything after it is a service path. */
export const BFF_PREFIX = "/api/svc";
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Only these upstream headers reach the browser. `date` is the service's clock: the browser
 * reads the rate limit's reset and Retry-After dates on it (lib/svc/service-time.ts).
 */
const PASSED_HEADERS = [
  "content-type",
  "date",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "retry-after",
  "x-total-count",
];

function fieldsOf(issues: z.core.$ZodIssue[]) {
  return issues.map((issue) => ({ field: issue.path.join(".") || "(root)", message: issue.message }));
}

/**
 * The refusal in sentences a page may show as it is: each field's message, led by the field's
 * name in words where the message is an instruction without a subject ("Per page: enter a
 * number."); beside a form's input such a sentence needs none, in a banner it does.
 */
function refusalOf(issues: z.core.$ZodIssue[]): string {
  const sentences = issues.map((issue) => {
    const label = fieldWords(issue.path)?.label;
    if (!label || !/^(Enter|Choose|Use|Fill in) /.test(issue.message)) return issue.message;
    return `${label}: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
  });
  return [...new Set(sentences)].join(" ");
}

/**
 * The BFF proxy: a public endpoint that forwards only what the contract table allows,
 * adds the session's API key server-side and passes back the body, the status and the
 * rate-limit headers. Nothing from the browser but the body and the query goes upstream.
 */
export async function proxyToService(request: Request): Promise<Response> {
  const config = env();
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${BFF_PREFIX}/`)) {
    return errorResponse(404, "not_found", "No such service endpoint.");
  }
  const servicePath = url.pathname.slice(BFF_PREFIX.length);
  const match = matchPath(request.method, servicePath);
  if (match.kind === "not_found") return errorResponse(404, "not_found", "No such service endpoint.");
  if (match.kind === "method_not_allowed") {
    return errorResponse(405, "method_not_allowed", `${request.method} is not allowed here.`, {
      headers: { Allow: match.allowed.join(", ") },
    });
  }
  const { endpoint, params } = match;

  const session = await unsealSession(sessionCookieFrom(request.headers));
  if (!session) return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.");

  // Every non-GET is checked, including POSTs that change nothing (preview): only our pages call them.
  if (endpoint.method !== "GET" && !isSameOriginWrite(request, config.dashboardOrigin)) {
    return errorResponse(403, "cross_site_write", "Changes must come from the dashboard itself.");
  }

  // The forms' error map words zod's own messages, so a page showing this refusal shows sentences.
  const query = endpoint.query.safeParse(queryToObject(url.searchParams), formParseOptions);
  if (!query.success) {
    return errorResponse(400, "invalid_query", refusalOf(query.error.issues), {
      details: { fields: fieldsOf(query.error.issues) },
    });
  }

  let body: string | undefined;
  let parsedBody: unknown;
  if (endpoint.body) {
    const text = await readBodyLimited(request, MAX_BODY_BYTES);
    if (text === null) return errorResponse(413, "body_too_large", "The request body is larger than 1 MiB.");
    if (text.trim() !== "" || !endpoint.body.safeParse(undefined).success) {
      if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
        return errorResponse(415, "unsupported_media_type", "Send the body as application/json.");
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return errorResponse(400, "malformed_json", "The body is not valid JSON.");
      }
      const checked = endpoint.body.safeParse(json, formParseOptions);
      if (!checked.success) {
        return errorResponse(400, "invalid_body", refusalOf(checked.error.issues), {
          details: { fields: fieldsOf(checked.error.issues) },
        });
      }
      const unknown = unknownFields(endpoint.body, json);
      if (unknown.length > 0) {
        return errorResponse(
          400,
          "invalid_body",
          `The request has fields the service does not take: ${unknown.join(", ")}.`,
          {
            details: { fields: unknown.map((field) => ({ field, message: "not a field of this request" })) },
          },
        );
      }
      // What goes upstream is what the contract parsed, never the browser's text.
      parsedBody = checked.data;
      body = checked.data === undefined ? undefined : JSON.stringify(checked.data);
    }
  }

  const headers: Record<string, string> = { accept: "application/json", "x-api-key": session.apiKey };
  if (body !== undefined) headers["content-type"] = "application/json";
  // Upstream gets what the contract parsed, never the browser's text: the path rebuilt from
  // its decoded parameters and the query serialised from the parsed object, so unknown,
  // repeated or oddly encoded parameters stop here.
  const search = serializeQuery(query.data as Record<string, unknown>).toString();
  const target = `${config.svcBaseUrl}${buildPath(endpoint.path, params)}${search ? `?${search}` : ""}`;
  const timeout = AbortSignal.timeout(config.svcTimeoutMs);

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: endpoint.method,
      headers,
      body,
      signal: timeout,
      cache: "no-store",
    });
  } catch {
    return timeout.aborted
      ? errorResponse(502, "upstream_timeout", "The pricing service did not answer in time. Try again.")
      : errorResponse(502, "upstream_unreachable", "The pricing service cannot be reached right now.");
  }

  noteServiceDate(upstream.headers.get("date"));
  const passed = new Headers({ "cache-control": "no-store" });
  // The service no longer accepts this session's key (revoked elsewhere): end the session,
  // so the sign-in page the browser goes to does not send it straight back, and a copy of
  // the cookie is refused here before it costs the service a request.
  if (upstream.status === 401) {
    passed.append("set-cookie", clearedSessionCookie());
    await endSession(session);
  }
  // A key revoked through the dashboard ends every session signed in with it, at once.
  if (endpoint.id === "apiKeys.revoke" && upstream.ok) await endKeySessions(params.token_id!);
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) passed.set(name, value);
  }
  // Buffered, not streamed: answers are bounded JSON, and buffering costs less CPU per request.
  let payload: ArrayBuffer | null = null;
  if (upstream.status !== 204) {
    try {
      payload = await upstream.arrayBuffer();
    } catch {
      return errorResponse(
        502,
        "upstream_unreachable",
        "The pricing service stopped answering mid-response.",
      );
    }
  }
  if (upstream.ok) checkAnswerLater(endpoint, payload);
  // The mirror reads again what the write changed; the page already has the live answer.
  if (upstream.ok && endpoint.method !== "GET") {
    const channel = (query.data as { channel?: unknown }).channel;
    void refreshAfterWrite(session, {
      group: endpoint.group,
      endpoint: endpoint.id,
      params,
      channel: typeof channel === "string" ? channel : null,
      body: parsedBody,
    });
  }
  return new Response(payload, { status: upstream.status, headers: passed });
}
