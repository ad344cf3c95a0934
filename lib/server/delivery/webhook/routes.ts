import "server-only";
import { nextDue } from "@/lib/alerts/local-time";
import { checkEndpoint } from "@/lib/alerts/outgoing-webhook";
import { bodyOf, handle, json, refusal } from "@/lib/server/alerts/routes";
import { webhookOutStore, webhookWorker } from "@/lib/server/delivery/webhook/runtime";
import { newSigningSecret, outgoingBox } from "@/lib/server/delivery/webhook/secret";
import type { Endpoint, Message } from "@/lib/server/delivery/webhook/webhook-store";
import { env } from "@/lib/server/env";
import { errorResponse } from "@/lib/server/http";

/**
 * The outgoing webhook's JSON interface, under the alerts' rules (a live session, writes from
 * the dashboard itself, a read-only key sees but does not change): the endpoint (GET, PUT),
 * its secret made anew (rotate), a test message, and the messages sent with their attempts.
 * The signing secret is answered once, when it is made, and never read back.
 */
export const READ_ONLY_WEBHOOK =
  "Your API key is read-only: it can see the alerts' webhook and its deliveries but not change them. Sign in with a key that can edit listings.";
export const NO_ENDPOINT = "This account has no alerts webhook yet: save its URL first.";

const endpointView = (e: Endpoint, now = new Date()) => ({
  url: e.url,
  enabled: e.enabled,
  digest_time: e.digestTime,
  time_zone: e.timeZone,
  /** When the next digest falls due, if any digest rule's alerts fired by then. */
  next_digest_at: e.enabled ? nextDue(e.digestTime, e.timeZone, now).toISOString() : null,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
  secret_rotated_at: e.secretRotatedAt,
});

const messageView = (m: Message) => ({
  id: m.id,
  type: m.type,
  created_at: m.createdAt,
  state: m.state,
  next_attempt_at: m.nextAttemptAt,
  digest_date: m.digestDate,
  body: m.body,
  attempts: m.attempts.map((a) => ({
    attempt: a.attempt,
    attempted_at: a.attemptedAt,
    response_status: a.responseStatus,
    response_body: a.responseBody,
    error: a.error,
    duration_ms: a.durationMs,
  })),
});

const box = () => outgoingBox(env().sessionSecret);

export const getEndpoint = (request: Request) =>
  handle(request, async ({ session, accountId }) => {
    const endpoint = await (await webhookOutStore()).endpoint(accountId);
    return json({
      endpoint: endpoint ? endpointView(endpoint) : null,
      can_edit: session.keyKind !== "read_only",
    });
  });

/** Makes the endpoint (201, with its new secret, shown once) or changes it (200; the secret stays). */
export const putEndpoint = (request: Request) =>
  handle(
    request,
    async ({ accountId }) => {
      const body = await bodyOf(request);
      if (body instanceof Response) return body;
      const checked = checkEndpoint(body.value);
      if (!checked.ok) return refusal(checked.errors);
      const store = await webhookOutStore();
      const secret = newSigningSecret();
      const sealed = box().seal(secret, accountId);
      const { url, enabled, digest_time: digestTime, time_zone: timeZone } = checked.value;
      const saved = await store.saveEndpoint(accountId, { url, enabled, digestTime, timeZone }, () => sealed);
      // Made by this call only if it holds this call's secret: of two first saves at once, one made it.
      const made = saved.sealedSecret.equals(sealed);
      return json({ endpoint: endpointView(saved), ...(made ? { secret } : {}) }, made ? 201 : 200);
    },
    READ_ONLY_WEBHOOK,
  );

/** A new secret signs from the next attempt on; the previous one signs nothing more. */
export const rotateSecret = (request: Request) =>
  handle(
    request,
    async ({ accountId }) => {
      const secret = newSigningSecret();
      const rotated = await (await webhookOutStore()).rotateSecret(accountId, box().seal(secret, accountId));
      if (!rotated) return errorResponse(404, "not_found", NO_ENDPOINT);
      return json({ endpoint: endpointView(rotated), secret });
    },
    READ_ONLY_WEBHOOK,
  );

/** A test message, sent now (and retried as any other if the endpoint does not take it). */
export const sendTest = (request: Request) =>
  handle(
    request,
    async ({ accountId }) => {
      const endpoint = await (await webhookOutStore()).endpoint(accountId);
      if (!endpoint) return errorResponse(404, "not_found", NO_ENDPOINT);
      if (!endpoint.enabled)
        return errorResponse(409, "endpoint_off", "The endpoint is off: turn it on to send a test.");
      const worker = await webhookWorker();
      const message = await worker.test(accountId);
      if (!message) return errorResponse(404, "not_found", NO_ENDPOINT);
      // This message alone, so that the answer says how it went whatever else is due.
      await worker.sendNow(message.id);
      const sent = (await (await webhookOutStore()).listMessages(accountId)).find((m) => m.id === message.id);
      return json(messageView(sent ?? message), 202);
    },
    READ_ONLY_WEBHOOK,
  );

export const listDeliveries = (request: Request) =>
  handle(request, async ({ accountId }) =>
    json({ messages: (await (await webhookOutStore()).listMessages(accountId)).map(messageView) }),
  );
