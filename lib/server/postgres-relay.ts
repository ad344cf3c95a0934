import pg from "pg";
import type { RelayTransport } from "@/lib/server/instance-relay";

/**
 * The relay between instances over PostgreSQL's LISTEN/NOTIFY: one connection of
 * its own LISTENs on the channel and hands each notification to `onMessage`; sending is
 * `pg_notify` on a small pool of its own, so a busy store pool never delays a live update.
 *
 * A dropped listening connection (the database restarted, a failover, a network cut) is
 * opened again with a growing pause, from RETRY_FIRST_MS up to RETRY_MAX_MS, for as long as
 * the relay is open; messages sent while it was down are not replayed (NOTIFY keeps nothing),
 * which is why only notices travel here and the store stays the record. A failed send is
 * logged in one line and dropped for the same reason.
 *
 * No `server-only` import: tests open it from plain Node.
 */

export const RELAY_CHANNEL = "rate_desk_relay";
export const RETRY_FIRST_MS = 250;
export const RETRY_MAX_MS = 5_000;

export type RelayState = "connecting" | "listening" | "reconnecting" | "closed";

export interface PostgresRelay extends RelayTransport {
  state(): RelayState;
  /** Resolves once the listening connection is (again) in place; for start-up and tests. */
  listening(): Promise<void>;
}

export interface PostgresRelayOptions {
  url: string;
  onMessage: (text: string) => void;
  connectTimeoutMs?: number;
}

export function openPostgresRelay({
  url,
  onMessage,
  connectTimeoutMs = 5000,
}: PostgresRelayOptions): PostgresRelay {
  const sender = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: connectTimeoutMs });
  sender.on("error", (error) => console.error("An idle relay connection failed:", error.message));

  let state: RelayState = "connecting";
  let client: pg.Client | null = null;
  let retryMs = RETRY_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiters: (() => void)[] = [];

  function becameListening() {
    state = "listening";
    retryMs = RETRY_FIRST_MS;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  function dropped(which: pg.Client, why: string) {
    if (client !== which || state === "closed") return;
    client = null;
    which.removeAllListeners("notification");
    which.end().catch(() => undefined);
    if (state === "listening") console.error(`Live updates between instances paused: ${why}`);
    state = "reconnecting";
    timer = setTimeout(() => void listen(), retryMs);
    timer.unref?.();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function listen() {
    timer = null;
    if (state === "closed") return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    client = next;
    // Registered before connecting: an error on a connection being opened must not end the process.
    next.on("error", (error) => dropped(next, error.message));
    next.on("end", () => dropped(next, "the connection ended."));
    next.on("notification", (message) => {
      if (message.channel === RELAY_CHANNEL && message.payload) onMessage(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${RELAY_CHANNEL}`);
      if (client !== next || (state as RelayState) === "closed") {
        await next.end().catch(() => undefined);
        return;
      }
      if (state === "reconnecting") console.error("Live updates between instances resumed.");
      becameListening();
    } catch (error) {
      dropped(next, error instanceof Error ? error.message : String(error));
    }
  }

  void listen();

  return {
    send(text) {
      if (state === "closed") return;
      sender.query("SELECT pg_notify($1, $2)", [RELAY_CHANNEL, text]).catch((error: unknown) => {
        console.error(
          "A live update could not be sent to the other instances:",
          error instanceof Error ? error.message : error,
        );
      });
    },
    state: () => state,
    listening() {
      if (state === "listening") return Promise.resolve();
      if (state === "closed") return Promise.reject(new Error("The relay is closed."));
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      if (state === "closed") return;
      state = "closed";
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await Promise.all([current?.end().catch(() => undefined), sender.end().catch(() => undefined)]);
    },
  };
}
