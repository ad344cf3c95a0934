/**
 * `npm run bench:fanout`: one webhook delivery, received by instance A, reaching the live-update
 * streams open on two dashboard instances that share one PostgreSQL. A BENCHMARK,
 * not a test: it prints figures and asserts nothing (exit 0 whatever the figures; 1 when it
 * could not set up, 3 at the time cap).
 *
 * It builds the dashboard if needed and starts, on loopback: a throw-away PostgreSQL 15
 * cluster (bench/cluster.ts); the reference service on :4240; two counting forwarders to it on
 * :4241 and :4242 (one per instance, to count each instance's upstream requests); dashboards A
 * on :3240 and B on :3241 (`scripts/serve.mjs`, the production server) on one DATABASE_URL and
 * SESSION_SECRET, both with DASHBOARD_PUBLIC_URL = A. It signs in on A as the owner persona,
 * subscribes `<A>/api/webhooks/<sink>` at the service for the owner's key and writes that sink
 * (the service's secret, bound to the subscription) into the PostgreSQL store, as connecting
 * does. It then opens BENCH_CONNECTIONS (1,000) `GET /api/events` streams with the session's
 * cookie, alternately on A and B, each its own socket, and waits for every preamble. Then it
 * POSTs BENCH_DELIVERIES (50) signed `recommendations.updated` deliveries to A's receiver, one
 * at a time, BENCH_GAP_MS (100) apart, each naming its own listing id (`lst_fanout_<n>`).
 *
 * Fan-out time of a delivery: from A's `200 {"accepted": true}` (its body read) to the moment
 * the last stream received that delivery's `change`. A delivery some stream has not heard
 * BENCH_WAIT_MS (2000) after it was accepted is left behind; late arrivals still count.
 *
 * Target: fan-out p99 ≤ 250 ms at 1,000 connections. Bounded: loopback only, the counts
 * above, at most 180 s once the servers start; every child and the cluster are stopped.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { dashboardProcess, referenceServiceProcess } from "../scripts/server-pair.mjs";
import { newSinkId } from "../lib/server/dashboard-store";
import { openPostgresStore } from "../lib/server/postgres-store";
import { sign, signingTime } from "../sandbox/domain/webhooks/signing";
import { startBenchCluster } from "./cluster";
import { openStreams, Tally, type Instance, type Stream } from "./fanout-streams";
import { f, loadAverage, percentile } from "./load";
import { ROOT, SetupError, call, portInUse, runBench, sleep, start, stopChildren, waitFor } from "./servers";
import { startUpstreamCounter } from "./upstream-counter";

process.chdir(ROOT);

function numberEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw.trim() === "" ? fallback : Number(raw);
  if (!Number.isFinite(value)) console.error(`${name}=${raw} is not a number; using ${fallback}.`);
  return Number.isFinite(value) ? Math.round(Math.min(max, Math.max(min, value))) : fallback;
}

const PORTS = { A: 3240, B: 3241, sandbox: 4240, counterA: 4241, counterB: 4242 };
const URLS: Record<Instance, string> = { A: `http://127.0.0.1:${PORTS.A}`, B: `http://127.0.0.1:${PORTS.B}` };
const SANDBOX = `http://127.0.0.1:${PORTS.sandbox}`;
const SESSION_SECRET = "bench-fanout-session-secret-0123456789abcdef";
const DATA_DIR = path.join(".data", "bench-fanout");

const CONNECTIONS = numberEnv("BENCH_CONNECTIONS", 1000, 2, 5000);
const DELIVERIES = numberEnv("BENCH_DELIVERIES", 50, 1, 500);
const GAP_MS = numberEnv("BENCH_GAP_MS", 100, 0, 5000);
const WAIT_MS = numberEnv("BENCH_WAIT_MS", 2000, 100, 10_000);
const OPEN_BATCH = 50;
const TIME_CAP_S = 180;
const TARGET_P99_MS = 250;

/** This process's soft limit on open files (/proc/self/limits); Infinity when unknown. */
function openFilesLimit(): number {
  try {
    const line = readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === "unlimited" ? Infinity : Number(soft);
  } catch {
    return Infinity;
  }
}

