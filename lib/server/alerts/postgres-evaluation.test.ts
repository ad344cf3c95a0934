import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "@/test-support/pg-database";
import type { RuleBody } from "@/lib/alerts/rules";
import {
  ACCOUNT,
  calendar,
  listing,
  market,
  NOW,
  put,
  reservations,
  stay,
} from "@/lib/server/alerts/alerts-world";
import { evaluateAccount } from "@/lib/server/alerts/evaluate";
import { openPostgresAlerts } from "@/lib/server/alerts/postgres-alerts";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { openPostgresMirror } from "@/lib/server/mirror/postgres-mirror";

/**
 * Two instances on one PostgreSQL evaluate the same change at once (two pools for the alerts,
 * as two processes would have): each alert fires once.
 */
let url: string;
let mirror: MirrorStore;
const delivery = { email: "off", webhook: "off" } as const;

beforeAll(async () => {
  url = await freshDatabase("rd_alerts_eval");
  mirror = await openPostgresMirror({ url, poolSize: 4 });
  await mirror.startSync(ACCOUNT, "Olivia Hart", new Date(NOW.getTime() - 86_400_000));
  const ids = Array.from({ length: 30 }, (_, i) => `l${i}`);
  await put(mirror, "listings", "", {
    kind: "listings",
    listings: ids.map((id) => listing(id, {}, { listing_preferences: { min_price: 90 } })),
  });
  for (const id of ids) {
    await put(
      mirror,
      "reservations",
      id,
      reservations([stay(`${id}_ly`, "2025-12-05", 10, "2025-10-01T10:00:00.000Z")]),
    );
    await put(
      mirror,
      "nights",
      id,
      calendar((i) => (i < 8 ? 90 : 150)),
    );
  }
  await put(mirror, "market", "mkt_a", market(60));
}, 60_000);
afterAll(async () => {
  await mirror.close();
});

describe("two instances evaluating at once", () => {
  it("two PostgreSQL pools evaluating the same rules at once fire each alert once", async () => {
    const one = await openPostgresAlerts({ url, poolSize: 3 });
    const two = await openPostgresAlerts({ url, poolSize: 3 });
    for (const rule of [
      { kind: "behind_stly", params: { metric: "nights", percent: 15 } },
      { kind: "at_minimum", params: { nights: 5 } },
      { kind: "below_market", params: { window: 7, percent: 80 } },
    ])
      await one.createRule(ACCOUNT, { ...rule, scope: {}, delivery } as RuleBody);
    const [a, b] = await Promise.all([
      evaluateAccount(mirror, one, ACCOUNT, NOW),
      evaluateAccount(mirror, two, ACCOUNT, NOW),
    ]);
    // 30 listings: December behind, nights at the floor, below the market.
    expect(a.fired.length + b.fired.length).toBe(90);
    const all = await one.listAlerts(ACCOUNT, {}, NOW);
    expect(all).toHaveLength(90);
    expect(new Set(all.map((x) => `${x.ruleId} ${x.listingId} ${x.period}`)).size).toBe(90);
    await one.close();
    await two.close();
  });
});
