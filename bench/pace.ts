/**
 * `npm run bench:pace`: the pace table read from the portfolio mirror at 1,500 listings, on
 * SQLite and PostgreSQL side by side, same data (a benchmark, not a test: nothing here passes
 * or fails).
 *
 * The mirror is written straight through the store's own writes (no backfill): 1,500 listings
 * in three currencies, each with about 110 reservations from 24 months back to 12 ahead
 * (165,000 in all), booked 0–300 days ahead (most within two months), about one in nine
 * cancelled, longer stays at weekends. Then the 12-month table with STLY, last year's final
 * and the 7-day pickup (the Pace page's read), median and p99 of 30 reads, and the same for
 * 13 weeks and 90 nights.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { MirrorStore } from "../lib/server/mirror/mirror-store";
import { openPostgresMirror } from "../lib/server/mirror/postgres-mirror";
import { openSqliteMirror } from "../lib/server/mirror/sqlite-mirror";
import { paceReport } from "../lib/server/mirror/pace-report";
import type { PaceUnit } from "../lib/pace/table";
import { startBenchCluster } from "./cluster";
import { ACCOUNT, fill, LISTINGS, NOW, world } from "./pace-world";

const READS = 30;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function times(
  store: MirrorStore,
  unit: PaceUnit,
): Promise<{ p50: number; p99: number; rows: number }> {
  const read = () => paceReport(store, ACCOUNT, { unit, pickupDays: 7, now: NOW });
  const { rows } = await read();
  const taken: number[] = [];
  for (let i = 0; i < READS; i++) {
    const at = performance.now();
    await read();
    taken.push(performance.now() - at);
  }
  return { p50: quantile(taken, 0.5), p99: quantile(taken, 0.99), rows: rows.length };
}

async function main() {
  const data = world();
  const results: Array<{ store: string; unit: PaceUnit; p50: number; p99: number; rows: number }> = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "rd-bench-pace-"));
  const sqlite = openSqliteMirror(dir);
  const written = await fill(sqlite, data);
  console.log(`${LISTINGS} listings, ${written} reservations written on each store.`);
  for (const unit of ["month", "week", "night"] as const)
    results.push({ store: "SQLite", unit, ...(await times(sqlite, unit)) });
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });

  const cluster = await startBenchCluster();
  try {
    const postgres = await openPostgresMirror({ url: cluster.url, poolSize: 4 });
    await fill(postgres, data);
    for (const unit of ["month", "week", "night"] as const)
      results.push({ store: "PostgreSQL", unit, ...(await times(postgres, unit)) });
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
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
