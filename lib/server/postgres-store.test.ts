import pg from "pg";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase, sql } from "@/test-support/pg-database";
import type { DashboardStore, NewInboxEvent } from "@/lib/server/dashboard-store";
import { LATEST_VERSION, MIGRATIONS, MIGRATIONS_TABLE, migrate } from "@/lib/server/postgres-schema";
import { openPostgresStore } from "@/lib/server/postgres-store";
import { storeContract } from "@/lib/server/store-contract";

/**
 * The dashboard's store on a real PostgreSQL (the run's throw-away cluster, a database of this
 * file's own): the shared contract, then what only several instances on one database can show.
 * "Two pools" stand for two dashboard instances: each has its own connections.
 */
const SESSION_SECRET = "pg-store-test-session-secret-".repeat(2);
const SECRET = "whsec_" + "5e".repeat(32);
let url: string;
const opened: DashboardStore[] = [];

beforeAll(async () => {
  url = await freshDatabase("rd_store");
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

async function instance(on = url, poolSize = 10): Promise<DashboardStore> {
  const store = await openPostgresStore({ url: on, poolSize, sessionSecret: SESSION_SECRET });
  opened.push(store);
  return store;
}
const event = (eventId: string, sinkId: string): NewInboxEvent => ({
  eventId,
  sinkId,
  eventType: "flags.detected",
  body: JSON.stringify({ id: eventId }),
  receivedAt: new Date().toISOString(),
});
const owner = {
  ownerAccountId: "usr_owner",
  ownerLabel: "Olivia Hart",
  subscriptionId: "whk_1",
  secret: SECRET,
};
const count = async (table: string) =>
  (await sql<{ n: number }>(url, `SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe("the PostgreSQL store keeps the store's rules", () => {
  storeContract(async () => {
    const store = await openPostgresStore({ url, poolSize: 4, sessionSecret: SESSION_SECRET });
    await sql(url, "TRUNCATE sinks, inbox, rejections, ended_sessions RESTART IDENTITY");
    return store;
  });
});

describe("the PostgreSQL store across instances", () => {
  // Each rule starts from empty tables: events one test leaves pending are not another's.
  beforeEach(async () => {
    await sql(url, "TRUNCATE sinks, inbox, rejections, ended_sessions RESTART IDENTITY");
  });

  it("the same event id inserted concurrently from two pools is stored once", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const sink = await a.createSink(owner);
    const ids = Array.from({ length: 60 }, (_, i) => `evt_race_${i}`);
    const outcomes = await Promise.all(
      ids.map((id) =>
        Promise.all([a.insertEvents([event(id, sink.id)]), b.insertEvents([event(id, sink.id)])]),
      ),
    );
    for (const [[first], [second]] of outcomes)
      expect([first, second].sort()).toEqual(["duplicate", "inserted"]);
    const stored = await sql<{ n: number }>(
      url,
      "SELECT count(*)::int AS n FROM inbox WHERE event_id LIKE 'evt_race_%'",
    );
    expect(stored[0]!.n).toBe(ids.length);
  });

  it("batches of the same ids in opposite orders from two pools are each stored once", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const sink = await a.createSink(owner);
    const rows = Array.from({ length: 200 }, (_, i) => event(`evt_batch_${i}`, sink.id));
    const [fromA, fromB] = await Promise.all([a.insertEvents(rows), b.insertEvents([...rows].reverse())]);
    const insertedBy = (outcomes: string[]) => outcomes.filter((o) => o === "inserted").length;
    expect(insertedBy(fromA) + insertedBy(fromB)).toBe(rows.length);
    rows.forEach((_, i) =>
      expect([fromA[i], fromB[rows.length - 1 - i]].sort()).toEqual(["duplicate", "inserted"]),
    );
  });

  it("two pools claiming pending events never get the same event", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const sink = await a.createSink(owner);
    const ids = Array.from({ length: 600 }, (_, i) => `evt_claim_${i}`);
    await a.insertEvents(ids.map((id) => event(id, sink.id)));
    const drain = async (store: DashboardStore) => {
      const taken: string[] = [];
      for (;;) {
        const claimed = await store.claimEvents(25);
        if (claimed.length === 0) return taken;
        taken.push(...claimed.map((e) => e.eventId));
      }
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    expect(byA.filter((id) => byB.includes(id))).toEqual([]);
    expect([...byA, ...byB].sort()).toEqual([...ids].sort());
  });

  it("migrations from two pools starting together run once", async () => {
    const fresh = await freshDatabase("rd_migrate");
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: fresh, max: 2 }));
    try {
      const applied = await Promise.all(pools.map((pool) => migrate(pool)));
      const every = MIGRATIONS.map((m) => m.version);
      expect(applied.flat()).toEqual(every);
      const rows = await sql<{ version: number }>(
        fresh,
        `SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`,
      );
      expect(rows.map((r) => r.version)).toEqual(every);
      expect(every.at(-1)).toBe(LATEST_VERSION);
      // Opened again (a restart, two more instances): nothing left to apply, the schema is in place.
      const [x, y] = await Promise.all([instance(fresh, 2), instance(fresh, 2)]);
      expect(await x.schemaReady()).toBe(true);
      expect(await y.schemaReady()).toBe(true);
      expect(await Promise.all(pools.map((pool) => migrate(pool)))).toEqual([[], []]);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it("a database from before the ignored states keeps its events, and can then mark events ignored", async () => {
    const before = await freshDatabase("rd_upgrade");
    // Version 1 applied as migrate() applies it, by a dashboard that knew no later one.
    await sql(
      before,
      `${MIGRATIONS[0]!.sql}
      CREATE TABLE ${MIGRATIONS_TABLE} (version integer PRIMARY KEY, name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now());
      INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES (1, 'first');`,
    );
    const insert = (id: string, state: string) =>
      sql(
        before,
        `INSERT INTO inbox (event_id, sink_id, event_type, body, received_at, verification, state)
         VALUES ($1, 'snk_x', 'payouts.created', '{}', now(), 'verified', $2)`,
        [id, state],
      );
    await insert("evt_waiting", "pending");
    await insert("evt_done", "processed");
    await expect(insert("evt_refused", "ignored_unknown_type")).rejects.toThrow(/inbox_state_check/);

    const store = await instance(before, 2);
    expect(await store.schemaReady()).toBe(true);
    expect((await store.pendingEvents(10)).map((e) => e.eventId)).toEqual(["evt_waiting"]);
    expect((await store.findEvent("evt_done"))?.state).toBe("processed");
    const outcome = { eventId: "evt_waiting", state: "ignored_unreadable", error: "unreadable" } as const;
    expect(await store.finishEvents([outcome])).toEqual(["evt_waiting"]);
    expect(await store.findEvent("evt_waiting")).toMatchObject({
      state: "ignored_unreadable",
      error: "unreadable",
    });
    // The check still refuses a state that is none of ours.
    await expect(insert("evt_odd", "mystery")).rejects.toThrow(/inbox_state_check/);
  });

  it("secrets are encrypted at rest: the database holds neither the secret's text nor its bytes", async () => {
    const store = await instance();
    const sink = await store.createSink(owner);
    await store.rotateSinkSecret(sink.id, "whsec_" + "77".repeat(32));
    const [row] = await sql<{ secret: Buffer; previous_secret: Buffer }>(
      url,
      "SELECT secret, previous_secret FROM sinks WHERE id = $1",
      [sink.id],
    );
    for (const bytes of [row!.secret, row!.previous_secret]) {
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
      expect(bytes.includes(Buffer.from("77".repeat(32)))).toBe(false);
    }
    const other = await openPostgresStore({
      url,
      poolSize: 1,
      sessionSecret: "another-session-secret-".repeat(2),
    });
    opened.push(other);
    await expect(other.validSecrets(sink.id)).rejects.toThrow(/SESSION_SECRET changed/);
  });

  it("what one instance stores, another reads: an ended session and a finished event", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const until = new Date(Date.now() + 60_000);
    await a.endSession("sess_pg_000000000001", until);
    expect(
      await b.isSessionEnded({ sessionId: "sess_pg_000000000001", keyId: null, signedInAt: Date.now() }),
    ).toBe(true);
    const sink = await a.createSink(owner);
    await a.insertEvents([event("evt_shared", sink.id)]);
    expect(await b.finishEvents([{ eventId: "evt_shared", state: "processed" }])).toEqual(["evt_shared"]);
    expect(await a.finishEvents([{ eventId: "evt_shared", state: "processed" }])).toEqual([]);
  });

  it("a closed store's schema cannot be read (readiness then says the store cannot be read)", async () => {
    const store = await openPostgresStore({ url, poolSize: 1, sessionSecret: SESSION_SECRET });
    await store.close();
    await expect(store.schemaReady()).rejects.toThrow();
    await store.close();
    expect(await count(MIGRATIONS_TABLE)).toBe(MIGRATIONS.length);
  });
});
