/**
 * `npm run bench:alerts`: ten alert rules evaluated over 1,500 listings after one webhook-like
 * write, on SQLite and PostgreSQL side by side, same data (a benchmark, not a test: nothing
 * here passes or fails).
 *
 * The mirror is bench:pace's world (bench/pace-world.ts: 1,500 listings, about 157,000
 * reservations), plus the next 60 nights of every listing's price calendar (a share at the
 * listing's minimum price, some booked) and every market's occupancy, written through the
 * store's own writes. The ten rules cover every evaluated kind, some scoped to a market. The
 * first evaluation fires what the world trips (not timed); then each round rewrites one
 * listing's reservations, as a webhook's refresh does, and evaluates what the trigger would
 * (that listing, every rule): the median and p99 of that evaluation, which reads the mirror
 * only. Then the daily pass, every listing under every rule, five times. Last, the triage queue
 * scored 20 times per store, and on PostgreSQL again once VACUUM ANALYZE has run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import pg from "pg";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { addDays } from "../lib/format/dates";
import type { RuleBody } from "../lib/alerts/rules";
import type { AlertsStore } from "../lib/server/alerts/alerts-store";
import { evaluateAccount } from "../lib/server/alerts/evaluate";
import { openPostgresAlerts } from "../lib/server/alerts/postgres-alerts";
import { openSqliteAlerts } from "../lib/server/alerts/sqlite-alerts";
import type { MirrorStore, TaskResult } from "../lib/server/mirror/mirror-store";
import { openPostgresMirror } from "../lib/server/mirror/postgres-mirror";
import { openSqliteMirror } from "../lib/server/mirror/sqlite-mirror";
import { triageQueue } from "../lib/server/triage/queue";
import { startBenchCluster } from "./cluster";
import { ACCOUNT, fill, LISTINGS, NOW, world } from "./pace-world";

const ROUNDS = 30;
const TRIAGE_ROUNDS = 20;
const WHOLE_ROUNDS = 5;
const DAY_MS = 86_400_000;
const TODAY = NOW.slice(0, 10);
const delivery = { email: "digest", webhook: "off" } as const;
const RULES: RuleBody[] = [
  { kind: "behind_stly", scope: {}, params: { metric: "nights", percent: 15 }, delivery },
  { kind: "behind_stly", scope: {}, params: { metric: "revenue", percent: 20 }, delivery },
  { kind: "behind_stly", scope: { market_id: "mkt_1" }, params: { metric: "nights", percent: 10 }, delivery },
  { kind: "no_booking", scope: {}, params: { days: 14 }, delivery },
  { kind: "no_booking", scope: { market_id: "mkt_2" }, params: { days: 30 }, delivery },
  { kind: "below_market", scope: {}, params: { window: 7, percent: 80 }, delivery },
  { kind: "below_market", scope: {}, params: { window: 30, percent: 90 }, delivery },
  { kind: "at_minimum", scope: {}, params: { nights: 5 }, delivery },
  { kind: "flag_gained", scope: {}, params: {}, delivery },
  { kind: "pickup_below_ly", scope: {}, params: { percent: 20 }, delivery },
];

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** The next 60 nights: a share at the floor (90), some booked, the rest priced above it. */
function nights(l: number): TaskResult {
  return {
    kind: "nights",
    window: { from: TODAY, to: addDays(TODAY, 59) },
    currency: "USD",
    nights: Array.from({ length: 60 }, (_, i) => {
      const date = addDays(TODAY, i);
      const booked = (i * 7 + l) % 5 < 2;
      const price = (i + l) % 9 < l % 4 ? 90 : 140 + ((i * 13 + l) % 60);
      return {
        date,
        price,
        recommendedPrice: price,
        minStay: 2,
        booked,
        blocked: false,
        body: { date, price, is_booked: booked, available: !booked },
      };
    }),
  };
}

