import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import { evaluateAccount } from "@/lib/server/alerts/evaluate";
import { addDays } from "@/lib/format/dates";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";

/**
 * The paid sets' daily comps' prices, read by the sync from the reference service: every
 * request that reaches the service is recorded, so a free set asked for its price calendar
 * (a paid-only call) would show.
 */
let h: MirrorHarness;
beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
}, 60_000);
afterAll(async () => {
  await h.close();
});

/** The sets the owner sees, as the service lists them (asked outside the sync: not recorded). */
async function setsListed() {
  const answer = await h.get<unknown>("/sets?per_page=100");
  const rows = (Array.isArray(answer) ? answer : (answer as { data: unknown[] }).data) as Array<{
    id: string;
    is_paid: boolean;
  }>;
  return { data: rows };
}

const calendarReads = (setId: string) =>
  h.upstream.filter((p) => p === `/sets/${setId}/price_calendar`).length;

describe("the paid sets' comps' prices from the service", () => {
  it("a free set is never asked for its price calendar; each paid set once a day, kept as the day's row", async () => {
    const sets = (await h.store.groups(ACCOUNT)).filter((g) => g.kind === "set");
    const listed = await setsListed();
    const paid = listed.data.filter((s) => s.is_paid).map((s) => s.id);
    const free = listed.data.filter((s) => !s.is_paid).map((s) => s.id);
    // The seeded owner sees both kinds: otherwise this test could not fail.
    expect(paid.length).toBeGreaterThan(0);
    expect(free.length).toBeGreaterThan(0);
    expect(sets.map((s) => s.id).sort()).toEqual([...paid, ...free].sort());
    for (const id of free) expect(calendarReads(id), id).toBe(0);
    for (const id of paid) expect(calendarReads(id), id).toBe(1);
    const today = h.sandbox.ctx.clock.now().toISOString().slice(0, 10);
    for (const id of paid) {
      const rows = await h.store.setPrices(ACCOUNT, id);
      expect(rows.map((r) => r.day)).toEqual([today]);
      // A set of more than 25 memberships answers 422: the day has no figure, and the read is done.
      const calendar = await h.get<{ error?: unknown }>(`/sets/${id}/price_calendar`);
      if (calendar.error) expect(rows[0]).toMatchObject({ median: null, nights: 0 });
      else expect(rows[0]!.median).toBeGreaterThan(0);
    }
    expect(
      (await Promise.all(paid.map((id) => h.store.setPrices(ACCOUNT, id)))).some((r) => r[0]!.median),
    ).toBe(true);
    for (const id of free) expect(await h.store.setPrices(ACCOUNT, id)).toEqual([]);
  });

  it("the next day's read is a row of its own, and comps_moved judges it against the day before, reading the mirror only", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rd-set-prices-"));
    const alerts = openSqliteAlerts(dir);
    try {
      const listed = await setsListed();
      const setId = (
        await Promise.all(
          listed.data
            .filter((s) => s.is_paid)
            .map(async (s) => ({ id: s.id, median: (await h.store.setPrices(ACCOUNT, s.id))[0]!.median })),
        )
      ).find((s) => s.median !== null)!.id;
      // Just past the service's midnight: the set's read is made due, as its day-old freshness would.
      const now = h.sandbox.ctx.clock.nowMs();
      await h.sandbox.ctx.clock.advance((86_400_000 - (now % 86_400_000)) / 1000 + 60);
      await h.store.markDue(ACCOUNT, "set_prices", [setId], h.sandbox.ctx.clock.now());
      await h.worker().drain();
      const free = listed.data.filter((s) => !s.is_paid).map((s) => s.id);
      for (const id of free) expect(calendarReads(id), id).toBe(0);
      expect(calendarReads(setId)).toBe(2);
      const [latest, previous] = await h.store.setPrices(ACCOUNT, setId);
      expect(previous!.day).toBe(addDays(latest!.day, -1));

      await alerts.createRule(ACCOUNT, {
        kind: "comps_moved",
        params: { set_id: setId, percent: 0.1 },
        scope: {},
        delivery: { email: "off", webhook: "off" },
      });
      const before = h.upstream.length;
      const result = await evaluateAccount(h.store, alerts, ACCOUNT, h.sandbox.ctx.clock.now());
      expect(h.upstream.length).toBe(before);
      const moved = Math.abs(latest!.median! - previous!.median!) * 100 > 0.1 * previous!.median!;
      expect(result.fired.map((a) => [a.listingId, a.period])).toEqual(
        moved ? [[setId, `set:${setId}`]] : [],
      );
    } finally {
      await alerts.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
