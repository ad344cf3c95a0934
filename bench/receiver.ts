/**
 * `npm run bench:receiver`: the dashboard's webhook receiver under load. A BENCHMARK, not a
 * test: it prints figures and asserts nothing (exit 0 whatever the figures; 1 when the
 * dashboard could not be built or started, 3 at the time cap).
 *
 * It builds the dashboard if needed, creates a receiver sink by opening the bench's own store
 * directly, starts the built dashboard alone (`next start` on :3230, no reference service: the
 * receiver never calls it), then POSTs deliveries signed with the reference service's own
 * signer, each with a unique event id, closed-loop at BENCH_CONCURRENCY (20) for BENCH_SECONDS
 * (10) after BENCH_WARMUP_SECONDS (3). Every answer counted as a success is a 200
 * `{"accepted": true}` given after the commit. Afterwards it counts what the store holds and
 * how much was processed.
 *
 * `--store=sqlite` (the default): the SQLite file `.data/bench-receiver/dashboard.db`, emptied
 * first. `--store=postgres`: a throw-away PostgreSQL 15 cluster (bench/cluster.ts), the
 * dashboard started with DATABASE_URL. `--store=both`: SQLite, then PostgreSQL, with the same
 * settings, side by side (receiver-stores.ts).
 *
 * Targets: at least 1,000 verified, durably stored deliveries/s with p99 ≤ 50 ms at
 * concurrency 20; PostgreSQL keeps ≥ 70 % of SQLite's deliveries/s.
 * Bounded: loopback only, ≤ 100,000 requests per store, ≤ 180 s per store once its server
 * starts; the cluster is always stopped.
 */
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sign, signingTime } from "../sandbox/domain/webhooks/signing";
import { f, keepAliveAgent, loadAverage, runLoad, summarize, type Summary } from "./load";
import {
  STORE_LABEL,
  prepareStore,
  processCpuSeconds,
  storesFromArgs,
  type StoreKind,
} from "./receiver-stores";
import { ROOT, SetupError, portInUse, sleep, start, stopChild, stopChildren, waitFor } from "./servers";

process.chdir(ROOT);

function numberEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw.trim() === "" ? fallback : Number(raw);
  if (!Number.isFinite(value)) {
    console.error(`${name}=${raw} is not a number; using ${fallback}.`);
    return fallback;
  }
  return Math.min(max, Math.max(min, value));
}

const PORT = 3230;
const DASHBOARD = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(".data", "bench-receiver");
// The bench's own secret: the server and this process must derive the same store key.
const SESSION_SECRET = "bench-receiver-session-secret-0123456789abcdef";
const WEBHOOK_SECRET = "whsec_" + "be".repeat(32);

const CONCURRENCY = Math.round(numberEnv("BENCH_CONCURRENCY", 20, 1, 256));
const SECONDS = numberEnv("BENCH_SECONDS", 10, 1, 60);
const WARMUP_SECONDS = numberEnv("BENCH_WARMUP_SECONDS", 3, 0, 20);
const MAX_REQUESTS = 100_000;
const WARMUP_CAP = 20_000;
const MAX_SECONDS_PER_STORE = 180;
const TARGET_RPS = 1000;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.7;

/** Each call: a new event, signed now, as the service sends it. */
function deliveries(runId: string) {
  let n = 0;
  const markets = ["mkt_austin", "mkt_lisbon", "mkt_mexico_city", "mkt_barcelona"];
  return () => {
    n++;
    const id = `evt_bench_${runId}_${n}`;
    const body = JSON.stringify({
      id,
      type: "recommendations.updated",
      created_at: new Date().toISOString(),
      data: { listing_ids: [`lst_${n % 41}`, `lst_${(n + 7) % 41}`], market_id: markets[n % markets.length] },
    });
    return {
      headers: {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "svc-event-id": id,
        "svc-signature": sign(WEBHOOK_SECRET, signingTime(), body),
      },
      body,
    };
  };
}

interface Figures {
  kind: StoreKind;
  s: Summary;
  serverUs: number;
}

