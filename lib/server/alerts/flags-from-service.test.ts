import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertsStore } from "@/lib/server/alerts/alerts-store";
import { evaluateAccount } from "@/lib/server/alerts/evaluate";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import { listingsOfRead } from "@/lib/server/alerts/trigger";
import { refreshFromEvent } from "@/lib/server/mirror/refresh";
import { ACCOUNT, BASE, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";

/**
 * flag_gained over a mirror the sync filled from the reference service: the service's
 * flags.detected makes the mirror re-read the listing's flags, and the listing the read named
 * is evaluated, as the trigger would.
 */
let h: MirrorHarness;
let dir: string;
let alerts: AlertsStore;
const CODE = "guest_review_dropped";

beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
  dir = mkdtempSync(path.join(tmpdir(), "rd-alerts-flags-"));
  alerts = openSqliteAlerts(dir);
}, 60_000);
afterAll(async () => {
  await alerts.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

async function simulate(body: object): Promise<{ listing_ids: string[] }> {
  const response = await h.sandbox.app.fetch(
    new Request(`${BASE}/_sandbox/simulate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { listing_ids: string[] };
}

/** What the webhook receiver and the trigger do with the event: re-read, then evaluate what the read named. */
async function flagsRead(type: string, listingIds: string[]) {
  await refreshFromEvent(h.store, { type, listingIds }, h.sandbox.ctx.clock.now());
  await h.worker().drain();
  const named = listingIds.flatMap((id) => listingsOfRead("flags", id) ?? []);
  return evaluateAccount(h.store, alerts, ACCOUNT, h.sandbox.ctx.clock.now(), { listings: named });
}

describe("flag_gained from the service's flags.detected", () => {
  it("a flag the service detects fires once for its listing, clears once the service no longer has it, and fires again when it returns", async () => {
    const { id } = await alerts.createRule(ACCOUNT, {
      kind: "flag_gained",
      params: {},
      scope: {},
      delivery: { email: "off", webhook: "off" },
    });
    // The seeded portfolio's own flags first: what stands before the event.
    const seeded = await evaluateAccount(h.store, alerts, ACCOUNT, h.sandbox.ctx.clock.now());
    const [listing] = await h.store.listings(ACCOUNT);
    const listingId = listing!.listingId;
    expect(seeded.fired.some((a) => a.listingId === listingId && a.period === CODE)).toBe(false);

    const gained = await simulate({ event: "flag", listing_id: listingId, code: CODE });
    const first = await flagsRead("flags.detected", gained.listing_ids);
    expect(first.fired.map((a) => [a.listingId, a.period])).toEqual([[listingId, CODE]]);
    expect(first.fired[0]!.why).toMatch(
      new RegExp(
        `^Listing .+ gained the flag 'Guest review dropped' \\(detected \\d{4}-\\d{2}-\\d{2}\\)\\.$`,
      ),
    );
    expect((await flagsRead("flags.detected", gained.listing_ids)).fired).toEqual([]);

    // A cleared flag sends no event: the next read of the listing's flags (the reconcile) clears it.
    await simulate({ event: "flag_cleared", listing_id: listingId, code: CODE });
    const cleared = await flagsRead("flags.detected", [listingId]);
    expect(cleared).toMatchObject({ fired: [], cleared: 1 });
    expect((await alerts.standing(ACCOUNT, id)).some((k) => k.period === CODE)).toBe(false);

    await h.sandbox.ctx.clock.advance(5);
    const back = await simulate({ event: "flag", listing_id: listingId, code: CODE });
    expect((await flagsRead("flags.detected", back.listing_ids)).fired.map((a) => a.period)).toEqual([CODE]);
    const ofFlag = (
      await alerts.listAlerts(ACCOUNT, { ruleId: id, listingId }, h.sandbox.ctx.clock.now())
    ).filter((a) => a.period === CODE);
    expect(ofFlag.map((a) => a.state).sort()).toEqual(["open", "resolved"]);
  });
});
