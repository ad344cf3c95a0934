import "server-only";
import { createdDespiteOddAnswer } from "@/lib/webhooks/applied-create";
import { boundSinks, receiverPath } from "@/lib/server/webhooks/ownership";
import { env } from "@/lib/server/env";
import { errorResponse } from "@/lib/server/http";
import { sessionCookieFrom, unsealSession } from "@/lib/server/session";
import { newSinkId, type DashboardStore, type InboxState, type Sink } from "@/lib/server/dashboard-store";
import type { SvcClient } from "@/lib/svc/client";
import { isSvcError, refusalIs } from "@/lib/svc/errors";
import { serviceClient } from "@/lib/server/upstream";
import { dashboardStore } from "@/lib/server/store";
import { sinkDirectory } from "@/lib/server/webhooks/sink-directory";
import { readEnvelope } from "@/lib/server/webhooks/envelope-reading";
import { WEBHOOK_EVENT_TYPES, type WebhookSubscription } from "@/lib/svc/schemas/webhooks";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * "Connect this dashboard": a subscription at the service whose URL is this dashboard's own
 * receiver, and the sink that verifies its deliveries.
 *
 * Who owns a sink: the interface names no caller id, but the service ties every subscription
 * to its user and GET /webhooks returns only the caller's. So a sink is recorded with its
 * subscription id as its owner, and the signed-in account's sinks are the sinks of the
 * subscriptions GET /webhooks returns for the session's key. A sink id from the browser is
 * never enough: it has to belong to one of those subscriptions.
 */

export interface ConnectContext {
  /** The server's client with the session's key. */
  client: SvcClient;
  /** Identifies the session for the short cache of GET /webhooks (the key itself). */
  apiKey: string;
  store: Pick<
    DashboardStore,
    "createSink" | "deleteSink" | "findSink" | "rotateSinkSecret" | "listInbox" | "listRejections"
  >;
  /** DASHBOARD_PUBLIC_URL (or its default); null when it is not configured. */
  publicUrl: string | null;
  /** Shown beside the sink (the persona's or the key's name). */
  label: string;
  keyKind: string | null;
}

/** A refusal in the interface's error shape; the route answers it as it is. */
export class ConnectError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ConnectError";
  }
}

export const PUBLIC_URL_MISSING =
  "This dashboard does not know the address at which the pricing service can reach it. Set DASHBOARD_PUBLIC_URL to the dashboard's public URL (for example https://dashboard.example.com) and restart it.";
export const READ_ONLY_CONNECT =
  "Your session uses a read-only key, which cannot create or delete webhook subscriptions. Sign in with a standard key to connect or disconnect this dashboard.";
export const ALREADY_CONNECTED = "This dashboard is already connected to your account.";
export const NOT_CONNECTED = "This dashboard is not connected to your account.";

/** The path of a sink's receiver, after the public URL. */

/*
 * GET /webhooks per session, remembered a few seconds: the Inbox and the Webhooks page ask for
 * the connection together, and each answer costs a request of the minute's budget. Writes
 * made here forget it; a deletion made elsewhere shows after at most CACHE_MS.
 */
const CACHE_MS = 5_000;
const CACHE_MAX = 500;
const cache = processSingleton(
  "connect-subscriptions",
  () => new Map<string, { subs: WebhookSubscription[]; until: number }>(),
);

async function subscriptionsOf(ctx: ConnectContext, fresh: boolean): Promise<WebhookSubscription[]> {
  const hit = cache.get(ctx.apiKey);
  if (!fresh && hit && hit.until > Date.now()) return hit.subs;
  const subs = await ctx.client.call("webhooks.list");
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(ctx.apiKey, { subs, until: Date.now() + CACHE_MS });
  return subs;
}

export interface AccountSink {
  sink: Sink;
  subscription: WebhookSubscription;
}

