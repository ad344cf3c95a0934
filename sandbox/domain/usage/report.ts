import {
  USAGE_DAYS_BACK_DEFAULT,
  USAGE_MAX_DAYS,
  type UsageCounters,
  type UsageQuery,
  type UsageReport,
} from "../../../lib/svc/schemas/usage";
import { isoTimestamp } from "../../clock";
import type { Caller, RuntimeState, SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { flushUsage } from "./recorder";

const DAY_MS = 86_400_000;
/** docs/interface-decisions.md §7: identical queries within 120 s of the service clock get the same body. */
export const USAGE_CACHE_MS = 120_000;
const CACHE_ENTRIES_MAX = 1_000;
const METHODS = new Set(["GET", "POST", "PUT", "DELETE"]);

type Method = UsageReport["by_endpoint"][number]["method"];
/** One usage_requests row as read: at_ms, token_id, method, route, status, latency_ms. */
type Raw = [number, string | null, string, string | null, number, number];

const PERCENTILES = [50, 95, 99] as const;

/**
 * Counters of one slice of the report. Percentiles are nearest-rank: once every request is
 * counted, `see` receives the slice's latencies in ascending order and keeps the ranked ones.
 */
class Tally {
  requests = 0;
  errors = 0;
  rateLimited = 0;
  private seen = 0;
  private readonly picked: Array<number | null> = [null, null, null];

  add(status: number): void {
    this.requests += 1;
    if (status >= 400) this.errors += 1;
    if (status === 429) this.rateLimited += 1;
  }

  /** The next latency in ascending order, in hundredths of a millisecond. */
  see(centis: number): void {
    this.seen += 1;
    for (let j = 0; j < PERCENTILES.length; j++) {
      if (this.seen === Math.max(1, Math.ceil((PERCENTILES[j]! / 100) * this.requests)))
        this.picked[j] = centis / 100;
    }
  }

  counters(): UsageCounters {
    const [p50, p95, p99] = this.picked;
    return {
      requests: this.requests,
      errors: this.errors,
      error_rate: this.requests === 0 ? 0 : Math.round((this.errors / this.requests) * 10_000) / 10_000,
      rate_limited: this.rateLimited,
      latency_ms: { p50: p50 ?? null, p95: p95 ?? null, p99: p99 ?? null },
    };
  }
}

/** Whole seconds as the interface writes them; a bound inside a second keeps its milliseconds. */
function isoExact(ms: number): string {
  const date = new Date(ms);
  return ms % 1000 === 0 ? isoTimestamp(date) : date.toISOString();
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Window = { startMs: number; endMs: number };

/**
 * The requested window, half-open [start, end). A rolling window (`days_back`, default 7) ends
 * at the next whole second after now, so every request answered so far is inside it.
 */
function requestedWindow(query: UsageQuery, nowMs: number): Window {
  if (query.start_time !== undefined && query.end_time !== undefined) {
    return { startMs: Date.parse(query.start_time), endMs: Date.parse(query.end_time) };
  }
  const endMs = Math.floor(nowMs / 1000) * 1000 + 1000;
  return { startMs: endMs - (query.days_back ?? USAGE_DAYS_BACK_DEFAULT) * DAY_MS, endMs };
}

/** Same user and same normalized query: `days_back` defaulted, explicit bounds as instants. */
function cacheKey(userId: string, query: UsageQuery): string {
  const span =
    query.start_time !== undefined && query.end_time !== undefined
      ? `t:${Date.parse(query.start_time)}:${Date.parse(query.end_time)}`
      : `d:${query.days_back ?? USAGE_DAYS_BACK_DEFAULT}`;
  return JSON.stringify([userId, span, query.token_id ?? null]);
}

type CacheEntry = { body: UsageReport; expiresMs: number };
// Keyed by the runtime state, which a reset replaces: a reset world starts with no cached reports.
const caches = new WeakMap<RuntimeState, Map<string, CacheEntry>>();

function cacheOf(state: RuntimeState): Map<string, CacheEntry> {
  let cache = caches.get(state);
  if (!cache) caches.set(state, (cache = new Map()));
  return cache;
}

function remember(cache: Map<string, CacheEntry>, key: string, entry: CacheEntry, nowMs: number): void {
  for (const [k, e] of cache) if (e.expiresMs <= nowMs) cache.delete(k);
  while (cache.size >= CACHE_ENTRIES_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
}

/**
 * GET /usage (docs/interface.md §Usage, docs/interface-decisions.md §7): the caller's account is the
 * caller's user, every key of it (revoked ones included) unless `token_id` narrows it.
 */
export function usageReport(ctx: SandboxContext, caller: Caller, query: UsageQuery): UsageReport {
  const userId = caller.user.id;
  const keys = ctx.db.prepare(`SELECT token_id, name FROM api_keys WHERE user_id = ?`).all(userId) as Array<{
    token_id: string;
    name: string;
  }>;
  const names = new Map(keys.map((k) => [k.token_id, k.name]));
  if (query.token_id !== undefined && !names.has(query.token_id)) {
    throw new ApiError(404, "token_not_found", `No API key ${query.token_id} on this account.`);
  }

  const nowMs = ctx.clock.nowMs();
  const cache = cacheOf(ctx.state);
  const key = cacheKey(userId, query);
  const cached = cache.get(key);
  if (cached && nowMs < cached.expiresMs) return cached.body;

  const window = requestedWindow(query, nowMs);
  if (window.endMs - window.startMs > USAGE_MAX_DAYS * DAY_MS) {
    throw new ApiError(400, "window_too_long", `The window is at most ${USAGE_MAX_DAYS} days.`);
  }
  flushUsage(ctx);
  const measured = readRecords(ctx, userId, query.token_id, window);
  const body = summarize(measured, window.endMs, names, query.token_id ?? null, nowMs);
  remember(cache, key, { body, expiresMs: nowMs + USAGE_CACHE_MS }, nowMs);
  return body;
}

/**
 * The most recent records of the window, at most `usageReadCap`. Past the cap the measured
 * window starts at the oldest record counted; records sharing the millisecond of the first
 * unread one are left out, so the reported window holds exactly the records counted.
 */
function readRecords(ctx: SandboxContext, userId: string, tokenId: string | undefined, window: Window) {
  const cap = ctx.config.usageReadCap;
  const rows = ctx.db
    .prepare(
      `SELECT at_ms, token_id, method, route, status, latency_ms FROM usage_requests
       WHERE user_id = ? AND at_ms >= ? AND at_ms < ? ${tokenId !== undefined ? "AND token_id = ?" : ""}
       ORDER BY at_ms DESC, id DESC LIMIT ?`,
    )
    .raw(true)
    .all(
      ...(tokenId !== undefined
        ? [userId, window.startMs, window.endMs, tokenId, cap + 1]
        : [userId, window.startMs, window.endMs, cap + 1]),
    ) as Raw[];
  if (rows.length <= cap) return { rows, startMs: window.startMs, truncated: false };
  const firstUnread = rows[cap]![0];
  let counted = cap;
  while (counted > 0 && rows[counted - 1]![0] === firstUnread) counted -= 1;
  rows.length = counted;
  return { rows, startMs: counted > 0 ? rows[counted - 1]![0] : firstUnread + 1, truncated: true };
}

function summarize(
  measured: { rows: Raw[]; startMs: number; truncated: boolean },
  endMs: number,
  names: Map<string, string>,
  tokenId: string | null,
  nowMs: number,
): UsageReport {
  const { rows } = measured;
  const n = rows.length;
  const totals = new Tally();
  // Every UTC day the measured window touches, so a chart has no gaps.
  const firstDay = Math.floor(measured.startMs / DAY_MS);
  const days: Tally[] = [];
  for (let d = firstDay; d <= Math.floor((endMs - 1) / DAY_MS); d++) days.push(new Tally());
  const endpoints: Array<{ method: Method; route: string; tally: Tally }> = [];
  const endpointIndex = new Map<string, Map<string, number>>();
  const tokens: Array<{ token_id: string; tally: Tally }> = [];
  const tokenIndex = new Map<string, number>();
  // Per record: its slices, and a sort key packing its latency (0.01 ms) above its index.
  const dayOf = new Int32Array(n);
  const endpointOf = new Int32Array(n).fill(-1);
  const tokenOf = new Int32Array(n).fill(-1);
  const scale = 2 ** Math.ceil(Math.log2(n + 1));
  const maxCentis = Math.floor(Number.MAX_SAFE_INTEGER / scale) - 1;
  const order = new Float64Array(n);

  for (let i = 0; i < n; i++) {
    const [atMs, token, method, route, status, latency] = rows[i]!;
    totals.add(status);
    dayOf[i] = Math.floor(atMs / DAY_MS) - firstDay;
    days[dayOf[i]!]?.add(status);
    // Only an unmatched path has no route, and it is refused before any key is read: such a
    // request belongs to no account. Kept out of by_endpoint should one ever be attributed.
    if (route !== null && METHODS.has(method)) {
      let routes = endpointIndex.get(method);
      if (!routes) endpointIndex.set(method, (routes = new Map()));
      let e = routes.get(route);
      if (e === undefined) {
        routes.set(route, (e = endpoints.length));
        endpoints.push({ method: method as Method, route, tally: new Tally() });
      }
      endpoints[e]!.tally.add(status);
      endpointOf[i] = e;
    }
    if (token !== null) {
      let t = tokenIndex.get(token);
      if (t === undefined) {
        tokenIndex.set(token, (t = tokens.length));
        tokens.push({ token_id: token, tally: new Tally() });
      }
      tokens[t]!.tally.add(status);
      tokenOf[i] = t;
    }
    order[i] = Math.min(Math.round(latency * 100), maxCentis) * scale + i;
  }

  // One numeric sort orders every record by latency; each slice then sees its own in order.
  order.sort();
  for (const key of order) {
    const i = key % scale;
    const centis = (key - i) / scale;
    totals.see(centis);
    days[dayOf[i]!]?.see(centis);
    if (endpointOf[i]! >= 0) endpoints[endpointOf[i]!]!.tally.see(centis);
    if (tokenOf[i]! >= 0) tokens[tokenOf[i]!]!.tally.see(centis);
  }

  return {
    window: { start: isoExact(measured.startMs), end: isoExact(endMs), truncated: measured.truncated },
    generated_at: isoTimestamp(new Date(nowMs)),
    token_id: tokenId,
    totals: totals.counters(),
    by_day: days.map((tally, d) => ({
      date: new Date((firstDay + d) * DAY_MS).toISOString().slice(0, 10),
      ...tally.counters(),
    })),
    by_endpoint: endpoints
      .map(({ method, route, tally }) => ({ method, route, ...tally.counters() }))
      .sort((a, b) => b.requests - a.requests || compare(a.route, b.route) || compare(a.method, b.method)),
    by_token: tokens
      .map(({ token_id, tally }) => ({
        token_id,
        name: names.get(token_id) ?? token_id,
        ...tally.counters(),
      }))
      .sort((a, b) => b.requests - a.requests || compare(a.token_id, b.token_id)),
  };
}
