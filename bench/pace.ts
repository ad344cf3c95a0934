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
import { addDays } from "../lib/format/dates";
import type { MirrorListing, MirrorReservation, MirrorStore } from "../lib/server/mirror/mirror-store";
import { openPostgresMirror } from "../lib/server/mirror/postgres-mirror";
import { openSqliteMirror } from "../lib/server/mirror/sqlite-mirror";
import { paceReport } from "../lib/server/mirror/pace-report";
import type { PaceUnit } from "../lib/pace/table";
import { startBenchCluster } from "./cluster";

const ACCOUNT = "usr_bench";
const LISTINGS = 1_500;
const PER_LISTING = 110;
const NOW = "2026-11-29T08:00:00.000Z";
const TODAY = NOW.slice(0, 10);
const DAY_MS = 86_400_000;
const READS = 30;

/** A small seeded generator: the same world on both stores and on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function world(): { listings: MirrorListing[]; reservations: Map<string, MirrorReservation[]> } {
  const next = random(2026);
  const currencies = ["USD", "EUR", "GBP"];
  const listings: MirrorListing[] = [];
  const reservations = new Map<string, MirrorReservation[]>();
  for (let l = 0; l < LISTINGS; l++) {
    const id = `lst_${l}`;
    const currency = currencies[l % 3]!;
    listings.push({
      listingId: id,
      channel: "airbnb",
      channelListingId: `ch_${l}`,
      name: `Listing ${l}`,
      marketId: `mkt_${l % 12}`,
      bedrooms: 1 + (l % 4),
      currency,
      hidden: false,
      body: { svc_id: id },
    });
    const rows: MirrorReservation[] = [];
    // Stays placed one after another from 24 months back, with gaps: about 110 in 36 months.
    let day = addDays(TODAY, -730);
    for (let r = 0; r < PER_LISTING; r++) {
      day = addDays(day, 1 + Math.floor(next() * 6));
      const weekend = [5, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
      const nights = 1 + Math.floor(next() * (weekend ? 6 : 4));
      const checkOut = addDays(day, nights);
      const lead = Math.floor(-Math.log(1 - next() * 0.999) * 35);
      const bookedAt = new Date(
        Date.parse(`${day}T00:00:00Z`) - Math.min(lead, 300) * DAY_MS + next() * DAY_MS,
      );
      const canceled =
        next() < 0.11 ? new Date(bookedAt.getTime() + next() * Math.max(1, lead) * DAY_MS) : null;
      rows.push({
        reservationId: `${id}_r${r}`,
        status: canceled ? "Canceled" : "Accepted",
        checkIn: day,
        checkOut,
        nights,
        bookedAt: bookedAt.toISOString(),
        canceledAt: canceled?.toISOString() ?? null,
        currency,
        nightlySubtotal: next() < 0.02 ? null : Math.round(nights * (120 + next() * 260)),
        body: { reservation_id: `${id}_r${r}` },
      });
      day = checkOut;
    }
    reservations.set(id, rows);
  }
  return { listings, reservations };
}

async function fill(store: MirrorStore, data: ReturnType<typeof world>): Promise<number> {
  const at = new Date(Date.parse(NOW) - 3_600_000);
  await store.startSync(ACCOUNT, "Bench", at);
  const [list] = await store.claimTasks(ACCOUNT, 1, 600_000, at);
  await store.finishTask(
    list!,
    { ok: true, result: { kind: "listings", listings: data.listings }, requests: 15 },
    DAY_MS,
    at,
  );
  let written = 0;
  const window = { from: addDays(TODAY, -731), to: addDays(TODAY, 366) };
  for (;;) {
    const tasks = (await store.claimTasks(ACCOUNT, 100, 600_000, at)).filter(
      (t) => t.kind === "reservations",
    );
    if (tasks.length === 0) break;
    for (const task of tasks) {
      const reservations = data.reservations.get(task.subject)!;
      await store.finishTask(
        task,
        { ok: true, result: { kind: "reservations", window, reservations }, requests: 2 },
        DAY_MS,
        at,
      );
      written += reservations.length;
    }
  }
  return written;
}

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
