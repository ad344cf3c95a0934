/**
 * Shared setup of the webhook delivery engine tests (webhook-*.test.ts, beside webhooks.test.ts):
 * subscribing, reading deliveries, and the "webhook delivery engine" fixture — one sandbox and
 * one receiver per test file. Imported by test files only.
 */
import { expect, beforeAll, beforeEach, afterAll } from "vitest";
import { webhookDelivery, type WebhookEventType } from "../lib/svc/schemas/webhooks";
import type { Sandbox } from "./app";
import { call, makeSandbox, personaKeys, rows, type Personas } from "./test-support";
import { alignToBatchWindow, startReceiver, type Receiver } from "./webhook-support";

export const TIMEOUT_MS = 500;

export type Sub = { id: string; secret: string };
type Envelope = {
  id: string;
  type: string;
  created_at: string;
  data: { listing_ids: string[]; market_id?: string };
};

export const envelopeOf = (body: string) => JSON.parse(body) as Envelope;

export async function subscribe(
  sandbox: Sandbox,
  key: string,
  url: string,
  types: WebhookEventType[],
): Promise<Sub> {
  const res = await call(sandbox, "POST", "/webhooks", { key, body: { url, event_types: types } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Sub;
}

export async function deliveriesOf(sandbox: Sandbox, key: string, id: string, query = "per_page=100") {
  const res = await call(sandbox, "GET", `/webhooks/${id}/deliveries?${query}`, { key });
  expect(res.status).toBe(200);
  return res.json.map((d: unknown) => webhookDelivery.parse(d));
}

// ------------------------------------------------------------------ the engine fixture

/*
 * Live bindings, set by the hooks `withDeliveryEngine` registers: the sandbox, the receiver,
 * the personas, the owner's standard key and the owner's own listings, by market.
 */
export let sandbox: Sandbox;
export let receiver: Receiver;
export let p: Personas;
export let owner: string;
export let byMarket: Record<string, string[]>;

/**
 * Registers, in the calling describe block, the hooks of the engine tests: a sandbox with a
 * short webhook time-out and a receiver for the whole block; before each test no subscriptions,
 * nothing received, and the clock at the start of a batch window.
 */
export function withDeliveryEngine(): void {
  beforeAll(async () => {
    sandbox = makeSandbox({ webhookTimeoutMs: TIMEOUT_MS });
    receiver = await startReceiver();
    p = await personaKeys(sandbox);
    owner = p.owner.keys.standard;
    byMarket = {};
    for (const l of rows<{ svc_id: string; market_id: string }>(
      sandbox,
      `SELECT svc_id, market_id FROM listings WHERE owner_user_id = ? ORDER BY svc_id`,
      p.owner.user_id,
    )) {
      (byMarket[l.market_id] ??= []).push(l.svc_id);
    }
  });
  afterAll(async () => {
    sandbox.close();
    await receiver.close();
  });
  beforeEach(async () => {
    sandbox.ctx.db.exec(`DELETE FROM webhook_attempts; DELETE FROM webhook_subscriptions;`);
    receiver.received.length = 0;
    await alignToBatchWindow(sandbox);
  });
}

export const austin = () => byMarket.mkt_austin!;
export const lisbon = () => byMarket.mkt_lisbon!;
export const hook = (path: string) => `${receiver.url}${path}`;
