/**
 * Two dashboard instances on one PostgreSQL, as a team would run them behind a load
 * balancer: the same SESSION_SECRET and DATABASE_URL, DASHBOARD_PUBLIC_URL naming instance A
 * (where the service delivers, as it would the balancer), a reference service of their own,
 * and a throw-away PostgreSQL cluster that a test can stop and start (test-support/pg-cluster.ts).
 * Each instance is `scripts/serve.mjs` itself, so a SIGKILL is a kill -9 of the server; each
 * reaches the service through a hop of its own that records what it sent.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { openPostgresStore } from "../lib/server/postgres-store";
import type { DashboardStore } from "../lib/server/dashboard-store";
import { sign, signingTime } from "../sandbox/domain/webhooks/signing";
import { startCluster, type Cluster } from "../test-support/pg-cluster";
import { E2E_INSTANCE_A_PORT, E2E_INSTANCE_B_PORT, E2E_INSTANCES_SANDBOX_PORT } from "../playwright.config";
import { sinkIdInUrl } from "../lib/server/webhooks/ownership";
import { sseFrames } from "../test-support/sse-frames";
import { api } from "./webhooks-support";
import { dashboardProcess, referenceServiceProcess } from "../scripts/server-pair.mjs";
import { stopChild, waitForHttp } from "./processes";

export const A = `http://127.0.0.1:${E2E_INSTANCE_A_PORT}`;
export const B = `http://127.0.0.1:${E2E_INSTANCE_B_PORT}`;
export const INSTANCES_SANDBOX = `http://127.0.0.1:${E2E_INSTANCES_SANDBOX_PORT}`;
const SESSION_SECRET = "two-instances-e2e-session-secret-0123456789";
/** Short, so that a dead instance's claimed events are taken by the other within seconds. */
const CLAIM_LEASE_SECONDS = 3;

export interface Instances {
  cluster: Cluster;
  /** Every path and query each instance sent the reference service, in order. */
  sent: { a: string[]; b: string[] };
  /** The shared store, opened by the test as a third party (to read the inbox, add a sink). */
  store: DashboardStore;
  /** kill -9 of instance A. */
  killA(): Promise<void>;
  stopAll(): Promise<void>;
}

/**
 * A hop between one instance and the reference service that records what passes, with a
 * little latency as over a network (so that two instances' reads interleave).
 */
async function recordingHop(servicePort: number): Promise<{ port: number; paths: string[]; close(): void }> {
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    paths.push(request.url ?? "");
    setTimeout(() => {
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port: servicePort,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => response.writeHead(502).end());
      request.pipe(upstream);
    }, 15);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    paths,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export async function startInstances(): Promise<Instances> {
  const cluster = await startCluster();
  const children: ChildProcess[] = [];
  const hops = [
    await recordingHop(E2E_INSTANCES_SANDBOX_PORT),
    await recordingHop(E2E_INSTANCES_SANDBOX_PORT),
  ];
  const closeHops = () => hops.forEach((hop) => hop.close());
  try {
    const service = referenceServiceProcess({
      port: E2E_INSTANCES_SANDBOX_PORT,
      env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" },
    });
    const sandbox = spawn(process.execPath, service.args, {
      env: { ...process.env, ...service.env },
      stdio: "ignore",
    });
    children.push(sandbox);
    const dashboard = (port: number, name: string, hop: { port: number }) => {
      const dataDir = `.data/e2e-instance-${name}`;
      rmSync(dataDir, { recursive: true, force: true });
      const server = dashboardProcess({
        port,
        // The hop stands where the reference service would: persona sign-in still offered.
        servicePort: hop.port,
        dataDir,
        env: {
          DATABASE_URL: cluster.url,
          DATABASE_POOL_SIZE: "5",
          SESSION_SECRET,
          WEBHOOK_CLAIM_LEASE_SECONDS: String(CLAIM_LEASE_SECONDS),
          DASHBOARD_PUBLIC_URL: A,
        },
      });
      const child = spawn(process.execPath, server.args, {
        env: { ...process.env, ...server.env },
        stdio: "ignore",
      });
      children.push(child);
      return child;
    };
    const a = dashboard(E2E_INSTANCE_A_PORT, "a", hops[0]!);
    const b = dashboard(E2E_INSTANCE_B_PORT, "b", hops[1]!);
    await waitForHttp(service.readyUrl, 60_000, sandbox);
    await Promise.all([waitForHttp(`${A}/api/health`, 90_000, a), waitForHttp(`${B}/api/health`, 90_000, b)]);
    const store = await openPostgresStore({ url: cluster.url, poolSize: 2, sessionSecret: SESSION_SECRET });
    return {
      cluster,
      sent: { a: hops[0]!.paths, b: hops[1]!.paths },
      store,
      killA: () => stopChild(a),
      async stopAll() {
        await store.close().catch(() => undefined);
        await Promise.all(children.map(stopChild));
        closeHops();
        await cluster.stop();
      },
    };
  } catch (error) {
    await Promise.all(children.map(stopChild));
    closeHops();
    await cluster.stop();
    throw error;
  }
}

/**
 * The owner's receiver that "Connect this dashboard" made (the first test connects), with its
 * secret read from the shared store as the receiver itself reads it: deliveries signed with it
 * are the service's own, and every instance's pages already know the sink.
 */
export async function connectedSink(store: DashboardStore): Promise<{ id: string; secret: string }> {
  const subscriptions = await api<{ url: string }[]>(
    "GET",
    "/webhooks",
    undefined,
    "standard",
    INSTANCES_SANDBOX,
  );
  for (const { url } of subscriptions) {
    const id = sinkIdInUrl(url);
    const secret = id ? (await store.validSecrets(id))?.[0] : undefined;
    if (id && secret) return { id, secret };
  }
  throw new Error("The owner's account has no connected receiver: the first test connects it.");
}

/** A delivery as the service sends it; each event names its own listing so a page can tell them apart. */
export function deliver(
  base: string,
  sink: { id: string; secret: string },
  eventId: string,
): Promise<Response> {
  const body = JSON.stringify({
    id: eventId,
    type: "recommendations.updated",
    created_at: new Date().toISOString(),
    data: { listing_ids: [`lst_${eventId}`], market_id: "mkt_austin" },
  });
  return fetch(`${base}/api/webhooks/${sink.id}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svc-event-id": eventId,
      "svc-signature": sign(sink.secret, signingTime(), body),
    },
    body,
  });
}

/** An open event stream (what a page's EventSource reads), collecting every `change` it hears. */
export async function openStream(base: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`/api/events answered ${response.status}`);
  const changes: string[] = [];
  let connected = false;
  const feed = sseFrames(({ event, data, comments }) => {
    if (comments.includes("connected")) connected = true;
    if (event === "change" && data) changes.push(data);
  });
  void (async () => {
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  return {
    changes,
    connected: () => connected,
    /** How many changes named this event's listing. */
    count: (eventId: string) => changes.filter((c) => c.includes(`"lst_${eventId}"`)).length,
    close: () => controller.abort(),
  };
}
