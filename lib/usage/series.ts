import type { ApiKey } from "@/lib/svc/schemas/api-keys";
import type { UsageCounters, UsageReport } from "@/lib/svc/schemas/usage";
import { formatDay } from "@/lib/format/dates";

/**
 * The usage report reshaped for charts and tables. Pure and framework-free: the report
 * counts 429s inside `errors`, so every split here keeps them apart exactly once.
 */

type Day = UsageReport["by_day"][number];
type Endpoint = UsageReport["by_endpoint"][number];
type Token = UsageReport["by_token"][number];

/** One day's requests split into parts that add up to `requests`. */
export interface OutcomePoint {
  date: string;
  label: string;
  requests: number;
  /** Answers under 400. */
  succeeded: number;
  /** Errors other than 429s. */
  otherErrors: number;
  /** 429s: errors, but shown apart. */
  rateLimited: number;
}

export function outcomeSeries(days: readonly Day[]): OutcomePoint[] {
  return days.map((day) => ({
    date: day.date,
    label: formatDay(day.date),
    requests: day.requests,
    succeeded: day.requests - day.errors,
    otherErrors: day.errors - day.rate_limited,
    rateLimited: day.rate_limited,
  }));
}

/** Percent with two decimals; null without requests (a gap in the line, not a 0 % day). */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 10_000) / 100;
}

export interface ErrorRatePoint {
  date: string;
  label: string;
  /** Every error, 429s included, as percent of requests. */
  errorRate: number | null;
  /** 429s alone, as percent of requests. */
  rateLimitedRate: number | null;
}

export function errorRateSeries(days: readonly Day[]): ErrorRatePoint[] {
  return days.map((day) => ({
    date: day.date,
    label: formatDay(day.date),
    errorRate: percentOf(day.errors, day.requests),
    rateLimitedRate: percentOf(day.rate_limited, day.requests),
  }));
}

export interface LatencyPoint {
  date: string;
  label: string;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** Days without requests keep null percentiles: the lines break there instead of dropping to 0. */
export function latencySeries(days: readonly Day[]): LatencyPoint[] {
  return days.map((day) => {
    const none = day.requests === 0;
    return {
      date: day.date,
      label: formatDay(day.date),
      p50: none ? null : day.latency_ms.p50,
      p95: none ? null : day.latency_ms.p95,
      p99: none ? null : day.latency_ms.p99,
    };
  });
}

/** The counters every table row shares. */
export interface CounterRow {
  requests: number;
  errors: number;
  /** Errors other than 429s. */
  otherErrors: number;
  rateLimited: number;
  errorRate: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

function counterRow(c: UsageCounters): CounterRow {
  return {
    requests: c.requests,
    errors: c.errors,
    otherErrors: c.errors - c.rate_limited,
    rateLimited: c.rate_limited,
    errorRate: percentOf(c.errors, c.requests),
    p50: c.latency_ms.p50,
    p95: c.latency_ms.p95,
    p99: c.latency_ms.p99,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface EndpointRow extends CounterRow {
  id: string;
  method: Endpoint["method"];
  /** The route pattern, e.g. `/listings/{listing_id}`. */
  route: string;
}

/** Most requests first; ties by route, then method, so the order never depends on the input's. */
export function endpointRows(endpoints: readonly Endpoint[]): EndpointRow[] {
  return endpoints
    .map((e) => ({ id: `${e.method} ${e.route}`, method: e.method, route: e.route, ...counterRow(e) }))
    .sort((a, b) => b.requests - a.requests || compare(a.route, b.route) || compare(a.method, b.method));
}

export interface TokenRow extends CounterRow {
  tokenId: string;
  name: string;
  /** From GET /api_keys; null when the key list did not load or no longer has it. */
  last4: string | null;
  revoked: boolean;
}

/** Most requests first; ties by name, then token id. Key details come from GET /api_keys. */
export function tokenRows(tokens: readonly Token[], keys: readonly ApiKey[] = []): TokenRow[] {
  const byId = new Map(keys.map((k) => [k.token_id, k]));
  return tokens
    .map((t) => {
      const key = byId.get(t.token_id);
      return {
        tokenId: t.token_id,
        name: key?.name ?? t.name,
        last4: key?.last4 ?? null,
        revoked: key ? key.revoked_at !== null : false,
        ...counterRow(t),
      };
    })
    .sort((a, b) => b.requests - a.requests || compare(a.name, b.name) || compare(a.tokenId, b.tokenId));
}

/** `Dashboard ••••a1b2`, as the key picker and the key table name a key. */
export function keyLabel(key: { name: string; last4: string | null }): string {
  return key.last4 ? `${key.name} ••••${key.last4}` : key.name;
}

export { formatCount } from "@/lib/format/numbers";

export function formatPercent(value: number | null): string {
  return value === null ? "—" : `${value.toFixed(value > 0 && value < 1 ? 2 : 1)}%`;
}

const PERCENT_SCALES = [
  { top: 5, step: 1 },
  { top: 10, step: 2 },
  { top: 20, step: 5 },
  { top: 50, step: 10 },
  { top: 100, step: 20 },
] as const;

/** A percent axis from 0 with round ticks that reaches the highest value (5 % at least). */
export function percentAxis(points: readonly ErrorRatePoint[]): { top: number; ticks: number[] } {
  const max = Math.max(0, ...points.flatMap((p) => [p.errorRate ?? 0, p.rateLimitedRate ?? 0]));
  const scale = PERCENT_SCALES.find((s) => max <= s.top) ?? PERCENT_SCALES[4];
  const ticks: number[] = [];
  for (let t = 0; t <= scale.top; t += scale.step) ticks.push(t);
  return { top: scale.top, ticks };
}
