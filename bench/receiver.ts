/**
 * `npm run bench:receiver`: the dashboard's webhook receiver under load. A BENCHMARK, not a
 * test: it prints figures and asserts nothing (exit 0 whatever the figures; 1 when the
 * dashboard could not be built or started, 3 at the time cap).
 *
 * It builds the dashboard if needed, creates a receiver sink by opening the bench's own store
 * file directly (`.data/bench-receiver/dashboard.db`, emptied first), starts the built dashboard
 * alone (`next start` on :3230, no reference service: the receiver never calls it), then POSTs
 * deliveries signed with the reference service's own signer, each with a unique event id,
 * closed-loop at BENCH_CONCURRENCY (20) for BENCH_SECONDS (10) after BENCH_WARMUP_SECONDS (3).
 * Every answer counted as a success is a 200 `{"accepted": true}` given after the durable
 * commit. Afterwards it counts what the store holds and how much was processed.
 *
 * Target (issue 7): at least 1,000 verified, durably stored deliveries/s with p99 ≤ 50 ms at
 * concurrency 20. Bounded: loopback only, ≤ 100,000 requests, ≤ 180 s once the server starts.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openStore } from "../lib/server/sqlite-store";
import { sign, signingTime } from "../sandbox/domain/webhooks/signing";
import { keepAliveAgent, runLoad, summarize } from "./load";
import { ROOT, SetupError, portInUse, sleep, start, stopChildren, waitFor } from "./servers";

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
const MAX_TOTAL_SECONDS = 180;
const TARGET_RPS = 1000;
const TARGET_P99_MS = 50;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function processCpuSeconds(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(file, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / 100 : null; // USER_HZ is 100 on mainstream Linux
}

const f = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

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

async function main(): Promise<number> {
  const buildScript = pathToFileURL(path.join(ROOT, "scripts", "build-if-needed.mjs")).href;
  const { buildIfNeeded } = (await import(buildScript)) as {
    buildIfNeeded: (o?: { force?: boolean }) => void;
  };
  buildIfNeeded();
  if (await portInUse(PORT))
    throw new SetupError(`Port ${PORT} is already in use; stop whatever listens there.`);

  // A fresh store file, and the sink, written directly into it before the server starts.
  for (const suffix of ["", "-wal", "-shm"])
    rmSync(path.join(DATA_DIR, `dashboard.db${suffix}`), { force: true });
  const setup = openStore({ dataDir: DATA_DIR, sessionSecret: SESSION_SECRET });
  const sink = await setup.createSink({
    ownerAccountId: "usr_bench",
    ownerLabel: "Bench",
    subscriptionId: null,
    secret: WEBHOOK_SECRET,
  });
  await setup.close();

  const watchdog = setTimeout(() => {
    console.error(`\nThe bench exceeded its time cap (${MAX_TOTAL_SECONDS} s); stopping the server.`);
    void stopChildren().finally(() => process.exit(3));
  }, MAX_TOTAL_SECONDS * 1000);
  watchdog.unref();

  const startedAt = performance.now();
  const dashboard = start(
    "The dashboard",
    ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"],
    {
      DATA_DIR,
      SESSION_SECRET,
      SVC_BASE_URL: "",
      DASHBOARD_ORIGIN: "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  );
  // A GET answers 405 from the receiver route itself: the route is compiled and loaded.
  await waitFor(`${DASHBOARD}/api/webhooks/${sink.id}`, dashboard, 120_000);
  console.log(`Dashboard ready in ${f((performance.now() - startedAt) / 1000, 1)} s.`);

  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => f(l))
      .join(" ")}.`,
  );
  console.log(
    `Receiver: POST ${DASHBOARD}/api/webhooks/<sink>, concurrency ${CONCURRENCY}, ${SECONDS} s measured after a ${WARMUP_SECONDS} s warm-up.`,
  );
  console.log(
    "Durability: SQLite WAL, synchronous = NORMAL (each answer follows its commit to the WAL; fsync at checkpoints), concurrent inserts grouped into one commit.\n",
  );

  const url = `${DASHBOARD}/api/webhooks/${sink.id}`;
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
  const check = openStore({ dataDir: DATA_DIR, sessionSecret: SESSION_SECRET });
  let pending = (await check.pendingEvents(MAX_REQUESTS)).length;
  for (let waited = 0; pending > 0 && waited < 5000; waited += 100) {
    await sleep(100);
    pending = (await check.pendingEvents(MAX_REQUESTS)).length;
  }
  const inbox = await check.listInbox("usr_bench", MAX_REQUESTS * 2);
  const measured = inbox.filter((e) => e.eventId.startsWith("evt_bench_measured_"));
  const failed = inbox.filter((e) => e.state === "failed").length;
  await check.close();

  console.log(
    `measured               ${s.requests} deliveries in ${f(s.elapsedMs / 1000)} s, ${s.errors} errors`,
  );
  if (run.errorSamples.length) console.log(`error samples          ${run.errorSamples.join(" | ")}`);
  console.log(`deliveries/s           ${f(s.rps, 0)}`);
  console.log(`latency ms             p50 ${f(s.p50)}   p90 ${f(s.p90)}   p99 ${f(s.p99)}   max ${f(s.max)}`);
  console.log(
    `store                  ${measured.length} measured events stored (accepted ${s.requests - s.errors}), ${inbox.length} in all; ${pending} still pending, ${failed} failed`,
  );
  const serverUs =
    serverCpu0 !== null && serverCpu1 !== null ? perRequestUs(serverCpu1 - serverCpu0) : Number.NaN;
  const clientUs = perRequestUs((clientCpu.user + clientCpu.system) / 1e6);
  console.log(`CPU µs per delivery    dashboard ${f(serverUs, 0)}   load generator ${f(clientUs, 0)}`);
  console.log(
    `cores                  ${cpus.length} (load average now ${os
      .loadavg()
      .map((l) => f(l))
      .join(" ")})`,
  );
  const rpsMet = s.rps >= TARGET_RPS && s.errors === 0;
  const p99Met = s.p99 <= TARGET_P99_MS;
  console.log(
    `target                 ≥ ${TARGET_RPS}/s: ${rpsMet ? "met" : "NOT MET"} (${f(s.rps, 0)}/s); p99 ≤ ${TARGET_P99_MS} ms: ${p99Met ? "met" : "NOT MET"} (${f(s.p99)} ms)`,
  );
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
