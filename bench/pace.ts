/**
 * `npm run bench:pace`: the pace table read from the portfolio mirror at 1,500 listings, on
 * SQLite and PostgreSQL side by side, same data (a benchmark, not a test: nothing here passes
 * or fails).
 *
 * The mirror is written straight through the store's own writes (no backfill): 1,500 listings
 * in three currencies, each with about 105 reservations from 24 months back to 12 ahead
 * (about 157,000 in all), booked 0–300 days ahead (most within two months), about one in nine
 * cancelled, longer stays at weekends. Then the 12-month table with STLY, last year's final
 * and the 7-day pickup (the Pace page's read), median and p99 of 30 reads, and the same for
 * 13 weeks and 90 nights. Then the booking curve of next month against last year's, and the
 * booking windows and stay lengths of the last 90 days against last year's (the booking panel's
 * two reads), and the curves route's whole answer, the same way. On PostgreSQL, all of it
 * twice: just after the bulk write, and vacuumed as autovacuum leaves the tables after it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import pg from "pg";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { MirrorStore } from "../lib/server/mirror/mirror-store";
import { openPostgresMirror } from "../lib/server/mirror/postgres-mirror";
import { openSqliteMirror } from "../lib/server/mirror/sqlite-mirror";
import { paceReport } from "../lib/server/mirror/pace-report";
import { curvesReport } from "../lib/server/mirror/curves-report";
import { bookingCurveOf, histogram, LEAD_BUCKETS, STAY_BUCKETS } from "../lib/pace/curves";
import { stlyInstant, stlyPeriod } from "../lib/pace/definitions";
import { addMonths } from "../lib/format/dates";
import type { PaceUnit } from "../lib/pace/table";
import { startBenchCluster } from "./cluster";
import { ACCOUNT, fill, LISTINGS, NOW, world } from "./pace-world";

const READS = 30;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** Median and p99 of READS reads, after one to warm up; `rows` is what the first read counted. */
async function timed(read: () => Promise<number>): Promise<{ p50: number; p99: number; rows: number }> {
  const rows = await read();
  const taken: number[] = [];
  for (let i = 0; i < READS; i++) {
    const at = performance.now();
    await read();
    taken.push(performance.now() - at);
  }
  return { p50: quantile(taken, 0.5), p99: quantile(taken, 0.99), rows };
}

const times = (store: MirrorStore, unit: PaceUnit) =>
  timed(async () => (await paceReport(store, ACCOUNT, { unit, pickupDays: 7, now: NOW })).rows.length);

/**
 * The booking panel's reads as the route makes them (curves-route.ts), store and shaping: next
 * month's curve and last year's (rows: the store's count rows), and the last 90 days' booking
 * windows and last year's in buckets (rows: reservations counted).
 */
const DAY_MS = 86_400_000;
const nextMonth = addMonths(NOW.slice(0, 7), 1);
const stay = { from: `${nextMonth}-01`, to: `${addMonths(nextMonth, 1)}-01` };
const curveRead = (store: MirrorStore) =>
  timed(async () => {
    const lists = await store.stayLeads(ACCOUNT, [stay, stlyPeriod(stay)]);
    lists.forEach(bookingCurveOf);
    return lists.reduce((sum, l) => sum + l.length, 0);
  });
const windowsRead = (store: MirrorStore) =>
  timed(async () => {
    const window = { from: new Date(Date.parse(NOW) - 90 * DAY_MS).toISOString(), to: NOW };
    const [now, before] = await store.bookingWindows(ACCOUNT, [
      window,
      { from: stlyInstant(window.from), to: stlyInstant(window.to) },
    ]);
    histogram(STAY_BUCKETS, (c) => c.nights, now!, before!);
    return histogram(LEAD_BUCKETS, (c) => c.leadDays, now!, before!).reduce(
      (sum, r) => sum + r.this_year + r.last_year,
      0,
    );
  });

/** The route's whole answer: both reads, the scope's listings and the coverage (rows: final nights this year). */
const panelRead = (store: MirrorStore) =>
  timed(
    async () => (await curvesReport(store, ACCOUNT, { bookedDays: 90, now: NOW })).final_nights.this_year,
  );

async function main() {
  const data = world();
  const results: Array<{ store: string; unit: PaceUnit; p50: number; p99: number; rows: number }> = [];
  const panel: Array<{ store: string; read: string; p50: number; p99: number; rows: number }> = [];
  const panelReads = async (store: string, mirror: MirrorStore) => {
    panel.push({ store, read: "booking curve", ...(await curveRead(mirror)) });
    panel.push({ store, read: "lead time, LOS", ...(await windowsRead(mirror)) });
    panel.push({ store, read: "whole answer", ...(await panelRead(mirror)) });
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), "rd-bench-pace-"));
  const sqlite = openSqliteMirror(dir);
  const written = await fill(sqlite, data);
  console.log(`${LISTINGS} listings, ${written} reservations written on each store.`);
  for (const unit of ["month", "week", "night"] as const)
    results.push({ store: "SQLite", unit, ...(await times(sqlite, unit)) });
  await panelReads("SQLite", sqlite);
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });

  const cluster = await startBenchCluster();
  try {
    const postgres = await openPostgresMirror({ url: cluster.url, poolSize: 4 });
    await fill(postgres, data);
    for (const unit of ["month", "week", "night"] as const)
      results.push({ store: "PostgreSQL", unit, ...(await times(postgres, unit)) });
    await panelReads("PostgreSQL", postgres);
    // The bulk write leaves dead row versions (the tasks' claims, the night totals' changes) and
    // pages not yet marked all-visible, which autovacuum clears within a minute or so of a
    // backfill: the same reads again as it leaves the tables.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("VACUUM ANALYZE");
    await admin.end();
    for (const unit of ["month", "week", "night"] as const)
      results.push({ store: "PG vacuumed", unit, ...(await times(postgres, unit)) });
    await panelReads("PG vacuumed", postgres);
    await postgres.close();
  } finally {
    await cluster.stop();
  }

  console.log("\nThe pace table with STLY, last year's final and the 7-day pickup (ms, 30 reads)");
  console.log("store        periods      rows     p50      p99");
  for (const r of results)
    console.log(
      `${r.store.padEnd(12)} ${`${r.unit}s`.padEnd(10)} ${String(r.rows).padStart(6)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(8)}`,
    );
  console.log(
    `\nThe booking curve of ${nextMonth} and last year's; the last 90 days' lead time and LOS and last year's (ms, 30 reads)`,
  );
  console.log("store        read             rows     p50      p99");
  for (const r of panel)
    console.log(
      `${r.store.padEnd(12)} ${r.read.padEnd(14)} ${String(r.rows).padStart(6)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(8)}`,
    );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
