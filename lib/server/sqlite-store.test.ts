import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { storeContract } from "@/lib/server/store-contract";
import { openStore } from "@/lib/server/sqlite-store";

/** The dashboard's store on a real SQLite file in a temporary directory. */
const SESSION_SECRET = "store-test-session-secret-".repeat(2);
const SECRET = "whsec_" + "5e".repeat(32);
const dirs: string[] = [];
const stores: DashboardStore[] = [];

function fresh(dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-store-")), sessionSecret = SESSION_SECRET) {
  if (!dirs.includes(dataDir)) dirs.push(dataDir);
  const store = openStore({ dataDir, sessionSecret });
  stores.push(store);
  return { store, dataDir };
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const owner = {
  ownerAccountId: "usr_owner",
  ownerLabel: "Olivia Hart",
  subscriptionId: "whk_1",
  secret: SECRET,
};
describe("the SQLite store on its file", () => {
  it("opens <dataDir>/dashboard.db in WAL mode", async () => {
    const { store, dataDir } = fresh();
    await store.createSink(owner);
    const raw = new Database(path.join(dataDir, "dashboard.db"), { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("secrets are encrypted at rest: neither the database nor its WAL holds the secret's text", async () => {
    const { store, dataDir } = fresh();
    const sink = await store.createSink(owner);
    await store.rotateSinkSecret(sink.id, "whsec_" + "77".repeat(32));
    for (const file of ["dashboard.db", "dashboard.db-wal"]) {
      const bytes = readFileSync(path.join(dataDir, file));
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
      expect(bytes.includes(Buffer.from("77".repeat(32)))).toBe(false);
    }
    expect(await store.validSecrets(sink.id)).toEqual(["whsec_" + "77".repeat(32), SECRET]);
  });

  it("another session secret cannot read the stored secrets", async () => {
    const { store, dataDir } = fresh();
    const sink = await store.createSink(owner);
    await store.close();
    stores.splice(stores.indexOf(store), 1);
    const other = fresh(dataDir, "a-different-session-secret-".repeat(2)).store;
    await expect(other.validSecrets(sink.id)).rejects.toThrow(/SESSION_SECRET changed/);
  });

  it("a secret copied onto another sink's row does not decrypt there", async () => {
    const { store, dataDir } = fresh();
    const a = await store.createSink(owner);
    const b = await store.createSink({ ...owner, secret: "whsec_" + "99".repeat(32) });
    const raw = new Database(path.join(dataDir, "dashboard.db"));
    raw
      .prepare("UPDATE sinks SET secret = (SELECT secret FROM sinks WHERE id = ?) WHERE id = ?")
      .run(a.id, b.id);
    raw.close();
    await expect(store.validSecrets(b.id)).rejects.toThrow();
  });
});

describe("the SQLite store keeps the store's rules", () => {
  // A new directory per test: the contract wants an empty store, and closes it itself.
  storeContract(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-store-"));
    dirs.push(dataDir);
    return openStore({ dataDir, sessionSecret: SESSION_SECRET });
  });
});

describe("the SQLite store across restarts", () => {
  it("ended sessions survive a restart of the dashboard", async () => {
    const { store, dataDir } = fresh();
    const until = new Date(Date.now() + 60_000);
    await store.endSession("sess_0000000000000001", until);
    await store.close();
    stores.splice(stores.indexOf(store), 1);
    const reopened = fresh(dataDir).store;
    expect(
      await reopened.isSessionEnded({
        sessionId: "sess_0000000000000001",
        keyId: null,
        signedInAt: Date.now(),
      }),
    ).toBe(true);
  });

  it("a file from before claims keeps its pending events, and they can be claimed", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-store-"));
    dirs.push(dataDir);
    const old = new Database(path.join(dataDir, "dashboard.db"));
    old.exec(`CREATE TABLE inbox (event_id TEXT PRIMARY KEY, sink_id TEXT NOT NULL, event_type TEXT NOT NULL,
      body TEXT NOT NULL, received_at TEXT NOT NULL, verification TEXT NOT NULL, state TEXT NOT NULL,
      processed_at TEXT, error TEXT)`);
    old
      .prepare(
        "INSERT INTO inbox VALUES ('evt_old', 'snk_x', 'flags.detected', '{}', ?, 'verified', 'pending', NULL, NULL)",
      )
      .run(new Date().toISOString());
    old.close();
    const { store } = fresh(dataDir);
    expect((await store.claimEvents(10)).map((e) => e.eventId)).toEqual(["evt_old"]);
    expect(await store.claimEvents(10)).toEqual([]);
    expect(await store.schemaReady()).toBe(true);
  });

  it("a file from before the ignored states keeps its events in order, and can then mark events ignored", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-store-"));
    dirs.push(dataDir);
    const old = new Database(path.join(dataDir, "dashboard.db"));
    // The inbox as the previous dashboard made it: its CHECK knows three states only.
    old.exec(`CREATE TABLE inbox (event_id TEXT PRIMARY KEY, sink_id TEXT NOT NULL, event_type TEXT NOT NULL,
      body TEXT NOT NULL, received_at TEXT NOT NULL, verification TEXT NOT NULL CHECK (verification = 'verified'),
      state TEXT NOT NULL CHECK (state IN ('pending', 'processed', 'failed')), processed_at TEXT, error TEXT,
      claimed_until_ms INTEGER)`);
    const insert = old.prepare(
      "INSERT INTO inbox VALUES (?, 'snk_x', 'payouts.created', '{}', '2026-11-21T10:00:00.000Z', 'verified', ?, NULL, NULL, NULL)",
    );
    // Accepted in this order, which ids alone would not give.
    for (const [id, state] of [
      ["evt_z", "pending"],
      ["evt_done", "processed"],
      ["evt_a", "pending"],
    ]) {
      insert.run(id, state);
    }
    expect(() => insert.run("evt_new", "ignored_unknown_type")).toThrow(/CHECK/);
    old.close();

    const { store } = fresh(dataDir);
    expect((await store.pendingEvents(10)).map((e) => e.eventId)).toEqual(["evt_z", "evt_a"]);
    expect((await store.findEvent("evt_done"))?.state).toBe("processed");
    const outcome = { eventId: "evt_z", state: "ignored_unknown_type", error: "unknown" } as const;
    expect(await store.finishEvents([outcome])).toEqual(["evt_z"]);
    expect((await store.findEvent("evt_z"))?.state).toBe("ignored_unknown_type");
    expect(await store.schemaReady()).toBe(true);
    await store.close();
    stores.splice(stores.indexOf(store), 1);
    // Opened again: nothing left to widen, and nothing lost.
    const again = fresh(dataDir).store;
    expect((await again.pendingEvents(10)).map((e) => e.eventId)).toEqual(["evt_a"]);
  });
});
