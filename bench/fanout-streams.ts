/**
 * The event streams of `npm run bench:fanout`: plain node:http `GET /api/events` requests, one
 * socket each (no agent, no keep-alive), read as server-sent events. Each stream notes when it
 * received the `: connected` preamble and, for every `change` naming one of the bench's
 * listings (`lst_fanout_<n>`), when it first heard delivery n. A Tally keeps, per delivery,
 * how many streams still wait for it and when the last one (on each instance) heard it, so the
 * bench can wait for "every stream has it" without scanning a thousand streams per event.
 */
import http from "node:http";
import { sseFrames } from "../test-support/sse-frames";

export type Instance = "A" | "B";

export interface Stream {
  instance: Instance;
  /** HTTP status of the answer; 0 until it came, or on a network error. */
  status: number;
  connected: boolean;
  /** The server ended the stream, or the socket failed, after it was connected. */
  closedEarly: boolean;
  error: string | null;
  /** Deliveries heard: delivery number → when (performance.now()). */
  heard: Map<number, number>;
  /** `change` events naming none of the bench's listings (e.g. the service's own). */
  other: number;
  close(): void;
}

const OURS = /^lst_fanout_(\d+)$/;

/** Per delivery: streams still waiting, and when the last stream of each instance heard it. */
export class Tally {
  private readonly waiting: Int32Array;
  readonly lastAt: Record<Instance, Float64Array>;
  private readonly waiters = new Map<number, () => void>();

  constructor(
    deliveries: number,
    readonly streams: Stream[],
  ) {
    this.waiting = new Int32Array(deliveries + 1).fill(streams.length);
    this.lastAt = { A: new Float64Array(deliveries + 1), B: new Float64Array(deliveries + 1) };
  }

  heard(stream: Stream, n: number, at: number) {
    if (n < 1 || n >= this.waiting.length || stream.heard.has(n)) return;
    stream.heard.set(n, at);
    this.lastAt[stream.instance][n] = Math.max(this.lastAt[stream.instance][n]!, at);
    if (--this.waiting[n]! === 0) this.waiters.get(n)?.();
  }

  /** Resolves true once every stream heard delivery n, false after `timeoutMs`. */
  everyoneHeard(n: number, timeoutMs: number): Promise<boolean> {
    if (this.waiting[n] === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(n);
        resolve(false);
      }, timeoutMs);
      this.waiters.set(n, () => {
        clearTimeout(timer);
        this.waiters.delete(n);
        resolve(true);
      });
    });
  }

  missing(n: number): number {
    return this.waiting[n]!;
  }
}

/**
 * Opens one stream; resolves once it is connected (the preamble came) or failed. `tally` is
 * read when events arrive, so it may be attached after every stream is open.
 */
export function openStream(
  url: string,
  cookie: string,
  instance: Instance,
  tally: () => Tally | null,
  timeoutMs: number,
): Promise<Stream> {
  const u = new URL(url);
  return new Promise((resolve) => {
    let settled = false;
    const stream: Stream = {
      instance,
      status: 0,
      connected: false,
      closedEarly: false,
      error: null,
      heard: new Map(),
      other: 0,
      close: () => req.destroy(),
    };
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(stream);
    };
    const timer = setTimeout(() => {
      stream.error = `not connected within ${timeoutMs} ms`;
      req.destroy();
      settle();
    }, timeoutMs);

    const feed = sseFrames(({ event, data, comments }) => {
      if (comments.includes("connected")) {
        stream.connected = true;
        settle();
      }
      if (event !== "change" || !data) return;
      const at = performance.now();
      let ids: unknown;
      try {
        ids = (JSON.parse(data) as { listing_ids?: unknown }).listing_ids;
      } catch {
        ids = null;
      }
      const n = Array.isArray(ids) ? Number(OURS.exec(String(ids[0]))?.[1] ?? Number.NaN) : Number.NaN;
      const t = tally();
      if (Number.isInteger(n) && t) t.heard(stream, n, at);
      else stream.other++;
    });

    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "GET",
        headers: { accept: "text/event-stream", cookie },
        agent: false,
      },
      (res) => {
        stream.status = res.statusCode ?? 0;
        if (stream.status !== 200) {
          stream.error = `HTTP ${stream.status}`;
          res.resume();
          settle();
          return;
        }
        res.setEncoding("utf8");
        res.on("data", feed);
        res.on("end", () => {
          if (stream.connected) stream.closedEarly = true;
          settle();
        });
        res.on("error", () => undefined); // reported by the request's error below
      },
    );
    req.on("error", (error) => {
      if (stream.connected) stream.closedEarly = true;
      stream.error ??= error.message;
      settle();
    });
    req.end();
  });
}

/** Opens `count` streams, alternating A and B, `batch` at a time (the servers' accept queue). */
export async function openStreams(options: {
  urls: Record<Instance, string>;
  cookie: string;
  count: number;
  batch: number;
  timeoutMs: number;
  tally: () => Tally | null;
}): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let first = 0; first < options.count; first += options.batch) {
    const size = Math.min(options.batch, options.count - first);
    const opened = await Promise.all(
      Array.from({ length: size }, (_, i) => {
        const instance: Instance = (first + i) % 2 === 0 ? "A" : "B";
        return openStream(options.urls[instance], options.cookie, instance, options.tally, options.timeoutMs);
      }),
    );
    streams.push(...opened);
  }
  return streams;
}