const ms = (values: number[]) => {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => f(percentile(sorted, p));
  return `p50 ${at(50)}   p99 ${at(99)}   max ${sorted.length ? f(sorted[sorted.length - 1]!) : "n/a"}`;
};

async function signIn(): Promise<string> {
  for (const origin of [URLS.A, `http://localhost:${PORTS.A}`]) {
    const answer = await call(
      "POST",
      `${URLS.A}/api/session`,
      { "content-type": "application/json", origin },
      JSON.stringify({ persona: "owner" }),
      15_000,
    );
    const cookie = [answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("rmd_session="));
    if (answer.status === 200 && cookie) return cookie.split(";")[0]!;
    if (answer.status !== 403)
      throw new SetupError(`Sign-in as owner failed: HTTP ${answer.status} ${answer.body.slice(0, 300)}`);
  }
  throw new SetupError("Sign-in as owner was refused as a cross-site write from either origin.");
}

/** Subscribes A's receiver at the service for the owner's key and stores the bound sink. */
async function connectSink(databaseUrl: string): Promise<{ sinkId: string; secret: string }> {
  const personas = JSON.parse((await call("GET", `${SANDBOX}/_sandbox/personas`)).body) as Array<{
    persona: string;
    keys: Record<string, string>;
  }>;
  const keys = personas.find((p) => p.persona === "owner")?.keys;
  const apiKey = keys?.standard ?? Object.values(keys ?? {})[0]; // the key sign-in uses
  if (!apiKey) throw new SetupError("The reference service lists no key for the owner persona.");
  const sinkId = newSinkId();
  const created = await call(
    "POST",
    `${SANDBOX}/webhooks`,
    { "content-type": "application/json", "x-api-key": apiKey },
    JSON.stringify({ url: `${URLS.A}/api/webhooks/${sinkId}`, event_types: ["recommendations.updated"] }),
  );
  if (created.status !== 201)
    throw new SetupError(`POST /webhooks answered ${created.status}: ${created.body.slice(0, 300)}`);
  const subscription = JSON.parse(created.body) as { id: string; secret: string };
  const store = await openPostgresStore({ url: databaseUrl, poolSize: 1, sessionSecret: SESSION_SECRET });
  try {
    // As connect.ts does: the owner is the subscription, and the sink is bound to it.
    await store.createSink({
      id: sinkId,
      ownerAccountId: subscription.id,
      ownerLabel: "Bench fan-out",
      subscriptionId: subscription.id,
      secret: subscription.secret,
    });
  } finally {
    await store.close();
  }
  return { sinkId, secret: subscription.secret };
}

/** Delivery n, signed now; it names `lst_fanout_<n>` so that each stream knows which it heard. */
function delivery(runId: string, n: number, secret: string) {
  const id = `evt_fanout_${runId}_${n}`;
  const body = JSON.stringify({
    id,
    type: "recommendations.updated",
    created_at: new Date().toISOString(),
    data: { listing_ids: [`lst_fanout_${n}`], market_id: "mkt_bench_fanout" },
  });
  return {
    headers: {
      "content-type": "application/json",
      "svc-event-id": id,
      "svc-signature": sign(secret, signingTime(), body),
    },
    body,
  };
}

