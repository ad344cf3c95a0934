import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { PREVIOUS_SECRET_VALID_MS, REJECTIONS_KEPT_PER_SINK, type DashboardStore } from "./dashboard-store";
import { endedSessionsContract } from "./ended-sessions-contract";
import { openStore } from "./sqlite-store";

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
const event = (eventId: string, sinkId: string) => ({
  eventId,
  sinkId,
  eventType: "flags.detected",
  body: JSON.stringify({ id: eventId }),
  receivedAt: new Date().toISOString(),
});

describe("the dashboard store", () => {
  it("opens <dataDir>/dashboard.db in WAL mode", async () => {
    const { store, dataDir } = fresh();
    await store.createSink(owner);
    const raw = new Database(path.join(dataDir, "dashboard.db"), { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("sink ids are random and url-safe, usable as a path segment", async () => {
    const { store } = fresh();
    const a = await store.createSink(owner);
    const b = await store.createSink(owner);
    expect(a.id).toMatch(/^snk_[A-Za-z0-9_-]{22}$/);
    expect(a.id).not.toBe(b.id);
    expect(encodeURIComponent(a.id)).toBe(a.id);
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

  it("rotation keeps the previous secret valid for 24 hours, then only the new one", async () => {
    const { store } = fresh();
    const sink = await store.createSink(owner);
    const rotatedAt = new Date("2026-11-21T10:00:00Z");
    const next = "whsec_" + "0f".repeat(32);
    expect(await store.rotateSinkSecret(sink.id, next, rotatedAt)).toBe(true);
    const justBefore = new Date(rotatedAt.getTime() + PREVIOUS_SECRET_VALID_MS - 1000);
    const after = new Date(rotatedAt.getTime() + PREVIOUS_SECRET_VALID_MS + 1000);
    expect(await store.validSecrets(sink.id, justBefore)).toEqual([next, SECRET]);
    expect(await store.validSecrets(sink.id, after)).toEqual([next]);
    expect((await store.findSink(sink.id))?.previousValidUntil).toBe("2026-11-22T10:00:00.000Z");
  });

  it("an unknown sink has no secrets and cannot be rotated", async () => {
    const { store } = fresh();
    expect(await store.validSecrets("snk_" + "x".repeat(22))).toBeNull();
    expect(await store.rotateSinkSecret("snk_" + "x".repeat(22), SECRET)).toBe(false);
  });

  it("an event id is stored once: a repeat, in the same commit or a later one, is a duplicate", async () => {
    const { store } = fresh();
    const sink = await store.createSink(owner);
    expect(
      store.insertEvents([event("evt_1", sink.id), event("evt_1", sink.id), event("evt_2", sink.id)]),
    ).toEqual(["inserted", "duplicate", "inserted"]);
    expect(await store.insertEvents([event("evt_2", sink.id)])).toEqual(["duplicate"]);
    expect(
      (await store.listInbox("usr_owner"))
        .map((e) => e.eventId)
        .sort(),
    ).toEqual(["evt_1", "evt_2"]);
    expect(await store.findEvent("evt_1")).toMatchObject({ state: "pending", verification: "verified" });
  });

  it(`keeps at most the last ${REJECTIONS_KEPT_PER_SINK} rejections per sink`, async () => {
    const { store } = fresh();
    const a = await store.createSink(owner);
    const b = await store.createSink(owner);
    for (let i = 0; i < REJECTIONS_KEPT_PER_SINK + 50; i++) await store.recordRejection(a.id, `r${i}`);
    await store.recordRejection(b.id, "no_match");
    const all = await store.listRejections("usr_owner", 1000);
    expect(all.filter((r) => r.sinkId === a.id)).toHaveLength(REJECTIONS_KEPT_PER_SINK);
    expect(all.filter((r) => r.sinkId === b.id)).toHaveLength(1);
    expect(all[0]).toMatchObject({ sinkId: b.id, reason: "no_match" });
    expect(all.find((r) => r.sinkId === a.id)?.reason).toBe(`r${REJECTIONS_KEPT_PER_SINK + 49}`);
  });

  it("refuses a sink without an owner at the boundary", async () => {
    const { store } = fresh();
    await expect(store.createSink({ ...owner, ownerAccountId: "" })).rejects.toThrow();
  });
});

describe("the SQLite store keeps the store's rules", () => {
  endedSessionsContract(async () => fresh().store);

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
});
