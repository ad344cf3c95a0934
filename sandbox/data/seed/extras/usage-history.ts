/**
 * Seeds a week of request history for the personas' keys, so GET /usage has something to say on
 * a fresh install: the 7 full UTC days before today and today up to the minute of seeding.
 * Office-hours rhythm on weekdays and quiet weekends for dashboard keys, a nightly report job on
 * read-only keys, a channel manager syncing every quarter of an hour, one afternoon on which the
 * owner's report job ran unthrottled into the rate limit (a burst of 429s on one endpoint), and
 * one clearly slow endpoint (usage-profiles.ts). Randomness from env.rng only; times from
 * env.today and, for today, env.nowMs, so the same seed, day and minute give the same rows.
 */
import type Database from "better-sqlite3";
import { BatchInsert } from "../../batch-insert";
import type { Rng } from "../../random";
import { timestampFromSeconds, weekday } from "../dates";
import type { ApiKeyRow, Persona } from "../types";
import {
  errorStatus,
  medianLatencyMs,
  officeWeight,
  profileOf,
  REPORT_LOOP_ROUTE,
  type KeyProfile,
  type Method,
  type RouteWeight,
} from "../usage-profiles";
import type { SeedEnv, SeedExtra } from "./types";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Full days of history before today. */
export const USAGE_HISTORY_DAYS = 7;
/** The interface's default rate limit: what the burst's key could get through in one minute. */
const BURST_LIMIT_PER_MINUTE = 120;

/** at_ms, token_id, user_id, method, route, status, latency_ms: one usage_requests row. */
type Row = [number, string, string, Method, string, number, number];

interface Key {
  token_id: string;
  user_id: string;
  kind: ApiKeyRow["kind"];
  persona: Persona;
}

function latency(rng: Rng, method: Method, route: string, status: number): number {
  if (status === 429) return Math.round(rng.float(0.6, 3) * 100) / 100; // refused before any work
  const median = status >= 400 ? 14 : medianLatencyMs(method, route);
  const tail = rng.chance(0.01) ? rng.float(2.5, 5) : 1; // the odd slow answer every endpoint has
  return Math.round(median * rng.logNormal(0.35) * tail * 100) / 100;
}

function request(rng: Rng, key: Key, atMs: number, [method, route]: RouteWeight, status?: number): Row {
  const answered =
    status ?? errorStatus(method, rng.next()) ?? (method === "POST" && route.endsWith("/notes") ? 201 : 200);
  return [atMs, key.token_id, key.user_id, method, route, answered, latency(rng, method, route, answered)];
}

const weighted = new WeakMap<readonly RouteWeight[], ReadonlyArray<readonly [RouteWeight, number]>>();

/** One route of a mix, by weight (the weighted entries are built once per mix). */
function pick(rng: Rng, mix: readonly RouteWeight[]): RouteWeight {
  let entries = weighted.get(mix);
  if (!entries) weighted.set(mix, (entries = mix.map((r) => [r, r[2]] as const)));
  return rng.weighted(entries);
}

/** A count around `mean`: noisy, rounded up or down at random so small means still add up. */
function countAround(rng: Rng, mean: number): number {
  const noisy = mean * rng.logNormal(0.2);
  return Math.floor(noisy) + (rng.chance(noisy % 1) ? 1 : 0);
}

function dayOfTraffic(rng: Rng, key: Key, profile: KeyProfile, day: number, out: Row[]): void {
  const start = day * DAY_MS;
  if (profile.rhythm === "office") {
    for (let hour = 0; hour < 24; hour++) {
      const n = countAround(rng, profile.volume * officeWeight(weekday(day), hour));
      for (let i = 0; i < n; i++) {
        out.push(request(rng, key, start + hour * HOUR_MS + rng.int(0, HOUR_MS - 1), pick(rng, profile.mix)));
      }
    }
  } else if (profile.rhythm === "nightly") {
    // One run a night around 02:00, a request every second or two.
    let at = start + 2 * HOUR_MS + rng.int(0, 10 * MINUTE_MS);
    for (let i = countAround(rng, profile.volume); i > 0; i--) {
      out.push(request(rng, key, at, pick(rng, profile.mix)));
      at += rng.int(700, 2_500);
    }
  } else {
    // A channel manager's run every quarter of an hour, day and night.
    for (let run = 0; run < 96; run++) {
      let at = start + run * 15 * MINUTE_MS + rng.int(0, 20_000);
      for (let i = countAround(rng, profile.volume); i > 0; i--) {
        out.push(request(rng, key, at, pick(rng, profile.mix)));
        at += rng.int(150, 900);
      }
    }
  }
}

