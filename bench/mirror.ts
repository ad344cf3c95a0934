/**
 * `npm run bench:mirror`: the portfolio mirror's figures, printed side by side (a benchmark,
 * not a test: nothing here passes or fails).
 *
 * 1. The backfill, against the reference service in-process at 120 requests a minute, for the
 *    34-listing owner and the 1,500-listing portfolio manager, at a 30 % and an 80 % share:
 *    requests per listing, and the minutes it takes on the service's clock (the sync's waits
 *    move that clock instead of sleeping, so an hour's backfill runs in a minute or two; the
 *    service's own rate limiter counts on the same clock).
 * 2. A `reservations.ingested` event for one listing to its rows rewritten in the mirror,
 *    in real time, with the sync's loop running as in a dashboard (p50, p99): the part the
 *    mirror adds between the receiver (bench:receiver) and the open page's stream (bench:fanout).
 * 3. The store at 1,500 listings: rows, bytes on disk, and the Overview's comparison read from
 *    it, on SQLite and on PostgreSQL side by side (median and p99 of 50 reads).
 *
 * `--quick` runs the owner only (no 1,500-listing backfill, no PostgreSQL); `--stores` part 3
 * only (with the 1,500-listing backfills it needs).
 */
import { statSync, readdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { mirrorHarness, ACCOUNT, type MirrorHarness } from "../test-support/mirror-sync";
import { openPostgresMirror } from "../lib/server/mirror/postgres-mirror";
import { overviewFromMirror } from "../lib/server/mirror/overview";
import { refreshFromEvent } from "../lib/server/mirror/refresh";
import { startBenchCluster } from "./cluster";
import Database from "better-sqlite3";
import pg from "pg";

const quick = process.argv.includes("--quick");
const storesOnly = process.argv.includes("--stores");
const LIMIT = 120;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const fixed = (value: number, digits = 1) => value.toFixed(digits);

interface Backfill {
  persona: string;
  share: number;
  listings: number;
  requests: number;
  /** Service-clock minutes until every listing's reservations and nights were read. */
  listingsMinutes: number;
  /** … and until every read (flags, markets too) was done. */
  allMinutes: number;
  wallSeconds: number;
}

async function backfill(h: MirrorHarness, persona: string, share: number): Promise<Backfill> {
  const clock = h.sandbox.ctx.clock;
  const start = clock.nowMs();
  const wall = performance.now();
  let listingsAt = 0;
  const worker = h.worker({
    shares: { online: share, idle: share },
    onRead: (_account, kind) => {
      if (kind === "nights") listingsAt = clock.nowMs();
    },
  });
  await worker.drain(1_000_000);
  const progress = await h.store.progress(ACCOUNT);
  const record = (await h.store.syncRecord(ACCOUNT))!;
  return {
    persona,
    share,
    listings: progress.listingsTotal,
    requests: record.requestsSpent,
    listingsMinutes: (listingsAt - start) / 60_000,
    allMinutes: (clock.nowMs() - start) / 60_000,
    wallSeconds: (performance.now() - wall) / 1000,
  };
}

function printBackfills(rows: Backfill[]) {
  console.log("\nBackfill at 120 requests a minute (minutes on the service's clock)");
  console.log(
    "persona             share  listings  requests  per listing  listings read (min)  everything (min)  wall (s)",
  );
  for (const r of rows)
    console.log(
      [
        r.persona.padEnd(18),
        `${Math.round(r.share * 100)} %`.padStart(6),
        String(r.listings).padStart(9),
        String(r.requests).padStart(9),
        fixed(r.requests / r.listings, 2).padStart(12),
        fixed(r.listingsMinutes).padStart(20),
        fixed(r.allMinutes).padStart(17),
        fixed(r.wallSeconds).padStart(9),
      ].join(" "),
    );
}

/** Event noted → the listing's reservations rewritten, with the sync's loop running in real time. */
async function eventLatency(h: MirrorHarness, share: number, samples: number): Promise<number[]> {
  const listings = await h.store.listings(ACCOUNT);
  const waits = new Map<string, (at: number) => void>();
  const worker = h.worker({
    shares: { online: share, idle: share },
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    onRead: (_account, kind, subject) => {
      if (kind === "reservations") waits.get(subject)?.(performance.now());
    },
  });
  worker.start();
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const listing = listings[i % listings.length]!.listingId;
    const done = new Promise<number>((resolve) => waits.set(listing, resolve));
    const at = performance.now();
    await refreshFromEvent(h.store, { type: "reservations.ingested", listingIds: [listing] });
    latencies.push((await done) - at);
    waits.delete(listing);
    // Events arrive apart, as deliveries do (the service batches them in five-minute windows).
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  worker.stop();
  return latencies;
}

async function overviewTimes(h: MirrorHarness, runs = 50): Promise<number[]> {
  const today = h.sandbox.ctx.clock.today();
  await overviewFromMirror(h.store, ACCOUNT, today);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const at = performance.now();
    await overviewFromMirror(h.store, ACCOUNT, today);
    times.push(performance.now() - at);
  }
  return times;
}

const bytesIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith("mirror.db"))
    .reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);

async function main() {
  const backfills: Backfill[] = [];
  const stores: Array<{ label: string; rows: string; bytes: number | null; times: number[] }> = [];

  let latencies: number[] = [];
  if (!storesOnly) {
    for (const share of [0.3, 0.8]) {
      const h = await mirrorHarness({ rateLimitPerMinute: LIMIT });
      backfills.push(await backfill(h, "owner", share));
      await h.close();
    }
    const latencyHarness = await mirrorHarness({ rateLimitPerMinute: LIMIT });
    await latencyHarness.worker().drain();
    // A mirror at rest: the backfill's last minute of budget is behind it.
    await latencyHarness.sandbox.ctx.clock.advance(60);
    latencies = await eventLatency(latencyHarness, 0.3, 30);
    await latencyHarness.close();
  }

  if (!quick) {
    const sqlite = await mirrorHarness({ rateLimitPerMinute: LIMIT }, { persona: "portfolio_manager" });
    backfills.push(await backfill(sqlite, "portfolio_manager", 0.3));
    const counts = await sqlite.store.counts(ACCOUNT);
    // At rest: the write-ahead log checkpointed and the planner's statistics taken.
    const file = new Database(path.join(sqlite.dir, "mirror.db"));
    file.exec("PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;");
    file.close();
    stores.push({
      label: "SQLite",
      rows: Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
      bytes: bytesIn(sqlite.dir),
      times: await overviewTimes(sqlite),
    });
    await sqlite.close();

    const cluster = await startBenchCluster();
    try {
      const onPostgres = await mirrorHarness(
        { rateLimitPerMinute: LIMIT },
        {
          persona: "portfolio_manager",
          openStore: () => openPostgresMirror({ url: cluster.url, poolSize: 4 }),
        },
      );
      backfills.push(await backfill(onPostgres, "portfolio_manager", 0.8));
      // At rest, as autovacuum leaves tables after a bulk load: statistics and visibility map.
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query("VACUUM ANALYZE");
      await admin.end();
      stores.push({
        label: "PostgreSQL",
        rows: "the same",
        bytes: null,
        times: await overviewTimes(onPostgres),
      });
      await onPostgres.close();
    } finally {
      await cluster.stop();
    }
  }

  printBackfills(backfills);
  if (latencies.length > 0) {
    console.log(
      "\nA reservations.ingested event for one listing to its rows rewritten (owner, 30 % share, 30 events)",
    );
    console.log(
      `  p50 ${fixed(quantile(latencies, 0.5) / 1000, 2)} s   p99 ${fixed(quantile(latencies, 0.99) / 1000, 2)} s`,
    );
  }
  if (stores.length > 0) {
    console.log("\nThe store at 1,500 listings, and the Overview's comparison read from it (50 reads)");
    for (const s of stores)
      console.log(
        `  ${s.label.padEnd(10)} median ${fixed(quantile(s.times, 0.5), 2)} ms  p99 ${fixed(quantile(s.times, 0.99), 2)} ms` +
          (s.bytes === null ? "" : `  ${fixed(s.bytes / 1024 / 1024)} MiB on disk`) +
          `  rows: ${s.rows}`,
      );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
