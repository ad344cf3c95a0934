/**
 * Shared setup of the receiver route tests: a temporary DATA_DIR and SESSION_SECRET are set in
 * the test file's own process (Vitest runs each file in a fork) BEFORE the route and its
 * runtime load, since env() is read once. Imported by test files only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { sign, signingTime } from "../sandbox/domain/webhooks/signing";

export const SESSION_SECRET = "receiver-test-session-secret-".repeat(2);
export let dataDir: string;
export let route: typeof import("../app/api/webhooks/[sink]/route");
export let runtime: typeof import("../lib/server/webhooks/runtime");

/** Registers the file's hooks; `beforeLoad` runs with the environment set, before the route loads. */
export function withReceiver(beforeLoad?: () => void | Promise<void>): void {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-receiver-"));
    process.env.DATA_DIR = dataDir;
    process.env.SESSION_SECRET = SESSION_SECRET;
    await beforeLoad?.();
    route = await import("../app/api/webhooks/[sink]/route");
    runtime = await import("../lib/server/webhooks/runtime");
  });
  afterAll(async () => {
    const rt = await runtime?.receiverRuntime();
    await rt?.processor.idle();
    await rt?.store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

export const ORIGIN = "http://dashboard.test";
let counter = 0;
export const nextEventId = () => `evt_test_${process.pid}_${++counter}`;

export function envelope(id: string): string {
  return JSON.stringify({
    id,
    type: "recommendations.updated",
    created_at: "2026-11-21T10:05:00Z",
    data: { listing_ids: ["lst_1"], market_id: "mkt_austin" },
  });
}

export interface DeliveryOptions {
  secret: string;
  eventId?: string;
  body?: string;
  t?: number;
  /** Headers to add or, with null, to leave out. */
  headers?: Record<string, string | null>;
}

/** A delivery as the service sends it, signed with the reference service's own signer. */
export function delivery(sinkId: string, options: DeliveryOptions): Request {
  const eventId = options.eventId ?? nextEventId();
  const body = options.body ?? envelope(eventId);
  const headers: Record<string, string | null> = {
    "content-type": "application/json",
    "svc-event-id": eventId,
    "svc-signature": sign(options.secret, options.t ?? signingTime(), body),
    ...options.headers,
  };
  return new Request(`${ORIGIN}/api/webhooks/${sinkId}`, {
    method: "POST",
    headers: Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== null)),
    body,
  });
}

export function post(request: Request, sinkId: string): Promise<Response> {
  return route.POST(request, { params: Promise.resolve({ sink: sinkId }) });
}

export async function makeSink(secret: string, owner = "usr_owner") {
  return (await runtime.receiverRuntime()).store.createSink({
    ownerAccountId: owner,
    ownerLabel: "Olivia Hart",
    subscriptionId: "whk_test",
    secret,
  });
}

export const secretOf = (n: number) => "whsec_" + n.toString(16).padStart(2, "0").repeat(32);
