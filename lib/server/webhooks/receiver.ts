import "server-only";
import { z } from "zod";
import { errorResponse } from "@/lib/server/http";
import { sinkId } from "@/lib/server/dashboard-store";
import { declaresTooLarge, readRawBody } from "@/lib/server/webhooks/raw-body";
import type { ReceiverRuntime } from "@/lib/server/webhooks/runtime";
import { verifySignature, type SignatureFailure } from "@/lib/server/webhooks/signature";

/**
 * POST /api/webhooks/[sink]: one delivery, checked in order of cost (size, headers, signature,
 * body), stored durably under its event id, answered, and processed afterwards. Refusals of a
 * known sink are logged (bounded) for the Inbox page; nothing refused enters the inbox, so a
 * forged id can never shadow the genuine delivery that comes later.
 */

const eventIdHeader = z.string().trim().min(1).max(200);
/** Just enough of the envelope to file it; the processor checks the whole contract schema. */
const envelopeHead = z.object({ id: z.string(), type: z.string().min(1).max(100) });

const SIGNATURE_MESSAGES: Record<SignatureFailure, string> = {
  malformed: "The Svc-Signature header is not of the form t=<unix seconds>,v1=<hex>.",
  no_match: "No v1 signature matches this receiver's secret.",
  stale: "The signature's time t is more than 5 minutes old.",
  future: "The signature's time t is more than 5 minutes ahead of this server's clock.",
};

const ok = (body: Record<string, boolean>) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

const utf8 = new TextDecoder("utf-8", { fatal: true });

export async function receiveDelivery(
  request: Request,
  sinkParam: string,
  rt: ReceiverRuntime,
): Promise<Response> {
  const id = sinkId.safeParse(sinkParam);
  const secrets = id.success ? await rt.store.validSecrets(id.data) : null;
  if (!id.success || !secrets) {
    return errorResponse(404, "sink_not_found", "No webhook receiver exists at this address.");
  }
  const sink = id.data;
  const refuse = async (status: number, code: string, message: string, reason: string = code) => {
    await rt.store.recordRejection(sink, reason);
    return errorResponse(status, code, message);
  };
  const tooLarge = () => refuse(413, "payload_too_large", "The body is larger than 1 MiB.");

  if (declaresTooLarge(request.headers)) return tooLarge();
  const signature = request.headers.get("svc-signature");
  if (!signature) return refuse(400, "missing_signature", "The Svc-Signature header is missing.");
  const eventId = eventIdHeader.safeParse(request.headers.get("svc-event-id") ?? "");
  if (!eventId.success) return refuse(400, "missing_event_id", "The Svc-Event-Id header is missing.");

  const body = await readRawBody(request);
  if (!body) return tooLarge();

  const check = verifySignature({
    header: signature,
    body,
    secrets,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (check.result !== "ok")
    return refuse(401, "invalid_signature", SIGNATURE_MESSAGES[check.result], check.result);

  let json: unknown;
  let text: string;
  try {
    text = utf8.decode(body);
    json = JSON.parse(text);
  } catch {
    return refuse(400, "malformed_json", "The body is not valid UTF-8 JSON.");
  }
  const head = envelopeHead.safeParse(json);
  if (!head.success)
    return refuse(400, "invalid_body", "The body is not an event envelope with an id and a type.");
  if (head.data.id !== eventId.data) {
    return refuse(400, "event_id_mismatch", "The Svc-Event-Id header differs from the envelope's id.");
  }

  const outcome = await rt.writer.insert({
    eventId: eventId.data,
    sinkId: sink,
    eventType: head.data.type,
    body: text,
    receivedAt: new Date().toISOString(),
  });
  if (outcome === "duplicate") return ok({ duplicate: true });
  rt.processor.schedule();
  return ok({ accepted: true });
}

/**
 * Anything unexpected (a full disk, an unreadable secret, a store that cannot be opened or
 * reached, PostgreSQL down): 503 with Retry-After, so the service retries later; nothing is
 * acknowledged that was not stored.
 */
export const RETRY_AFTER_SECONDS = 30;

export async function receiveDeliverySafely(
  request: Request,
  sinkParam: string,
  rt: () => Promise<ReceiverRuntime>,
): Promise<Response> {
  try {
    return await receiveDelivery(request, sinkParam, await rt());
  } catch (error) {
    // The message only: never the body or a secret.
    console.error("The webhook receiver failed:", error instanceof Error ? error.message : String(error));
    return errorResponse(
      503,
      "receiver_unavailable",
      "The receiver could not take this delivery just now; send it again later.",
      { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } },
    );
  }
}
