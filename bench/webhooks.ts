/**
 * `npm run bench:webhooks`: the webhook delivery engine's throughput, and GET /usage over
 * 50,000 recorded requests. A BENCHMARK, not a test: it prints figures and asserts nothing
 * (exit 0 whatever the figures; 1 when it could not set up, 3 when it hit its time cap).
 *
 * Part 1. An in-process reference service on a temporary SQLite FILE (deliveries are stored
 * before they are sent, as in production), the owner persona's 10 subscriptions (the limit)
 * pointing at a receiver on 127.0.0.1 that runs in a worker thread, answers 200 and checks
 * every signature with its own HMAC code. BENCH_WEBHOOK_DELIVERIES closed batch windows are
 * written to webhook_pending; the engine closes them into envelopes and sends them all.
 *
 * Part 2. 50,000 synthetic rows in usage_requests for the owner's keys across 7 days, then
 * GET /usage over loopback HTTP 20 times, each with a start_time one millisecond apart so
 * that the 120 s cache never answers.
 *
 * Env: BENCH_WEBHOOK_DELIVERIES (6000; 1000..50000), BENCH_WEBHOOK_DB=memory for :memory:,
 *      BENCH_USAGE_ROWS (50000; 1000..200000), BENCH_USAGE_CALLS (20; 5..100).
 * Bounded: loopback only, the counts above, and at most 180 s in all.
 */
import { mulberry32 } from "../sandbox/data/random";
import { serve } from "@hono/node-server";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { createSandbox, type Sandbox } from "../sandbox/app";
import { isoTimestamp } from "../sandbox/clock";
import { testSandboxConfig } from "../sandbox/config";
import { BATCH_WINDOW_MS, windowStart } from "../sandbox/domain/webhooks/events";
import { closeWindows } from "../sandbox/domain/webhooks/windows";
import { percentile } from "./load";

const TIME_CAP_MS = 180_000;
const DELIVERY_TARGET_PER_S = 500;
const USAGE_TARGET_MS = 200;

function numberEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw.trim() === "" ? fallback : Number(raw);
  return Number.isFinite(value) ? Math.round(Math.min(max, Math.max(min, value))) : fallback;
}

const DELIVERIES = numberEnv("BENCH_WEBHOOK_DELIVERIES", 6000, 1000, 50_000);
const USAGE_ROWS = numberEnv("BENCH_USAGE_ROWS", 50_000, 1000, 200_000);
const USAGE_CALLS = numberEnv("BENCH_USAGE_CALLS", 20, 5, 100);
const IN_MEMORY = process.env.BENCH_WEBHOOK_DB === "memory";

const watchdog = setTimeout(() => {
  console.error(`\nTime cap of ${TIME_CAP_MS / 1000} s reached; stopping.`);
  process.exit(3);
}, TIME_CAP_MS);
watchdog.unref();

const ms = (value: number) => value.toFixed(2).padStart(8);
const met = (ok: boolean) => (ok ? "met" : "NOT MET");

// ---------------------------------------------------------------------------------------------
// The receiver: a worker thread, so that its HTTP parsing and HMAC checks do not share the
// engine's thread. Its signature check is written here, independently of sandbox/domain/webhooks.

