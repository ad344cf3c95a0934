/**
 * A small closed-loop HTTP load generator for the benches: `concurrency` workers, each sending
 * its next request as soon as the previous answer's body has been read, over one keep-alive
 * node:http Agent. Per-request latency is measured with process.hrtime.bigint() from just
 * before the request is written to the end of the response body.
 *
 * Loopback-only by design: the benches point it at servers they started themselves.
 */
import os from "node:os";
import http from "node:http";

export interface LoadOptions {
  /** Absolute http:// URL on 127.0.0.1 / localhost. */
  url: string;
  headers?: Record<string, string>;
  concurrency: number;
  durationMs: number;
  /** Hard cap on requests for this run (the run ends early when reached). */
  maxRequests: number;
  /** The status counted as success; anything else (or a network error) is an error. Default 200. */
  expectStatus?: number;
  /** Per-request timeout; a request that takes longer counts as an error. Default 10 s. */
  requestTimeoutMs?: number;
  /** Reused across runs so connections stay warm; one is made (and destroyed) when absent. */
  agent?: http.Agent;
  /** HTTP method; default GET. */
  method?: string;
  /**
   * Called before each request (outside the timed span): extra headers and a body, e.g. a
   * freshly signed webhook delivery. Absent: every request is the same, with no body.
   */
  makeRequest?: () => { headers?: Record<string, string>; body?: string };
}

export interface LoadResult {
  /** Completed requests (successes + errors). */
  requests: number;
  /** Responses with another status than expected, plus network errors / timeouts. */
  errors: number;
  /** Wall time of the run, ms. */
  elapsedMs: number;
  /** Latency of every completed request, ms (errors included). Length === requests. */
  latenciesMs: Float64Array;
  /** Bytes of response body received. */
  bytes: number;
  /** First few error descriptions, for diagnosis. */
  errorSamples: string[];
}

export function keepAliveAgent(concurrency: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
}

function assertLoopback(url: URL) {
  if (url.protocol !== "http:" || !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
    throw new Error(`The load generator only targets loopback http:// URLs, not ${url.href}`);
  }
}

/** One request; resolves with its status and body size (status 0 = network error). */
function once(
  url: URL,
  headers: Record<string, string>,
  agent: http.Agent,
  timeoutMs: number,
  method = "GET",
  body?: string,
): Promise<{ status: number; bytes: number; error?: string }> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (value: { status: number; bytes: number; error?: string }) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => done({ status: res.statusCode ?? 0, bytes }));
        res.on("error", (error) => done({ status: 0, bytes, error: error.message }));
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy(new Error(`timeout after ${timeoutMs} ms`));
    });
    req.on("error", (error) => done({ status: 0, bytes: 0, error: error.message }));
    req.end(body);
  });
}

/** Runs a closed loop against one URL until the duration or the request cap is reached. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  assertLoopback(url);
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const maxRequests = Math.max(1, Math.floor(options.maxRequests));
  const expect = options.expectStatus ?? 200;
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const ownAgent = options.agent ? null : keepAliveAgent(concurrency);
  const agent = options.agent ?? ownAgent!;
  const headers = { accept: "application/json", ...options.headers };

  const latencies = new Float64Array(maxRequests);
  let started = 0;
  let completed = 0;
  let errors = 0;
  let bytes = 0;
  const errorSamples: string[] = [];

  const t0 = process.hrtime.bigint();
  const deadline = t0 + BigInt(Math.round(options.durationMs * 1e6));

  async function worker() {
    while (started < maxRequests && process.hrtime.bigint() < deadline) {
      started++;
      const extra = options.makeRequest?.();
      const sent = extra ? { ...headers, ...extra.headers } : headers;
      const begin = process.hrtime.bigint();
      const result = await once(url, sent, agent, timeoutMs, options.method, extra?.body);
      const end = process.hrtime.bigint();
      latencies[completed++] = Number(end - begin) / 1e6;
      bytes += result.bytes;
      if (result.status !== expect) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(result.error ?? `HTTP ${result.status}`);
        // A refused connection fails instantly; don't spin the CPU the servers need.
        if (result.status === 0) await new Promise((r) => setTimeout(r, 10));
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedMs = Number(process.hrtime.bigint() - t0) / 1e6;
  ownAgent?.destroy();
  return {
    requests: completed,
    errors,
    elapsedMs,
    latenciesMs: latencies.subarray(0, completed),
    bytes,
    errorSamples,
  };
}

/** Nearest-rank percentile of an already sorted array (p in 0..100). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface Summary {
  requests: number;
  errors: number;
  elapsedMs: number;
  rps: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  bytesPerResponse: number;
}

/** Merges several runs of the same target: throughput over their summed wall time, percentiles over all samples. */
export function summarize(runs: LoadResult[]): Summary {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const errors = runs.reduce((n, r) => n + r.errors, 0);
  const elapsedMs = runs.reduce((n, r) => n + r.elapsedMs, 0);
  const bytes = runs.reduce((n, r) => n + r.bytes, 0);
  const all = new Float64Array(requests);
  let offset = 0;
  for (const r of runs) {
    all.set(r.latenciesMs, offset);
    offset += r.requests;
  }
  all.sort();
  let sum = 0;
  for (const v of all) sum += v;
  return {
    requests,
    errors,
    elapsedMs,
    rps: elapsedMs > 0 ? (requests / elapsedMs) * 1000 : 0,
    mean: requests ? sum / requests : Number.NaN,
    p50: percentile(all, 50),
    p90: percentile(all, 90),
    p99: percentile(all, 99),
    max: requests ? all[requests - 1]! : Number.NaN,
    bytesPerResponse: requests ? bytes / requests : 0,
  };
}

/** A figure for the benches' lines: fixed digits, "n/a" when there is none. */
export const f = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
/** The 1, 5 and 15 minute load averages, for the machine line. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => f(l))
    .join(" ");
