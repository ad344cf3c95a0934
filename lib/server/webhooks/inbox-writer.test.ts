import { describe, expect, it } from "vitest";
import type { NewInboxEvent } from "@/lib/server/dashboard-store";
import { createInboxWriter } from "@/lib/server/webhooks/inbox-writer";

/**
 * Group commit against a store whose writes settle when the test says (as a database on the
 * network does): an answer never comes before its write, and one write is in flight at a time.
 */
function slowStore() {
  const writes: { ids: string[]; settle: (error?: Error) => void }[] = [];
  const stored = new Set<string>();
  return {
    writes,
    insertEvents(rows: NewInboxEvent[]) {
      return new Promise<("inserted" | "duplicate")[]>((resolve, reject) => {
        writes.push({
          ids: rows.map((r) => r.eventId),
          settle: (error) => {
            if (error) return reject(error);
            resolve(
              rows.map((r) => {
                if (stored.has(r.eventId)) return "duplicate";
                stored.add(r.eventId);
                return "inserted";
              }),
            );
          },
        });
      });
    },
  };
}
const event = (eventId: string): NewInboxEvent => ({
  eventId,
  sinkId: "snk_" + "a".repeat(22),
  eventType: "flags.detected",
  body: "{}",
  receivedAt: "2026-11-21T10:00:00.000Z",
});
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the inbox writer", () => {
  it("answers a delivery only once its write has settled", async () => {
    const store = slowStore();
    const writer = createInboxWriter(store);
    let answered = false;
    const outcome = writer.insert(event("evt_1")).then((o) => {
      answered = true;
      return o;
    });
    await turn();
    expect(store.writes.map((w) => w.ids)).toEqual([["evt_1"]]);
    await turn();
    expect(answered).toBe(false);
    store.writes[0]!.settle();
    expect(await outcome).toBe("inserted");
  });

  it("deliveries arriving while a write is in flight share the next write, one write at a time", async () => {
    const store = slowStore();
    const writer = createInboxWriter(store);
    const first = writer.insert(event("evt_1"));
    await turn();
    const later = [writer.insert(event("evt_2")), writer.insert(event("evt_1"))];
    await turn();
    await turn();
    expect(store.writes).toHaveLength(1);
    store.writes[0]!.settle();
    expect(await first).toBe("inserted");
    await turn();
    expect(store.writes.map((w) => w.ids)).toEqual([["evt_1"], ["evt_2", "evt_1"]]);
    store.writes[1]!.settle();
    expect(await Promise.all(later)).toEqual(["inserted", "duplicate"]);
  });

  it("a failed write rejects its own deliveries only; the next write goes ahead", async () => {
    const store = slowStore();
    const writer = createInboxWriter(store);
    const failed = writer.insert(event("evt_1"));
    await turn();
    const next = writer.insert(event("evt_2"));
    store.writes[0]!.settle(new Error("The database is gone."));
    await expect(failed).rejects.toThrow("The database is gone.");
    await turn();
    store.writes[1]!.settle();
    expect(await next).toBe("inserted");
  });
});