async function main(): Promise<number> {
  const limit = openFilesLimit();
  if (limit < CONNECTIONS + 200)
    throw new SetupError(
      `This shell allows ${limit} open files and the bench needs about ${CONNECTIONS + 200} (one socket per stream): run \`ulimit -n ${Math.max(4096, CONNECTIONS * 2)}\` first, or set BENCH_CONNECTIONS lower.`,
    );
  const { buildIfNeeded } = (await import("../scripts/build-if-needed.mjs")) as { buildIfNeeded: () => void };
  buildIfNeeded();
  for (const port of Object.values(PORTS))
    if (await portInUse(port))
      throw new SetupError(`Port ${port} is already in use; stop whatever listens there.`);

  const watchdog = setTimeout(() => {
    console.error(
      `\nThe bench exceeded its time cap (${TIME_CAP_S} s); stopping the servers and the cluster.`,
    );
    void stopChildren().finally(() => process.exit(3)); // the exit also stops the cluster
  }, TIME_CAP_S * 1000);
  watchdog.unref();

  const startedAt = performance.now();
  const cluster = await startBenchCluster();
  const serviceProcess = referenceServiceProcess({
    port: PORTS.sandbox,
    env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "100000000" },
  });
  const service = start("The reference service", serviceProcess.args, serviceProcess.env);
  await waitFor(serviceProcess.readyUrl, service, 60_000);
  const counters = {
    A: await startUpstreamCounter(PORTS.sandbox, PORTS.counterA),
    B: await startUpstreamCounter(PORTS.sandbox, PORTS.counterB),
  };
  const dashboards = (["A", "B"] as const).map((instance) => {
    const server = dashboardProcess({
      port: PORTS[instance],
      // Each instance believes the reference service is its own counting forwarder.
      servicePort: instance === "A" ? PORTS.counterA : PORTS.counterB,
      dataDir: DATA_DIR,
      env: { DATABASE_URL: cluster.url, SESSION_SECRET, DASHBOARD_PUBLIC_URL: URLS.A, DASHBOARD_ORIGIN: "" },
    });
    return start(`Dashboard ${instance}`, server.args, server.env);
  });
  await Promise.all(dashboards.map((child, i) => waitFor(`${URLS[i ? "B" : "A"]}/sign-in`, child, 120_000)));
  console.log(
    `Servers ready in ${f((performance.now() - startedAt) / 1000, 1)} s (PostgreSQL, service, A, B).`,
  );

  const cookie = await signIn();
  const { sinkId, secret } = await connectSink(cluster.url);
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, load average ${loadAverage()}; open files allowed ${limit}.`,
  );

  const marks = { A: counters.A.count(), B: counters.B.count() };
  let tally: Tally | null = null;
  const openedAt = performance.now();
  const streams = await openStreams({
    urls: { A: `${URLS.A}/api/events`, B: `${URLS.B}/api/events` },
    cookie,
    count: CONNECTIONS,
    batch: OPEN_BATCH,
    timeoutMs: 30_000,
    tally: () => tally,
  });
  const openSeconds = (performance.now() - openedAt) / 1000;
  const on = (instance: Instance) => streams.filter((s) => s.instance === instance);
  const connected = streams.filter((s) => s.connected);
  console.log(
    `Streams: ${connected.length} of ${CONNECTIONS} connected in ${f(openSeconds, 1)} s (A ${on("A").filter((s) => s.connected).length}, B ${on("B").filter((s) => s.connected).length}).`,
  );
  const failures = streams.filter((s) => !s.connected).map((s) => s.error ?? "no preamble");
  if (failures.length) console.log(`  not connected: ${[...new Set(failures)].slice(0, 5).join(" | ")}`);
  for (const instance of ["A", "B"] as const) {
    const upstream = counters[instance].since(marks[instance]);
    console.log(
      `  upstream requests by ${instance} while its streams opened: ${upstream.length} (${upstream.filter((r) => r === "GET /webhooks").length} GET /webhooks)`,
    );
  }
  if (connected.length === 0) throw new SetupError("No event stream connected; nothing to measure.");
  const t = new Tally(DELIVERIES, connected);
  tally = t;

  console.log(
    `Deliveries: ${DELIVERIES} to A's receiver, one at a time, ${GAP_MS} ms apart; each waits ≤ ${WAIT_MS} ms for every stream.\n`,
  );
  const runId = Date.now().toString(36);
  const acceptedAt = new Float64Array(DELIVERIES + 1).fill(Number.NaN);
  const answerMs: number[] = [];
  const refused: string[] = [];
  for (let n = 1; n <= DELIVERIES; n++) {
    const { headers, body } = delivery(runId, n, secret);
    const sentAt = performance.now();
    const answer = await call("POST", `${URLS.A}/api/webhooks/${sinkId}`, headers, body).catch(
      (error: unknown) => ({ status: 0, body: error instanceof Error ? error.message : String(error) }),
    );
    const at = performance.now();
    if (answer.status === 200 && answer.body.includes('"accepted":true')) {
      acceptedAt[n] = at;
      answerMs.push(at - sentAt);
      await t.everyoneHeard(n, WAIT_MS);
    } else refused.push(`#${n}: HTTP ${answer.status} ${answer.body.slice(0, 120)}`);
    if (GAP_MS) await sleep(GAP_MS);
  }
  await sleep(Math.min(WAIT_MS, 1000)); // late arrivals

  const accepted = Array.from({ length: DELIVERIES }, (_, i) => i + 1).filter((n) => acceptedAt[n]! > 0);
  /** Fan-out times over the deliveries every given stream heard; how many it missed. */
  const fanOut = (group: Stream[], instance?: Instance) => {
    const times: number[] = [];
    let incomplete = 0;
    for (const n of accepted) {
      if (group.some((s) => !s.heard.has(n))) incomplete++;
      else {
        const last = instance ? t.lastAt[instance][n]! : Math.max(t.lastAt.A[n]!, t.lastAt.B[n]!);
        times.push(Math.max(0, last - acceptedAt[n]!));
      }
    }
    const missedAny = group.filter((s) => accepted.some((n) => !s.heard.has(n))).length;
    const missedAll = group.filter((s) => accepted.every((n) => !s.heard.has(n))).length;
    return { times, incomplete, missedAny, missedAll };
  };

  const all = fanOut(connected);
  console.log(
    `deliveries             ${accepted.length} accepted (200), ${refused.length} refused; answer ms ${ms(answerMs)}`,
  );
  if (refused.length) console.log(`refused                ${refused.slice(0, 3).join(" | ")}`);
  console.log(
    `fan-out ms             ${ms(all.times)}   (${all.times.length} deliveries heard by all ${connected.length} streams; ${all.incomplete} not)`,
  );
  for (const instance of ["A", "B"] as const) {
    const group = connected.filter((s) => s.instance === instance);
    const part = fanOut(group, instance);
    console.log(
      `  on ${instance} (${String(group.length).padStart(4)} streams)  ${ms(part.times)}   ${part.incomplete} deliveries not heard by all; ${part.missedAny} streams missed some, ${part.missedAll} missed all`,
    );
  }
  console.log(
    `missed                 ${all.missedAny} of ${connected.length} streams missed at least one event; ${connected.filter((s) => s.closedEarly).length} closed early; ${connected.reduce((n, s) => n + s.other, 0)} other change events`,
  );
  console.log(`cores                  ${cpus.length} (load average now ${loadAverage()})`);
  const p99 = percentile(Float64Array.from(all.times).sort(), 99);
  const met = all.incomplete === 0 && connected.length === CONNECTIONS && p99 <= TARGET_P99_MS;
  console.log(
    `target                 fan-out p99 ≤ ${TARGET_P99_MS} ms at ${CONNECTIONS} connections, none missed: ${met ? "met" : "NOT MET"} (${f(p99)} ms, ${all.missedAny} streams missed events)`,
  );

  for (const stream of streams) stream.close();
  await Promise.all([counters.A.close(), counters.B.close()]);
  await stopChildren();
  await cluster.stop();
  return 0;
}

void runBench(main);