const RECEIVER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const http = require("node:http");
const { createHmac, timingSafeEqual } = require("node:crypto");
let secrets = new Map();
const stats = { requests: 0, verified: 0, badSignature: 0, staleT: 0, duplicateIds: 0 };
const seen = new Set();
function check(secret, header, body) {
  const parts = {};
  for (const kv of String(header || "").split(",")) {
    const i = kv.indexOf("=");
    if (i > 0) parts[kv.slice(0, i)] = kv.slice(i + 1);
  }
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== "string") return "bad";
  if (Math.abs(Date.now() / 1000 - t) > 300) return "stale";
  const want = Buffer.from(createHmac("sha256", secret).update(t + "." + body).digest("hex"));
  const got = Buffer.from(parts.v1);
  return want.length === got.length && timingSafeEqual(want, got) ? "ok" : "bad";
}
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    stats.requests++;
    const body = Buffer.concat(chunks).toString("utf8");
    const verdict = check(secrets.get(req.url) || "", req.headers["svc-signature"], body);
    if (verdict === "ok") stats.verified++; else if (verdict === "stale") stats.staleT++; else stats.badSignature++;
    const id = req.headers["svc-event-id"];
    if (seen.has(id)) stats.duplicateIds++; else seen.add(id);
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"received":true}');
  });
});
server.keepAliveTimeout = 30000;
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ type: "listening", port: server.address().port }));
parentPort.on("message", (m) => {
  if (m.type === "secrets") { secrets = new Map(Object.entries(m.secrets)); parentPort.postMessage({ type: "ok" }); }
  if (m.type === "stats") parentPort.postMessage({ type: "stats", stats });
  if (m.type === "close") { server.closeAllConnections(); server.close(() => process.exit(0)); }
});
`;

type ReceiverStats = {
  requests: number;
  verified: number;
  badSignature: number;
  staleT: number;
  duplicateIds: number;
};

function startReceiverWorker() {
  const worker = new Worker(RECEIVER_SOURCE, { eval: true });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string } & T) => {
        if (m.type !== type) return;
        worker.off("message", onMessage);
        resolve(m);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    });
  return {
    ready: next<{ port: number }>("listening"),
    async setSecrets(secrets: Record<string, string>) {
      const ok = next("ok");
      worker.postMessage({ type: "secrets", secrets });
      await ok;
    },
    async stats(): Promise<ReceiverStats> {
      const answer = next<{ stats: ReceiverStats }>("stats");
      worker.postMessage({ type: "stats" });
      return (await answer).stats;
    },
    close: () => worker.postMessage({ type: "close" }),
  };
}

async function request(sandbox: Sandbox, method: string, url: string, key: string, body?: unknown) {
  const res = await sandbox.app.request(url, {
    method,
    headers: { "X-API-Key": key, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

// ---------------------------------------------------------------------------------------------

async function benchDeliveries(sandbox: Sandbox, owner: { id: string; key: string }) {
  const receiver = startReceiverWorker();
  const { port } = await receiver.ready;
  const secrets: Record<string, string> = {};
  const subIds: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const res = await request(sandbox, "POST", "/webhooks", owner.key, {
      url: `http://127.0.0.1:${port}/hook/${i}`,
      event_types: ["flags.detected"],
    });
    if (res.status !== 201)
      throw new Error(`POST /webhooks answered ${res.status}: ${JSON.stringify(res.json)}`);
    secrets[`/hook/${i}`] = res.json.secret as string;
    subIds.push(res.json.id as string);
  }
  await receiver.setSecrets(secrets);

  const listings = (
    sandbox.ctx.db
      .prepare(`SELECT svc_id FROM listings WHERE owner_user_id = ? ORDER BY svc_id LIMIT 3`)
      .all(owner.id) as Array<{ svc_id: string }>
  ).map((l) => l.svc_id);
  const windows = Math.ceil(DELIVERIES / subIds.length);
  const latest = windowStart(sandbox.ctx.clock.nowMs()) - BATCH_WINDOW_MS;
  const insert = sandbox.ctx.db.prepare(
    `INSERT INTO webhook_pending (subscription_id, event_type, market_id, window_start_ms, listing_svc_id)
     VALUES (?, 'flags.detected', '', ?, ?)`,
  );
  sandbox.ctx.db.transaction(() => {
    for (const sub of subIds)
      for (let w = 0; w < windows; w += 1)
        for (const listing of listings) insert.run(sub, latest - w * BATCH_WINDOW_MS, listing);
  })();
  const expected = windows * subIds.length;

  const closeStarted = performance.now();
  const envelopes = closeWindows(sandbox.ctx, sandbox.ctx.clock.nowMs());
  const closeMs = performance.now() - closeStarted;

  const cpuBefore = process.cpuUsage();
  const sendStarted = performance.now();
  await sandbox.engine.runDue();
  const sendMs = performance.now() - sendStarted;
  const cpu = process.cpuUsage(cpuBefore);

  const attempts = sandbox.ctx.db
    .prepare(`SELECT status, duration_ms FROM webhook_attempts ORDER BY duration_ms`)
    .all() as Array<{ status: string; duration_ms: number | null }>;
  const succeeded = attempts.filter((a) => a.status === "succeeded").length;
  const failed = attempts.filter((a) => a.status === "failed").length;
  const durations = Float64Array.from(
    attempts.filter((a) => a.duration_ms !== null).map((a) => a.duration_ms!),
  );
  durations.sort();
  const stats = await receiver.stats();
  receiver.close();

  const rate = (succeeded / sendMs) * 1000;
  const rateWithClose = (succeeded / (sendMs + closeMs)) * 1000;
  console.log(`Part 1: webhook deliveries (${IN_MEMORY ? ":memory:" : "SQLite file, WAL"} database)`);
  console.log(
    `  subscriptions          10 (owner persona, the limit), receiver on 127.0.0.1:${port} (worker thread)`,
  );
  console.log(
    `  closed windows         ${envelopes} envelopes from ${expected * listings.length} pending rows in ${closeMs.toFixed(0)} ms`,
  );
  console.log(`  runDue                 ${succeeded} delivered, ${failed} failed in ${sendMs.toFixed(0)} ms`);
  console.log(
    `  deliveries/s           ${rate.toFixed(0)} (sending)   ${rateWithClose.toFixed(0)} (closing windows + sending)`,
  );
  console.log(
    `  send latency ms        p50 ${ms(percentile(durations, 50))}   p99 ${ms(percentile(durations, 99))}   max ${ms(durations[durations.length - 1] ?? NaN)}`,
  );
  console.log(
    `  process CPU            ${((cpu.user + cpu.system) / Math.max(1, succeeded)).toFixed(0)} µs per delivery (engine and receiver threads together)`,
  );
  console.log(
    `  receiver               ${stats.requests} requests, ${stats.verified} signatures verified, ${stats.badSignature} bad, ${stats.staleT} stale t, ${stats.duplicateIds} repeated event ids`,
  );
  console.log(
    `  target                 ≥ ${DELIVERY_TARGET_PER_S} signed deliveries/s: ${met(rate >= DELIVERY_TARGET_PER_S && stats.verified === succeeded && succeeded === expected)}`,
  );
}