function marketSeries(m: number): TaskResult {
  const points = Array.from({ length: 120 }, (_, i) => {
    const value = 45 + ((i * 7 + m * 11) % 40);
    return { date: addDays(TODAY, i - 30), value, p25: null, p50: value, p75: null };
  });
  return {
    kind: "market",
    series: [
      {
        bedrooms: "all:occupancy",
        body: { market_id: `mkt_${m}`, bedrooms: null, metric: "occupancy", currency: "USD", points },
      },
    ],
  };
}

/** Every seventh listing has an open flag, every 31st a critical one. */
function flags(l: number): TaskResult {
  const open = [
    ...(l % 7 === 0 ? [{ code: "stale_calendar", severity: "warning", message: "", detected_at: NOW }] : []),
    ...(l % 31 === 0 ? [{ code: "sync_failed", severity: "critical", message: "", detected_at: NOW }] : []),
  ];
  return { kind: "flags", flags: open };
}

/** The triage queue of every listing scored from the mirror, TRIAGE_ROUNDS times. */
async function triage(mirror: MirrorStore) {
  const taken: number[] = [];
  let scored = 0;
  for (let r = 0; r < TRIAGE_ROUNDS; r++) {
    const started = performance.now();
    const queue = await triageQueue(mirror, ACCOUNT, NOW);
    taken.push(performance.now() - started);
    scored = queue.listings.filter((l) => l.score !== null).length;
  }
  return { triageP50: quantile(taken, 0.5), triageP99: quantile(taken, 0.99), scored };
}

/** Nights, markets, flags and the listings' minimum prices, on top of bench:pace's world. */
async function fillMore(store: MirrorStore) {
  // After the leases of fill()'s claims ran out: it claimed nights and markets it left unread.
  const at = new Date(Date.parse(NOW) - 1_800_000);
  for (;;) {
    const tasks = (await store.claimTasks(ACCOUNT, 10_000, 600_000, at)).filter(
      (t) => t.kind === "nights" || t.kind === "market" || t.kind === "flags",
    );
    if (tasks.length === 0) break;
    for (const task of tasks) {
      const n = Number(task.subject.split("_")[1]);
      const result = task.kind === "nights" ? nights(n) : task.kind === "flags" ? flags(n) : marketSeries(n);
      await store.finishTask(task, { ok: true, result, requests: 1 }, DAY_MS, at);
    }
  }
}

/** One round: a webhook names a listing, its reservations are read again, the account is evaluated. */
async function rounds(mirror: MirrorStore, alerts: AlertsStore, data: ReturnType<typeof world>) {
  const now = new Date(NOW);
  const first = performance.now();
  const initial = await evaluateAccount(mirror, alerts, ACCOUNT, now);
  const firstMs = performance.now() - first;
  const taken: number[] = [];
  let fired = 0;
  let cleared = 0;
  for (let r = 0; r < ROUNDS; r++) {
    // The same listing two rounds running: its next stays cancelled, then back.
    const listingId = `lst_${(Math.floor(r / 2) * 37) % LISTINGS}`;
    const at = new Date(Date.parse(NOW) - 60_000 + r);
    await mirror.markDue(ACCOUNT, "reservations", [listingId], at);
    const task = (await mirror.claimTasks(ACCOUNT, 50, 60_000, at)).find(
      (t) => t.kind === "reservations" && t.subject === listingId,
    )!;
    const rows = data.reservations.get(listingId)!;
    const changed =
      r % 2 === 0
        ? rows.map((x) =>
            x.checkIn >= TODAY && x.canceledAt === null
              ? { ...x, status: "Canceled", canceledAt: new Date(Date.parse(NOW) - 3_600_000).toISOString() }
              : x,
          )
        : rows;
    await mirror.finishTask(
      task,
      {
        ok: true,
        result: {
          kind: "reservations",
          window: { from: addDays(TODAY, -731), to: addDays(TODAY, 366) },
          reservations: changed,
        },
        requests: 2,
      },
      DAY_MS,
      at,
    );
    // As the trigger evaluates after a read that named one listing.
    const started = performance.now();
    const result = await evaluateAccount(mirror, alerts, ACCOUNT, now, { listings: [listingId] });
    taken.push(performance.now() - started);
    fired += result.fired.length;
    cleared += result.cleared;
  }
  // The daily pass (and a rule's change): every listing.
  const whole: number[] = [];
  for (let r = 0; r < WHOLE_ROUNDS; r++) {
    const started = performance.now();
    await evaluateAccount(mirror, alerts, ACCOUNT, now);
    whole.push(performance.now() - started);
  }
  return {
    wholeP50: quantile(whole, 0.5),
    wholeMax: quantile(whole, 1),
    firstMs,
    initial: initial.fired.length,
    p50: quantile(taken, 0.5),
    p99: quantile(taken, 0.99),
    fired,
    cleared,
  };
}

