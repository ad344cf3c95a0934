import { afterEach, describe, expect, it } from "vitest";
import {
  CLAIM_LEASE_MS,
  PREVIOUS_SECRET_VALID_MS,
  REJECTIONS_KEPT_PER_SINK,
  type DashboardStore,
  type NewInboxEvent,
} from "@/lib/server/dashboard-store";
import { endedSessionsContract } from "@/lib/server/store-contract-sessions";

/**
 * The rules of the dashboard's store (dashboard-store.ts) as one suite that every engine runs:
 * SQLite (sqlite-store.test.ts) and PostgreSQL (postgres-store.test.ts). `open` gives a fresh,
 * empty store; the suite closes it after each test. What only one engine can show (a file in
 * WAL mode, bytes on disk) stays in that engine's own test file.
 */
export function storeContract(open: () => Promise<DashboardStore>): void {
  const opened: DashboardStore[] = [];
  const fresh = async () => {
    const store = await open();
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  const SECRET = "whsec_" + "5e".repeat(32);
  const T0 = new Date("2026-11-21T10:00:00Z");
  const owner = {
    ownerAccountId: "usr_owner",
    ownerLabel: "Olivia Hart",
    subscriptionId: "whk_1",
    secret: SECRET,
  };
  const event = (eventId: string, sinkId: string, receivedAt = T0.toISOString()): NewInboxEvent => ({
    eventId,
    sinkId,
    eventType: "flags.detected",
    body: JSON.stringify({ id: eventId }),
    receivedAt,
  });
  const ids = (events: { eventId: string }[]) => events.map((e) => e.eventId);

  describe("sinks", () => {
    it("sink ids are random and url-safe, usable as a path segment; a chosen id is kept", async () => {
      const store = await fresh();
      const a = await store.createSink(owner);
      const b = await store.createSink(owner);
      expect(a.id).toMatch(/^snk_[A-Za-z0-9_-]{22}$/);
      expect(a.id).not.toBe(b.id);
      expect(encodeURIComponent(a.id)).toBe(a.id);
      const chosen = "snk_" + "C".repeat(22);
      expect((await store.createSink({ ...owner, id: chosen })).id).toBe(chosen);
    });

    it("a sink reads back as created, is listed under its owner only, and its subscription can change", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner, T0);
      expect(sink).toEqual({
        id: sink.id,
        ownerAccountId: "usr_owner",
        ownerLabel: "Olivia Hart",
        subscriptionId: "whk_1",
        previousValidUntil: null,
        createdAt: T0.toISOString(),
      });
      expect(await store.findSink(sink.id)).toEqual(sink);
      const later = await store.createSink(owner, new Date(T0.getTime() + 1000));
      await store.createSink({ ...owner, ownerAccountId: "usr_other" });
      expect((await store.listSinks("usr_owner")).map((s) => s.id)).toEqual([sink.id, later.id]);
      expect(await store.setSinkSubscription(sink.id, null)).toBe(true);
      expect((await store.findSink(sink.id))?.subscriptionId).toBeNull();
      expect(await store.setSinkSubscription("snk_" + "x".repeat(22), "whk_2")).toBe(false);
    });

    it("a deleted sink is gone, and deleting it again reports nothing deleted", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      expect(await store.deleteSink(sink.id)).toBe(true);
      expect(await store.findSink(sink.id)).toBeNull();
      expect(await store.validSecrets(sink.id)).toBeNull();
      expect(await store.deleteSink(sink.id)).toBe(false);
    });

    it("refuses a sink without an owner, or with a secret too short, at the boundary", async () => {
      const store = await fresh();
      await expect(store.createSink({ ...owner, ownerAccountId: "" })).rejects.toThrow();
      await expect(store.createSink({ ...owner, secret: "short" })).rejects.toThrow();
      expect(await store.listSinks("usr_owner")).toEqual([]);
    });
  });

  describe("secrets", () => {
    it("a sink's secret reads back as given", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      expect(await store.validSecrets(sink.id)).toEqual([SECRET]);
    });

    it("rotation keeps the previous secret valid for 24 hours, then only the new one", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      const next = "whsec_" + "0f".repeat(32);
      expect(await store.rotateSinkSecret(sink.id, next, T0)).toBe(true);
      const justBefore = new Date(T0.getTime() + PREVIOUS_SECRET_VALID_MS - 1000);
      const after = new Date(T0.getTime() + PREVIOUS_SECRET_VALID_MS + 1000);
      expect(await store.validSecrets(sink.id, justBefore)).toEqual([next, SECRET]);
      expect(await store.validSecrets(sink.id, after)).toEqual([next]);
      expect((await store.findSink(sink.id))?.previousValidUntil).toBe("2026-11-22T10:00:00.000Z");
    });

    it("a second rotation keeps only the secret it replaced as the previous one", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      const second = "whsec_" + "02".repeat(32);
      const third = "whsec_" + "03".repeat(32);
      await store.rotateSinkSecret(sink.id, second, T0);
      await store.rotateSinkSecret(sink.id, third, new Date(T0.getTime() + 1000));
      expect(await store.validSecrets(sink.id, new Date(T0.getTime() + 2000))).toEqual([third, second]);
    });

    it("an unknown sink has no secrets and cannot be rotated; a short secret is refused", async () => {
      const store = await fresh();
      expect(await store.validSecrets("snk_" + "x".repeat(22))).toBeNull();
      expect(await store.rotateSinkSecret("snk_" + "x".repeat(22), SECRET)).toBe(false);
      const sink = await store.createSink(owner);
      await expect(store.rotateSinkSecret(sink.id, "short")).rejects.toThrow();
      expect(await store.validSecrets(sink.id)).toEqual([SECRET]);
    });
  });

  describe("the inbox", () => {
    it("an event id is stored once: a repeat, in the same call or a later one, is a duplicate", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      expect(
        await store.insertEvents([event("evt_1", sink.id), event("evt_1", sink.id), event("evt_2", sink.id)]),
      ).toEqual(["inserted", "duplicate", "inserted"]);
      expect(await store.insertEvents([event("evt_2", sink.id), event("evt_3", sink.id)])).toEqual([
        "duplicate",
        "inserted",
      ]);
      expect(ids(await store.listInbox("usr_owner")).sort()).toEqual(["evt_1", "evt_2", "evt_3"]);
      expect(await store.findEvent("evt_1")).toEqual({
        eventId: "evt_1",
        sinkId: sink.id,
        eventType: "flags.detected",
        body: JSON.stringify({ id: "evt_1" }),
        receivedAt: T0.toISOString(),
        verification: "verified",
        state: "pending",
        processedAt: null,
        error: null,
      });
      expect(await store.findEvent("evt_unknown")).toBeNull();
      expect(await store.insertEvents([])).toEqual([]);
    });

    it("pending events come oldest accepted first, up to the limit", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      await store.insertEvents([event("evt_b", sink.id), event("evt_a", sink.id)]);
      await store.insertEvents([event("evt_c", sink.id)]);
      expect(ids(await store.pendingEvents(10))).toEqual(["evt_b", "evt_a", "evt_c"]);
      expect(ids(await store.pendingEvents(2))).toEqual(["evt_b", "evt_a"]);
    });

    it("finishing returns only the ids this call moved out of pending", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      await store.insertEvents([event("evt_1", sink.id), event("evt_2", sink.id)]);
      const done = new Date(T0.getTime() + 5000);
      expect(
        await store.finishEvents(
          [
            { eventId: "evt_1", state: "processed" },
            { eventId: "evt_2", state: "failed", error: "The body is not valid JSON." },
            { eventId: "evt_unknown", state: "processed" },
          ],
          done,
        ),
      ).toEqual(["evt_1", "evt_2"]);
      expect(await store.finishEvents([{ eventId: "evt_1", state: "failed", error: "late" }])).toEqual([]);
      expect(await store.findEvent("evt_1")).toMatchObject({
        state: "processed",
        processedAt: done.toISOString(),
        error: null,
      });
      expect(await store.findEvent("evt_2")).toMatchObject({
        state: "failed",
        error: "The body is not valid JSON.",
      });
      expect(await store.pendingEvents(10)).toEqual([]);
    });

    it("an event ignored for its unknown type or unreadable listing ids is kept with why, as failed ones are", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      await store.insertEvents(["evt_type", "evt_ids"].map((id) => event(id, sink.id)));
      const done = new Date(T0.getTime() + 5000);
      const outcomes = [
        { eventId: "evt_type", state: "ignored_unknown_type", error: "payouts.created is not known." },
        { eventId: "evt_ids", state: "ignored_unreadable", error: "data.listing_ids is missing." },
      ] as const;
      expect(await store.finishEvents([...outcomes], done)).toEqual(["evt_type", "evt_ids"]);
      for (const { eventId, state, error } of outcomes) {
        const body = JSON.stringify({ id: eventId });
        expect(await store.findEvent(eventId)).toMatchObject({
          state,
          error,
          body,
          processedAt: done.toISOString(),
        });
      }
      // Done with, like processed and failed: never claimed again, listed in the inbox.
      expect(await store.claimEvents(10, done)).toEqual([]);
      expect(ids(await store.listInbox("usr_owner")).sort()).toEqual(["evt_ids", "evt_type"]);
    });

    it("a claim leases pending events oldest first: no claim gets them again until the lease runs out", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      await store.insertEvents(["evt_1", "evt_2", "evt_3"].map((id) => event(id, sink.id)));
      const at = (ms: number) => new Date(T0.getTime() + ms);
      expect(ids(await store.claimEvents(2, T0))).toEqual(["evt_1", "evt_2"]);
      expect(ids(await store.claimEvents(10, T0))).toEqual(["evt_3"]);
      expect(await store.claimEvents(10, at(CLAIM_LEASE_MS - 1))).toEqual([]);
      // Claimed is still pending: reading shows them, and finishing moves them.
      expect(ids(await store.pendingEvents(10))).toEqual(["evt_1", "evt_2", "evt_3"]);
      expect(await store.finishEvents([{ eventId: "evt_1", state: "processed" }], at(1))).toEqual(["evt_1"]);
      // The claimant of the others died: once the lease runs out, another claim takes them.
      expect(ids(await store.claimEvents(10, at(CLAIM_LEASE_MS)))).toEqual(["evt_2", "evt_3"]);
    });

    it("two claims at once never return the same event", async () => {
      const store = await fresh();
      const sink = await store.createSink(owner);
      const all = Array.from({ length: 50 }, (_, i) => `evt_${String(i).padStart(2, "0")}`);
      await store.insertEvents(all.map((id) => event(id, sink.id)));
      const [x, y] = await Promise.all([store.claimEvents(30, T0), store.claimEvents(30, T0)]);
      expect(ids(x).filter((id) => ids(y).includes(id))).toEqual([]);
      expect([...ids(x), ...ids(y)].sort()).toEqual(all);
    });

    it("the inbox lists the account's events newest first across its sinks, up to the limit", async () => {
      const store = await fresh();
      const a = await store.createSink(owner);
      const b = await store.createSink(owner);
      const other = await store.createSink({ ...owner, ownerAccountId: "usr_other" });
      const at = (s: number) => new Date(T0.getTime() + s * 1000).toISOString();
      await store.insertEvents([event("evt_old", a.id, at(1)), event("evt_new", b.id, at(3))]);
      await store.insertEvents([event("evt_mid", a.id, at(2)), event("evt_theirs", other.id, at(4))]);
      // Received in the same millisecond: the one accepted later comes first.
      await store.insertEvents([event("evt_tie_1", a.id, at(5)), event("evt_tie_2", a.id, at(5))]);
      expect(ids(await store.listInbox("usr_owner"))).toEqual([
        "evt_tie_2",
        "evt_tie_1",
        "evt_new",
        "evt_mid",
        "evt_old",
      ]);
      expect(ids(await store.listInbox("usr_owner", 2))).toEqual(["evt_tie_2", "evt_tie_1"]);
      expect(ids(await store.listInbox("usr_other"))).toEqual(["evt_theirs"]);
      expect(await store.listInbox("usr_nobody")).toEqual([]);
    });
  });

  describe("rejections", () => {
    it(`keeps at most the last ${REJECTIONS_KEPT_PER_SINK} rejections per sink, newest first`, async () => {
      const store = await fresh();
      const a = await store.createSink(owner);
      const b = await store.createSink(owner);
      for (let i = 0; i < REJECTIONS_KEPT_PER_SINK + 50; i++) await store.recordRejection(a.id, `r${i}`, T0);
      await store.recordRejection(b.id, "no_match", T0);
      const all = await store.listRejections("usr_owner", 1000);
      expect(all.filter((r) => r.sinkId === a.id)).toHaveLength(REJECTIONS_KEPT_PER_SINK);
      expect(all.filter((r) => r.sinkId === b.id)).toHaveLength(1);
      expect(all[0]).toEqual({ sinkId: b.id, reason: "no_match", at: T0.toISOString() });
      expect(all.find((r) => r.sinkId === a.id)?.reason).toBe(`r${REJECTIONS_KEPT_PER_SINK + 49}`);
      expect(all.at(-1)?.reason).toBe("r50");
      expect(await store.listRejections("usr_owner", 3)).toHaveLength(3);
      expect(await store.listRejections("usr_other")).toEqual([]);
    });
  });

  endedSessionsContract(fresh);

  describe("schema", () => {
    it("a freshly opened store has its schema in place", async () => {
      const store = await fresh();
      expect(await store.schemaReady()).toBe(true);
    });
  });
}