// ---------------------------------------------------------------------------------------------

const ROUTES: Array<[string, string]> = [
  ["GET", "/listings"],
  ["GET", "/listings/{listing_id}"],
  ["GET", "/listings/{listing_id}/kpis"],
  ["GET", "/listings/{listing_id}/reservations"],
  ["PUT", "/listings/{listing_id}/tags"],
  ["GET", "/sets"],
  ["GET", "/webhooks"],
  ["POST", "/webhooks"],
  ["GET", "/usage"],
  ["DELETE", "/api_keys/{token_id}"],
];

async function benchUsage(sandbox: Sandbox, owner: { id: string; key: string }) {
  const tokens = (
    sandbox.ctx.db
      .prepare(`SELECT token_id FROM api_keys WHERE user_id = ? ORDER BY token_id`)
      .all(owner.id) as Array<{
      token_id: string;
    }>
  ).map((t) => t.token_id);
  const now = sandbox.ctx.clock.nowMs();
  const span = 7 * 86_400_000 - 120_000;
  const random = mulberry32(2026);
  const insert = sandbox.ctx.db.prepare(
    `INSERT INTO usage_requests (at_ms, token_id, user_id, method, route, status, latency_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertStarted = performance.now();
  sandbox.ctx.db.transaction(() => {
    for (let i = 0; i < USAGE_ROWS; i += 1) {
      const [method, route] = ROUTES[Math.floor(random() * ROUTES.length)]!;
      const roll = random();
      const status = roll < 0.9 ? 200 : roll < 0.94 ? 400 : roll < 0.97 ? 404 : roll < 0.99 ? 429 : 500;
      const latency = Math.round(2 + -Math.log(1 - random()) * 25 * 100) / 100;
      insert.run(
        now - 60_000 - Math.floor(random() * span),
        tokens[i % tokens.length],
        owner.id,
        method,
        route,
        status,
        latency,
      );
    }
  })();
  const insertMs = performance.now() - insertStarted;

  const server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const end = new Date(sandbox.ctx.clock.nowMs());
  const query = (i: number) => {
    const start = new Date(end.getTime() - 7 * 86_400_000 + 1 + i).toISOString();
    return `/usage?start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end.toISOString())}`;
  };
  const call = async (url: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { "X-API-Key": owner.key } });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - started };
  };

  console.log(
    `\nPart 2: GET /usage over ${USAGE_ROWS.toLocaleString("en")} recorded requests (inserted in ${insertMs.toFixed(0)} ms)`,
  );
  const first = await call(query(0)); // warm-up, not counted
  if (first.status !== 200) {
    console.log(`  GET /usage answered ${first.status}: ${first.text.slice(0, 300)}`);
    console.log(
      first.status === 501
        ? "  GET /usage is not implemented in the reference service yet: no figure. The bench is ready to run once it is."
        : "  No figure: the report did not answer 200.",
    );
    console.log(`  target                 ≤ ${USAGE_TARGET_MS} ms: not measured`);
    server.close();
    return;
  }
  const times: number[] = [];
  let last = first;
  for (let i = 1; i <= USAGE_CALLS; i += 1) {
    last = await call(query(i));
    if (last.status !== 200)
      throw new Error(`GET /usage answered ${last.status}: ${last.text.slice(0, 300)}`);
    times.push(last.ms);
  }
  server.close();
  const sorted = Float64Array.from(times).sort();
  const report = JSON.parse(last.text) as {
    window: { truncated: boolean };
    totals: { requests: number };
    by_endpoint: unknown[];
    generated_at: string;
  };
  const distinct = new Set([first.text, last.text]).size === 2 ? "fresh" : "SAME BODY (cache answered?)";
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(
    `  calls                  ${USAGE_CALLS} over loopback HTTP, distinct start_time each (${distinct}), after 1 warm-up`,
  );
  console.log(
    `  report                 totals.requests ${report.totals.requests}, truncated ${report.window.truncated}, ${report.by_endpoint.length} endpoint rows, ${last.text.length} bytes`,
  );
  console.log(
    `  latency ms             median ${ms(p50)}   p99 ${ms(p99)}   min ${ms(sorted[0]!)}   max ${ms(sorted[sorted.length - 1]!)}`,
  );
  console.log(
    `  target                 ≤ ${USAGE_TARGET_MS} ms: median ${met(p50 <= USAGE_TARGET_MS)} (${p50.toFixed(1)} ms), p99 ${met(p99 <= USAGE_TARGET_MS)} (${p99.toFixed(1)} ms)`,
  );
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const dbPath = IN_MEMORY
    ? ":memory:"
    : path.join(os.tmpdir(), `bench-webhooks-${process.pid}-${randomBytes(4).toString("hex")}.db`);
  const cleanup = () => {
    if (!IN_MEMORY) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  };
  process.on("exit", cleanup);
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}. Deliveries ${DELIVERIES}, usage rows ${USAGE_ROWS}.`,
  );
  const sandbox = createSandbox(
    testSandboxConfig({ dbPath, rateLimitPerMinute: 1_000_000, writeLatencyMs: 0, webhookTimeoutMs: 15_000 }),
  );
  const owner = sandbox.ctx.db
    .prepare(
      `SELECT u.id, k.demo_key AS key FROM users u JOIN api_keys k ON k.user_id = u.id
       WHERE u.persona = 'owner' AND k.kind = 'standard' AND k.demo_key IS NOT NULL LIMIT 1`,
    )
    .get() as { id: string; key: string } | undefined;
  if (!owner) throw new Error("the owner persona has no standard key");
  console.log(`Service clock ${isoTimestamp(sandbox.ctx.clock.now())}.\n`);
  await benchDeliveries(sandbox, owner);
  await benchUsage(sandbox, owner);
  sandbox.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("bench:webhooks could not run:", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