/** The account's sinks: those of its subscriptions whose URL is their own receiver. */
export async function accountSinks(ctx: ConnectContext, { fresh = false } = {}): Promise<AccountSink[]> {
  return boundSinks(await subscriptionsOf(ctx, fresh), ctx.store);
}

export interface ConnectionStatus {
  connected: boolean;
  sink?: { created_at: string };
  // As the service reported them (open): only what we send is limited to the types we know.
  subscription?: Pick<WebhookSubscription, "id" | "status" | "event_types">;
}

export function statusOf(found: AccountSink | undefined): ConnectionStatus {
  if (!found) return { connected: false };
  const { sink, subscription } = found;
  return {
    connected: true,
    sink: { created_at: sink.createdAt },
    subscription: { id: subscription.id, status: subscription.status, event_types: subscription.event_types },
  };
}

export async function connectionStatus(ctx: ConnectContext): Promise<ConnectionStatus> {
  return statusOf((await accountSinks(ctx))[0]);
}

/** Service refusals of our own writes, in the page's words where ours are clearer. */
export function fromService(error: unknown): never {
  if (isSvcError(error)) {
    if (refusalIs(error, 403, "read_only_key")) {
      throw new ConnectError(403, "read_only_key", READ_ONLY_CONNECT);
    }
    throw new ConnectError(error.status, error.code, error.message);
  }
  throw error;
}

// One connect or disconnect at a time per session: two clicks must not make two subscriptions.
const running = new Map<string, Promise<unknown>>();
export async function exclusive<T>(apiKey: string, work: () => Promise<T>): Promise<T> {
  while (running.has(apiKey)) await running.get(apiKey)!.catch(() => undefined);
  const promise = work();
  running.set(apiKey, promise);
  try {
    return await promise;
  } finally {
    running.delete(apiKey);
    cache.delete(apiKey);
    // Open pages of the account hear a new sink, or stop hearing a deleted one, at once.
    sinkDirectory().relearn(apiKey);
  }
}

/**
 * Subscribes this dashboard's receiver to every event type for the account and stores the
 * secret (encrypted, in the store); the secret is not returned.
 */
export function connectDashboard(ctx: ConnectContext): Promise<ConnectionStatus> {
  return exclusive(ctx.apiKey, async () => {
    if (ctx.keyKind === "read_only") throw new ConnectError(403, "read_only_key", READ_ONLY_CONNECT);
    if (!ctx.publicUrl) throw new ConnectError(422, "public_url_missing", PUBLIC_URL_MISSING);
    const existing = await accountSinks(ctx, { fresh: true }).catch(fromService);
    if (existing.length > 0) throw new ConnectError(409, "already_connected", ALREADY_CONNECTED);

    // The sink id comes first: the URL given to the service must already name it.
    const id = newSinkId();
    const body = { url: `${ctx.publicUrl}${receiverPath(id)}`, event_types: [...WEBHOOK_EVENT_TYPES] };
    const created = await ctx.client
      .call("webhooks.create", { body })
      .catch((error: unknown) => createdDespiteOddAnswer(error, body) ?? fromService(error));
    let sink: Sink;
    try {
      sink = await ctx.store.createSink({
        id,
        ownerAccountId: created.id,
        ownerLabel: ctx.label.slice(0, 200),
        subscriptionId: created.id,
        secret: created.secret,
      });
    } catch (error) {
      // Without its secret the dashboard could verify nothing: undo the subscription.
      await ctx.client.call("webhooks.delete", { params: { id: created.id } }).catch(() => undefined);
      console.error("Storing the dashboard's sink failed:", error instanceof Error ? error.message : error);
      throw new ConnectError(500, "store_failed", "The dashboard could not save the connection. Try again.");
    }
    // The secret is in the store now; it leaves this function by no other way.
    return statusOf({ sink, subscription: { ...created, secret: undefined } });
  });
}

