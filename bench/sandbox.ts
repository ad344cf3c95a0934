/**
 * `npm run bench:sandbox`: how fast the reference service answers. A BENCHMARK, not a test: it
 * prints figures and asserts nothing (exit 0 whatever they are; 1 when the service could not
 * be started, 3 past its time cap).
 *
 * 1. GET /listings?per_page=50 over HTTP: its own reference service on :4220 (in-memory
 *    database, no rate limit, no write latency), closed-loop from this process at
 *    BENCH_CONCURRENCY (16) for BENCH_ROUNDS (3) rounds of BENCH_SECONDS (8) after a warm-up.
 *    Target: 2,000 requests/s or more on a 2-core machine.
 * 2. The set price calendar of a paid set with 25 active members over 365 nights, in process
 *    (see bench/set-calendar.ts). Target: 50 ms median or less.
 *
 * 3. Seeding the whole world (every group's tables) into a fresh in-memory database, 3 times.
 *
 * All print the machine's core count beside the figures. Loopback only, bounded: at most
 * 200,000 HTTP requests and 240 s.
 */
import os from "node:os";
import { referenceServiceProcess } from "../scripts/server-pair.mjs";
import { openDatabase } from "../sandbox/data/db";
import { seedDatabase } from "../sandbox/data/seed";
import { keepAliveAgent, runLoad, summarize, type LoadResult } from "./load";
import { benchSetCalendar } from "./set-calendar";
import { SetupError, call, portInUse, start, stopChildren, waitFor } from "./servers";

const PORT = 4220;
const BASE = `http://127.0.0.1:${PORT}`;
const WORKLOAD = "/listings?per_page=50";
const LISTINGS_TARGET_RPS = 2000;
const CALENDAR_TARGET_MS = 50;
const MAX_REQUESTS = 200_000;
const TIME_CAP_MS = 240_000;

function numberEnv(name: string, fallback: number, min: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}
const CONCURRENCY = Math.round(numberEnv("BENCH_CONCURRENCY", 16, 1, 128));
const SECONDS = numberEnv("BENCH_SECONDS", 8, 1, 30);
const ROUNDS = Math.round(numberEnv("BENCH_ROUNDS", 3, 1, 5));

const f = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const verdict = (met: boolean) => (met ? "met" : "NOT MET");

async function benchListings(): Promise<void> {
  if (await portInUse(PORT))
    throw new SetupError(`Port ${PORT} is already in use; stop whatever listens there.`);
  const serviceProcess = referenceServiceProcess({
    port: PORT,
    env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "100000000" },
  });
  const service = start("The reference service", serviceProcess.args, serviceProcess.env);
  await waitFor(serviceProcess.readyUrl, service, 60_000);
  const personas = JSON.parse((await call("GET", `${BASE}/_sandbox/personas`)).body) as Array<{
    persona: string;
    keys: { standard: string };
  }>;
  const key = personas.find((p) => p.persona === "owner")!.keys.standard;
  const headers = { "X-API-Key": key };
  const probe = await call("GET", BASE + WORKLOAD, headers);
  const rows = (JSON.parse(probe.body) as unknown[]).length;
  console.log(`GET ${WORKLOAD}: ${rows} listings, ${probe.body.length} bytes per answer.`);

  const agent = keepAliveAgent(CONCURRENCY);
  const load = (durationMs: number, maxRequests: number) =>
    runLoad({ url: BASE + WORKLOAD, headers, concurrency: CONCURRENCY, durationMs, maxRequests, agent });
  await load(3000, 20_000); // warm-up: JIT, statement cache, connections
  const rounds: LoadResult[] = [];
  const perRound = Math.floor((MAX_REQUESTS - 20_000) / ROUNDS);
  for (let i = 0; i < ROUNDS; i++) {
    const round = await load(SECONDS * 1000, perRound);
    rounds.push(round);
    const s = summarize([round]);
    console.log(`  round ${i + 1}: ${f(s.rps, 0)} req/s, p50 ${f(s.p50, 2)} ms, p99 ${f(s.p99, 2)} ms`);
  }
  agent.destroy();
  const all = summarize(rounds);
  console.log(
    `GET /listings (concurrency ${CONCURRENCY}, ${all.requests} requests, ${all.errors} errors): ` +
      `${f(all.rps, 0)} req/s, p50 ${f(all.p50, 2)} ms, p99 ${f(all.p99, 2)} ms`,
  );
  console.log(`  target ≥ ${LISTINGS_TARGET_RPS} req/s: ${verdict(all.rps >= LISTINGS_TARGET_RPS)}`);
}

async function main(): Promise<number> {
  const watchdog = setTimeout(() => {
    console.error(`The bench exceeded its time cap (${TIME_CAP_MS / 1000} s).`);
    void stopChildren().finally(() => process.exit(3));
  }, TIME_CAP_MS);
  watchdog.unref();
  console.log(`Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? "unknown CPU"}).`);
  try {
    await benchListings();
  } catch (error) {
    console.error(error instanceof SetupError ? error.message : error);
    return 1;
  } finally {
    await stopChildren();
  }
  const calendar = await benchSetCalendar().catch((error: unknown) => {
    console.error(
      `Set price calendar: could not be measured: ${error instanceof Error ? error.message : error}`,
    );
    return null;
  });
  if (!calendar) return 1;
  console.log(
    `Set price calendar, 25 members x 365 nights (${calendar.runs} runs, in process): ` +
      `median ${f(calendar.median_ms, 2)} ms, p99 ${f(calendar.p99_ms, 2)} ms`,
  );
  console.log(
    `  target ≤ ${CALENDAR_TARGET_MS} ms median: ${verdict(calendar.median_ms <= CALENDAR_TARGET_MS)}`,
  );
  const seedTimes = [0, 1, 2].map(() => {
    const db = openDatabase(":memory:");
    const started = performance.now();
    seedDatabase(db, { seed: "2026", today: new Date().toISOString().slice(0, 10) });
    db.close();
    return performance.now() - started;
  });
  console.log(`Seeding the world (3 runs): ${seedTimes.map((ms) => `${f(ms, 0)} ms`).join(", ")}`);
  return 0;
}

process.exit(await main());