/** One store: a fresh store and sink, the dashboard on it, warm-up, the measured run, the count. */
async function measure(kind: StoreKind): Promise<Figures> {
  const store = await prepareStore(kind, {
    dataDir: DATA_DIR,
    sessionSecret: SESSION_SECRET,
    webhookSecret: WEBHOOK_SECRET,
  });
  const watchdog = setTimeout(() => {
    console.error(`\nThe bench exceeded its time cap (${MAX_SECONDS_PER_STORE} s); stopping the servers.`);
    void stopChildren().finally(() => process.exit(3)); // the exit also stops the cluster
  }, MAX_SECONDS_PER_STORE * 1000);
  watchdog.unref();
  try {
    const startedAt = performance.now();
    const dashboard = start(
      "The dashboard",
      ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"],
      {
        ...store.env,
        SESSION_SECRET,
        SVC_BASE_URL: "",
        DASHBOARD_ORIGIN: "",
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    );
    const url = `${DASHBOARD}/api/webhooks/${store.sink.id}`;
    // A GET answers 405 from the receiver route itself: the route is compiled and loaded.
    await waitFor(url, dashboard, 120_000);
    console.log(`Dashboard ready in ${f((performance.now() - startedAt) / 1000, 1)} s.`);
    console.log(`Durability: ${store.durability}\n`);

    const agent = keepAliveAgent(CONCURRENCY);
    const common = { url, agent, concurrency: CONCURRENCY, method: "POST", expectStatus: 200 };
    if (WARMUP_SECONDS > 0) {
      const warm = await runLoad({
        ...common,
        durationMs: WARMUP_SECONDS * 1000,
        maxRequests: WARMUP_CAP,
        makeRequest: deliveries("warmup"),
      });
      console.log(`warm-up                ${warm.requests} deliveries, ${warm.errors} errors`);
    }
    const serverCpu0 = processCpuSeconds(dashboard.proc.pid);
    const clientCpu0 = process.cpuUsage();
    const run = await runLoad({
      ...common,
      durationMs: SECONDS * 1000,
      maxRequests: MAX_REQUESTS - WARMUP_CAP,
      makeRequest: deliveries("measured"),
    });
    const serverCpu1 = processCpuSeconds(dashboard.proc.pid);
    const clientCpu = process.cpuUsage(clientCpu0);
    agent.destroy();
    const s = summarize([run]);
    const perRequestUs = (seconds: number) => (s.requests ? (seconds / s.requests) * 1e6 : Number.NaN);

    // What the store holds: every accepted delivery stored once; processing catches up.
    const check = await store.open();
    let pending = (await check.pendingEvents(MAX_REQUESTS)).length;
    for (let waited = 0; pending > 0 && waited < 5000; waited += 100) {
      await sleep(100);
      pending = (await check.pendingEvents(MAX_REQUESTS)).length;
    }
    const inbox = await check.listInbox("usr_bench", MAX_REQUESTS * 2);
    const measured = inbox.filter((e) => e.eventId.startsWith("evt_bench_measured_"));
    const failed = inbox.filter((e) => e.state === "failed").length;
    await check.close();
    await stopChild(dashboard);

    console.log(
      `measured               ${s.requests} deliveries in ${f(s.elapsedMs / 1000)} s, ${s.errors} errors`,
    );
    if (run.errorSamples.length) console.log(`error samples          ${run.errorSamples.join(" | ")}`);
    console.log(`deliveries/s           ${f(s.rps, 0)}`);
    console.log(
      `latency ms             p50 ${f(s.p50)}   p90 ${f(s.p90)}   p99 ${f(s.p99)}   max ${f(s.max)}`,
    );
    console.log(
      `store                  ${measured.length} measured events stored (accepted ${s.requests - s.errors}), ${inbox.length} in all; ${pending} still pending, ${failed} failed`,
    );
    const serverUs =
      serverCpu0 !== null && serverCpu1 !== null ? perRequestUs(serverCpu1 - serverCpu0) : Number.NaN;
    const clientUs = perRequestUs((clientCpu.user + clientCpu.system) / 1e6);
    console.log(`CPU µs per delivery    dashboard ${f(serverUs, 0)}   load generator ${f(clientUs, 0)}`);
    console.log(`cores                  ${os.cpus().length} (load average now ${loadAverage()})`);
    const rpsMet = s.rps >= TARGET_RPS && s.errors === 0;
    const p99Met = s.p99 <= TARGET_P99_MS;
    console.log(
      `target                 ≥ ${TARGET_RPS}/s: ${rpsMet ? "met" : "NOT MET"} (${f(s.rps, 0)}/s); p99 ≤ ${TARGET_P99_MS} ms: ${p99Met ? "met" : "NOT MET"} (${f(s.p99)} ms)`,
    );
    return { kind, s, serverUs };
  } finally {
    clearTimeout(watchdog);
    await store.stop();
  }
}

/** `--store=both`: the two runs side by side, and what PostgreSQL keeps of SQLite's rate. */
function compare(runs: Figures[]) {
  const sqlite = runs.find((r) => r.kind === "sqlite");
  const postgres = runs.find((r) => r.kind === "postgres");
  if (!sqlite || !postgres) return;
  const row = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(12) : cell.padStart(i === 1 ? 14 : 9))).join("");
  console.log(
    `\nSide by side (concurrency ${CONCURRENCY}, ${SECONDS} s measured after a ${WARMUP_SECONDS} s warm-up each):\n`,
  );
  console.log(row(["store", "deliveries/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "CPU µs"]));
  console.log("-".repeat(12 + 14 + 9 * 6));
  for (const { kind, s, serverUs } of [sqlite, postgres])
    console.log(
      row([
        STORE_LABEL[kind],
        f(s.rps, 0),
        f(s.p50),
        f(s.p90),
        f(s.p99),
        f(s.max),
        String(s.errors),
        f(serverUs, 0),
      ]),
    );
  const ratio = sqlite.s.rps > 0 ? postgres.s.rps / sqlite.s.rps : Number.NaN;
  console.log("(CPU µs: the dashboard's CPU time per delivery.)\n");
  console.log(
    `PostgreSQL keeps ${f(ratio * 100, 0)} % of SQLite's deliveries per second (target ≥ ${TARGET_RATIO * 100} %: ${ratio >= TARGET_RATIO ? "met" : "NOT MET"}).`,
  );
  const p99 = (s: Summary) => `${f(s.p99)} ms (${s.p99 <= TARGET_P99_MS ? "met" : "NOT MET"})`;
  console.log(`p99 (target ≤ ${TARGET_P99_MS} ms): SQLite ${p99(sqlite.s)}, PostgreSQL ${p99(postgres.s)}.`);
}

async function main(): Promise<number> {
  const kinds = storesFromArgs(process.argv.slice(2));
  const buildScript = pathToFileURL(path.join(ROOT, "scripts", "build-if-needed.mjs")).href;
  const { buildIfNeeded } = (await import(buildScript)) as {
    buildIfNeeded: (o?: { force?: boolean }) => void;
  };
  buildIfNeeded();
  if (await portInUse(PORT))
    throw new SetupError(`Port ${PORT} is already in use; stop whatever listens there.`);

  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, load average ${loadAverage()}.`,
  );
  console.log(
    `Receiver: POST ${DASHBOARD}/api/webhooks/<sink>, concurrency ${CONCURRENCY}, ${SECONDS} s measured after a ${WARMUP_SECONDS} s warm-up.`,
  );
  const runs: Figures[] = [];
  for (const kind of kinds) {
    if (kinds.length > 1) console.log(`\n=== ${STORE_LABEL[kind]} ===`);
    runs.push(await measure(kind));
  }
  compare(runs);
  return 0;
}

main()
  .then(async (code) => {
    await stopChildren();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof SetupError ? error.message : error);
    await stopChildren();
    process.exit(1);
  });