/** Deletes the account's dashboard subscriptions at the service, then their sinks. */
export function disconnectDashboard(ctx: ConnectContext): Promise<ConnectionStatus> {
  return exclusive(ctx.apiKey, async () => {
    if (ctx.keyKind === "read_only") throw new ConnectError(403, "read_only_key", READ_ONLY_CONNECT);
    const found = await accountSinks(ctx, { fresh: true }).catch(fromService);
    if (found.length === 0) throw new ConnectError(404, "not_connected", NOT_CONNECTED);
    for (const { sink, subscription } of found) {
      await ctx.client
        .call("webhooks.delete", { params: { id: subscription.id } })
        .catch((error: unknown) => {
          // Already gone at the service: only the sink is left to delete.
          if (!(isSvcError(error) && error.status === 404)) fromService(error);
        });
      await ctx.store.deleteSink(sink.id);
    }
    return { connected: false };
  });
}

export interface InboxRow {
  event_id: string;
  type: string;
  listing_ids: string[];
  market_id: string | null;
  received_at: string;
  verification: "verified";
  state: InboxState;
  processed_at: string | null;
  error: string | null;
}
export interface InboxPage {
  connected: boolean;
  events: InboxRow[];
  rejections: { reason: string; at: string }[];
}

const INBOX_LIMIT = 100;
const REJECTIONS_LIMIT = 50;

/** The Inbox page's data: the account's received events and refusals, newest first. */
export async function inboxOf(ctx: ConnectContext): Promise<InboxPage> {
  const found = await accountSinks(ctx);
  const received = await Promise.all(
    // Filtered by sink too: a reset reference service reuses subscription ids, and a stale
    // sink recorded under the same id must not lend its events to the new subscription.
    found.map(async ({ sink }) =>
      (await ctx.store.listInbox(sink.ownerAccountId, INBOX_LIMIT)).filter((e) => e.sinkId === sink.id),
    ),
  );
  const events = received
    .flat()
    .map((event): InboxRow => {
      // Read leniently: an event of a type we do not know still shows the listings it named.
      const read = readEnvelope(safeJson(event.body));
      return {
        event_id: event.eventId,
        type: event.eventType,
        listing_ids: read?.listingIds ?? [],
        market_id: read?.marketId ?? null,
        received_at: event.receivedAt,
        verification: event.verification,
        state: event.state,
        processed_at: event.processedAt,
        error: event.error,
      };
    })
    .sort((a, b) => b.received_at.localeCompare(a.received_at))
    .slice(0, INBOX_LIMIT);
  const refused = await Promise.all(
    found.map(async ({ sink }) =>
      (await ctx.store.listRejections(sink.ownerAccountId, REJECTIONS_LIMIT)).filter(
        (r) => r.sinkId === sink.id,
      ),
    ),
  );
  const rejections = refused
    .flat()
    .map((r) => ({ reason: r.reason, at: r.at }))
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, REJECTIONS_LIMIT);
  return { connected: found.length > 0, events, rejections };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// The routes' glue (app/api/dashboard-webhook/*): route files may export handlers only.

export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

/** The session's connect context, or the answer that refuses the request. */
export async function connectContextFor(request: Request): Promise<ConnectContext | Response> {
  const session = await unsealSession(sessionCookieFrom(request.headers));
  if (!session) return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.");
  return {
    client: serviceClient(session.apiKey),
    apiKey: session.apiKey,
    store: await dashboardStore(),
    publicUrl: env().dashboardPublicUrl,
    label: session.label,
    keyKind: session.keyKind,
  };
}

/** Every failure as the interface's error body, in words; never a stack trace. */
export function connectFailure(error: unknown): Response {
  if (error instanceof ConnectError) return errorResponse(error.status, error.code, error.message);
  if (isSvcError(error)) {
    return errorResponse(error.status >= 500 ? 502 : error.status, error.code, error.message);
  }
  console.error("The dashboard connection failed:", error instanceof Error ? error.message : error);
  return errorResponse(500, "internal_error", "Something went wrong on the dashboard. Try again.");
}