async function main() {
  const data = world();
  const results: Array<{ store: string } & Awaited<ReturnType<typeof rounds>>> = [];
  const triaged: Array<{ store: string } & Awaited<ReturnType<typeof triage>>> = [];

  const dir = mkdtempSync(path.join(os.tmpdir(), "rd-bench-alerts-"));
  const sqlite = openSqliteMirror(dir);
  const written = await fill(sqlite, data);
  await fillMore(sqlite);
  console.log(`${LISTINGS} listings, ${written} reservations, 60 nights each, written on each store.`);
  const sqliteAlerts = openSqliteAlerts(dir);
  for (const rule of RULES) await sqliteAlerts.createRule(ACCOUNT, rule);
  results.push({ store: "SQLite", ...(await rounds(sqlite, sqliteAlerts, data)) });
  triaged.push({ store: "SQLite", ...(await triage(sqlite)) });
  await sqliteAlerts.close();
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });

  const cluster = await startBenchCluster();
  try {
    const postgres = await openPostgresMirror({ url: cluster.url, poolSize: 4 });
    await fill(postgres, data);
    await fillMore(postgres);
    const pgAlerts = await openPostgresAlerts({ url: cluster.url, poolSize: 2 });
    for (const rule of RULES) await pgAlerts.createRule(ACCOUNT, rule);
    results.push({ store: "PostgreSQL", ...(await rounds(postgres, pgAlerts, data)) });
    triaged.push({ store: "PostgreSQL", ...(await triage(postgres)) });
    // Just after the bulk write the planner's statistics are stale and the tables hold dead row
    // versions (the tasks' claims): autovacuum clears both within a minute or so of a backfill.
    // The queue again as it leaves the tables, side by side.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("VACUUM ANALYZE");
    await admin.end();
    triaged.push({ store: "PG vacuumed", ...(await triage(postgres)) });
    await pgAlerts.close();
    await postgres.close();
  } finally {
    await cluster.stop();
  }

  console.log(
    `\nTen rules over ${LISTINGS} listings, evaluated after one webhook-like write (ms, ${ROUNDS} rounds)`,
  );
  console.log(
    "store        first (fired)        p50      p99   fired  cleared   every listing p50 (max of 5)",
  );
  for (const r of results)
    console.log(
      `${r.store.padEnd(12)} ${`${r.firstMs.toFixed(0)} (${r.initial})`.padEnd(16)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.fired).padStart(7)} ${String(r.cleared).padStart(8)}   ${r.wholeP50.toFixed(0)} (${r.wholeMax.toFixed(0)})`,
    );
  console.log(
    `\nThe triage queue of ${LISTINGS} listings scored from the mirror (ms, ${TRIAGE_ROUNDS} rounds)`,
  );
  console.log("store            p50      p99   scored");
  for (const r of triaged)
    console.log(
      `${r.store.padEnd(12)} ${r.triageP50.toFixed(1).padStart(8)} ${r.triageP99.toFixed(1).padStart(8)} ${String(r.scored).padStart(8)}`,
    );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
