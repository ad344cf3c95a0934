import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listingRow } from "@/lib/server/mirror/mirror-contract-support";
import { refreshFromEvent } from "@/lib/server/mirror/refresh";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";

const root = mkdtempSync(path.join(tmpdir(), "rd-refresh-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const T0 = new Date("2026-11-27T10:00:00Z");
const at = (s: number) => new Date(T0.getTime() + s * 1000);

async function mirrorOf(listings: string[]) {
  const store = openSqliteMirror(path.join(root, listings.join("-")));
  await store.startSync("usr_owner", "Olivia Hart", T0);
  const [task] = await store.claimTasks("usr_owner", 1, 60_000, T0);
  await store.finishTask(
    task!,
    { ok: true, result: { kind: "listings", listings: listings.map((id) => listingRow(id)) }, requests: 1 },
    86_400_000,
    T0,
  );
  // Everything read once, so that only what an event asks for is due.
  for (const t of await store.claimTasks("usr_owner", 100, 60_000, T0)) {
    const result =
      t.kind === "reservations"
        ? {
            kind: "reservations" as const,
            window: { from: "2024-01-01", to: "2027-01-01" },
            reservations: [],
          }
        : t.kind === "nights"
          ? {
              kind: "nights" as const,
              window: { from: "2026-11-27", to: "2027-11-26" },
              currency: "USD",
              nights: [],
            }
          : t.kind === "flags"
            ? { kind: "flags" as const, flags: [] }
            : { kind: "market" as const, series: [] };
    await store.finishTask(t, { ok: true, result, requests: 1 }, 86_400_000, T0);
  }
  return store;
}
const due = async (store: Awaited<ReturnType<typeof mirrorOf>>, s: number) =>
  (await store.claimTasks("usr_owner", 100, 60_000, at(s))).map((t) => `${t.kind}:${t.subject}`);

describe("webhooks keep the mirror fresh", () => {
  it("reservations.ingested re-reads the reservations of the listings it names, and notes the event", async () => {
    const store = await mirrorOf(["a", "b", "c"]);
    expect(
      await refreshFromEvent(store, { type: "reservations.ingested", listingIds: ["b"] }, at(10)),
    ).toEqual(["usr_owner"]);
    expect(await due(store, 11)).toEqual(["reservations:b"]);
    expect((await store.syncRecord("usr_owner"))!.lastEventAt).toBe(at(10).toISOString());
    await store.close();
  });

  it("recommendations.updated re-reads price calendars, the newest event's listings first; flags.detected the flags", async () => {
    const store = await mirrorOf(["a", "b", "c", "d"]);
    await refreshFromEvent(store, { type: "recommendations.updated", listingIds: ["a", "b"] }, at(10));
    await refreshFromEvent(store, { type: "recommendations.updated", listingIds: ["d"] }, at(20));
    await refreshFromEvent(store, { type: "flags.detected", listingIds: ["c"] }, at(30));
    expect(await due(store, 31)).toEqual(["nights:d", "nights:a", "nights:b", "flags:c"]);
    await store.close();
  });

  it("an event of an unknown type re-reads everything of its listings; a listing no mirror holds concerns nobody", async () => {
    const store = await mirrorOf(["a", "b"]);
    expect(
      await refreshFromEvent(store, { type: "pricing.recomputed", listingIds: ["a", "zz"] }, at(10)),
    ).toEqual(["usr_owner"]);
    expect(await due(store, 11)).toEqual(["reservations:a", "nights:a", "flags:a"]);
    expect(await refreshFromEvent(store, { type: "flags.detected", listingIds: ["zz"] }, at(12))).toEqual([]);
    await store.close();
  });
});
