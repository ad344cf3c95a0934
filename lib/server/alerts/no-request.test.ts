import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RuleBody } from "@/lib/alerts/rules";
import type { AlertsStore } from "@/lib/server/alerts/alerts-store";
import { evaluateAccount } from "@/lib/server/alerts/evaluate";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import { ACCOUNT, mirrorHarness, type MirrorHarness } from "@/test-support/mirror-sync";

/**
 * Rules evaluated over a mirror the sync filled from the reference service: the mirror
 * answers, the service hears nothing. Every request that reaches the service is recorded by
 * the harness, and every fetch of the process is counted while the evaluation runs.
 */
let h: MirrorHarness;
let dir: string;
let alerts: AlertsStore;
const delivery = { email: "off", webhook: "off" } as const;
const RULES = [
  { kind: "behind_stly", params: { metric: "nights", percent: 5 } },
  { kind: "behind_stly", params: { metric: "revenue", percent: 5 } },
  { kind: "no_booking", params: { days: 3 } },
  { kind: "below_market", params: { window: 30, percent: 100 } },
  { kind: "at_minimum", params: { nights: 0 } },
  { kind: "pickup_below_ly", params: { percent: 1 } },
  { kind: "flag_gained", params: {} },
  { kind: "comps_moved", params: { set_id: "set_1", percent: 1 } },
].map((r) => ({ ...r, scope: {}, delivery }) as RuleBody);

beforeAll(async () => {
  h = await mirrorHarness();
  await h.worker().drain();
  dir = mkdtempSync(path.join(tmpdir(), "rd-alerts-noreq-"));
  alerts = openSqliteAlerts(dir);
  for (const rule of RULES) await alerts.createRule(ACCOUNT, rule);
}, 60_000);
afterAll(async () => {
  await alerts.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("rule evaluation reads the mirror only", () => {
  it("no rule evaluation makes a request to the service", async () => {
    const before = h.upstream.length;
    const realFetch = globalThis.fetch;
    let fetches = 0;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      fetches += 1;
      return realFetch(...args);
    }) as typeof fetch;
    try {
      const now = h.sandbox.ctx.clock.now();
      const first = await evaluateAccount(h.store, alerts, ACCOUNT, now);
      const second = await evaluateAccount(h.store, alerts, ACCOUNT, now);
      expect(first.rules).toBe(8);
      // The seeded portfolio trips the loosest thresholds somewhere: the evaluation measured something.
      expect(first.fired.length).toBeGreaterThan(0);
      const held = new Set((await h.store.listings(ACCOUNT)).map((l) => l.listingId));
      for (const alert of first.fired) {
        expect(held.has(alert.listingId)).toBe(true);
        expect(alert.why).toMatch(/^[A-Z0-9].*\.$/);
      }
      expect(second.fired).toEqual([]);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(h.upstream.length).toBe(before);
    expect(fetches).toBe(0);
  });
});