/**
 * The afternoon the owner's report job was run by hand with no pause between calls: for a few
 * minutes it asked for about twice what the rate limit lets through, and the rest came back 429.
 */
function burst(rng: Rng, key: Key, day: number, out: Row[]): void {
  const route: RouteWeight = ["GET", REPORT_LOOP_ROUTE, 1];
  const first = day * DAY_MS + rng.int(13, 15) * HOUR_MS + rng.int(0, 40) * MINUTE_MS;
  for (let minute = rng.int(5, 7); minute > 0; minute--) {
    const minuteStart = first + (minute - 1) * MINUTE_MS;
    const asked = rng.int(200, 260);
    const times = Array.from({ length: asked }, () => minuteStart + rng.int(0, MINUTE_MS - 1)).sort(
      (a, b) => a - b,
    );
    times.forEach((at, i) =>
      out.push(request(rng, key, at, route, i < BURST_LIMIT_PER_MINUTE ? undefined : 429)),
    );
  }
}

/** A few stray 429s on a busy weekday of a dashboard key: someone paging fast through calendars. */
function strays(rng: Rng, key: Key, day: number, out: Row[]): void {
  if (weekday(day) === 0 || weekday(day) === 6 || !rng.chance(0.5)) return;
  const route: RouteWeight = ["GET", "/listings/{listing_id}/price_calendar", 1];
  const at = day * DAY_MS + rng.int(9, 16) * HOUR_MS + rng.int(0, HOUR_MS - 1);
  for (let i = rng.int(1, 4); i > 0; i--) out.push(request(rng, key, at + i * 40, route, 429));
}

/** The weekday (Monday to Friday) of the burst, inside any rolling 7-day window seen today. */
function burstDay(rng: Rng, today: number): number {
  const days: number[] = [];
  for (let d = today - 6; d <= today - 2; d++) if (weekday(d) >= 1 && weekday(d) <= 5) days.push(d);
  return rng.pick(days);
}

export function usageHistory(db: Database.Database, env: SeedEnv): Row[] {
  const keys = db
    .prepare(
      `SELECT k.token_id, k.user_id, k.kind, u.persona FROM api_keys k JOIN users u ON u.id = k.user_id
       WHERE u.persona IS NOT NULL AND k.revoked_at IS NULL ORDER BY k.token_id`,
    )
    .all() as Key[];
  const firstDay = env.today - USAGE_HISTORY_DAYS;
  // Today stops at the start of the seeding minute: nothing is recorded in the future, and the
  // minute the rate limit is counting holds no seeded request.
  const endMs =
    env.nowMs === undefined
      ? env.today * DAY_MS
      : Math.min(Math.floor(env.nowMs / MINUTE_MS) * MINUTE_MS, (env.today + 1) * DAY_MS);
  const dayBurst = burstDay(env.rng.fork("burst-day"), env.today);

  const rows: Row[] = [];
  for (const key of keys) {
    const profile = profileOf(key.persona, key.kind);
    if (!profile) continue;
    const rng = env.rng.fork(key.token_id);
    for (let day = firstDay; day <= env.today; day++) {
      dayOfTraffic(rng, key, profile, day, rows);
      if (key.persona === "owner" && profile.rhythm === "nightly" && day === dayBurst)
        burst(rng, key, day, rows);
      if (key.persona === "owner" && key.kind === "standard") strays(rng, key, day, rows);
    }
  }
  return rows.filter((r) => r[0] >= firstDay * DAY_MS && r[0] < endMs).sort((a, b) => a[0] - b[0]);
}

export const seedExtra: SeedExtra = (db, env) => {
  const rows = usageHistory(db, env);
  const insert = new BatchInsert(db, "usage_requests", [
    "at_ms",
    "token_id",
    "user_id",
    "method",
    "route",
    "status",
    "latency_ms",
  ]);
  const lastUsed = new Map<string, number>();
  for (const row of rows) {
    insert.add(row);
    lastUsed.set(row[1], row[0]);
  }
  insert.flush();
  // A key's "last used" agrees with its history.
  const touch = db.prepare(
    `UPDATE api_keys SET last_used_at = ? WHERE token_id = ? AND (last_used_at IS NULL OR last_used_at < ?)`,
  );
  for (const [token, atMs] of lastUsed) {
    const at = timestampFromSeconds(atMs / 1000);
    touch.run(at, token, at);
  }
};
