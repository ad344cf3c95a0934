import { randomBytes } from "node:crypto";
import { z } from "zod";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * What one dashboard instance tells the others: a processed webhook event, a
 * session ended, an account's sinks changed. Each in-process bus publishes to its own
 * listeners first and then here; the transport (PostgreSQL LISTEN/NOTIFY,
 * `postgres-relay.ts`) carries the message to every other instance, whose bus delivers it to
 * its listeners. With SQLite (one instance) no transport is installed and this is a no-op.
 *
 * Messages are small by rule (NOTIFY takes at most 8,000 bytes): a kind, a payload checked by
 * the kind's own schema on arrival, and the sending instance's id so that an instance skips
 * its own messages (it told its listeners already). Nothing secret travels: no API key, no
 * cookie, no body of an event; an account is named by a keyed hash (sink-directory.ts).
 *
 * The holder lives on globalThis: Next may load this module once per route bundle, and every
 * copy must share the one transport and the one set of handlers.
 */

/** NOTIFY's limit is 8,000 bytes; the channel name and framing take a little of it. */
export const RELAY_MAX_BYTES = 7_500;

export interface RelayTransport {
  /** Sends one message to every instance listening (this one included); never throws. */
  send(text: string): void;
  close(): Promise<void>;
}

type Handler = (payload: unknown) => void | Promise<void>;

interface Holder {
  instanceId: string;
  transport: RelayTransport | null;
  handlers: Map<string, { schema: z.ZodType; handle: Handler }>;
}

const holder = processSingleton<Holder>("instance-relay", () => ({
  instanceId: randomBytes(9).toString("base64url"),
  transport: null,
  handlers: new Map(),
}));

const envelope = z.object({ from: z.string(), kind: z.string(), payload: z.unknown() });

/** This process's id among the instances (a fresh one each start). */
export const instanceId = () => holder.instanceId;

/**
 * Tells the other instances, when there are any. Answers false when the message is larger
 * than NOTIFY allows, so the caller can send a reference instead; true otherwise (sent, or
 * nobody to send to).
 */
export function relayToOtherInstances(kind: string, payload: unknown): boolean {
  if (!holder.transport) return true;
  const text = JSON.stringify({ from: holder.instanceId, kind, payload });
  if (Buffer.byteLength(text) > RELAY_MAX_BYTES) return false;
  holder.transport.send(text);
  return true;
}

/** What to do with a kind of message from another instance; its payload is checked first. */
export function onRelayed<T>(
  kind: string,
  schema: z.ZodType<T>,
  handle: (payload: T) => void | Promise<void>,
) {
  holder.handlers.set(kind, { schema, handle: handle as Handler });
}

/** The transport calls this with every message it receives. Bad messages are dropped with a line. */
export async function receiveRelayed(text: string): Promise<void> {
  let parsed: z.infer<typeof envelope>;
  try {
    parsed = envelope.parse(JSON.parse(text));
  } catch {
    console.error("A message from another instance was not understood and is ignored.");
    return;
  }
  if (parsed.from === holder.instanceId) return;
  const handler = holder.handlers.get(parsed.kind);
  const payload = handler?.schema.safeParse(parsed.payload);
  if (!handler || !payload?.success) {
    console.error(`A "${parsed.kind}" message from another instance was not understood and is ignored.`);
    return;
  }
  try {
    await handler.handle(payload.data);
  } catch (error) {
    console.error(
      `Handling a "${parsed.kind}" message from another instance failed:`,
      error instanceof Error ? error.message : error,
    );
  }
}

/** Installs the transport (at start-up, PostgreSQL only); the previous one, if any, is closed. */
export function installRelayTransport(transport: RelayTransport | null): void {
  const previous = holder.transport;
  holder.transport = transport;
  if (previous && previous !== transport) void previous.close();
}
