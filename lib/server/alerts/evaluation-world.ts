import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import type { RuleBody } from "@/lib/alerts/rules";
import type { AlertsStore } from "@/lib/server/alerts/alerts-store";
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
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";

/**
 * The small portfolio the evaluation tests judge, written through the mirror store's own
 * writes into a fresh SQLite file before each test: three listings (one hidden), their stays,
 * calendars and a market.
 */
export const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
const DELIVERY = { email: "off", webhook: "off" } as const;
export const rule = (kind: RuleBody["kind"], params: object, scope: object = {}) =>
  ({ kind, params, scope, delivery: DELIVERY }) as RuleBody;

// l1: December 5 nights against 13 the same time last year; 8 of the next 30 nights at its
// minimum price (90); last year's same week picked up 3 nights (for December), this week none.
export const L1_STAYS = [
  stay("r_ly_dec", "2025-12-05", 10, "2025-10-01T10:00:00.000Z"),
  stay("r_ly_pick", "2025-12-20", 3, "2025-11-28T10:00:00.000Z"),
  stay("r_dec", "2026-12-05", 5, "2026-10-01T10:00:00.000Z"),
];

export interface EvaluationWorld {
  /** The test's own data directory: a second store may open beside the first. */
  dir: string;
  mirror: MirrorStore;
  alerts: AlertsStore;
  /** What an evaluation fired, as "listing period", sorted. */
  fired(now?: Date): Promise<string[]>;
}

/** Registers the world's making and clearing around each test of the calling file. */
export function evaluationWorld(): EvaluationWorld {
  const world = {
    async fired(now = NOW) {
      return (await evaluateAccount(world.mirror, world.alerts, ACCOUNT, now)).fired
        .map((a) => `${a.listingId} ${a.period ?? "-"}`)
        .sort();
    },
  } as EvaluationWorld;
  beforeEach(async () => {
    world.dir = mkdtempSync(path.join(tmpdir(), "rd-alerts-eval-"));
    world.mirror = openSqliteMirror(world.dir);
    world.alerts = openSqliteAlerts(world.dir);
    const mirror = world.mirror;
    await mirror.startSync(ACCOUNT, "Olivia Hart", new Date(NOW.getTime() - 86_400_000));
    await put(mirror, "listings", "", {
      kind: "listings",
      listings: [
        listing("l1", {}, { listing_preferences: { min_price: 90 } }),
        listing("l2", {}, { listing_preferences: { min_price: null } }),
        listing("l3", { hidden: true }),
      ],
    });
    await put(mirror, "reservations", "l1", reservations(L1_STAYS));
    await put(
      mirror,
      "reservations",
      "l2",
      reservations([stay("r2", "2026-12-20", 2, "2026-11-25T10:00:00.000Z")]),
    );
    await put(mirror, "reservations", "l3", reservations([]));
    await put(
      mirror,
      "nights",
      "l1",
      calendar(
        (i) => (i < 8 ? 90 : 150),
        (i) => i >= 10 && i < 15,
      ),
    );
    await put(
      mirror,
      "nights",
      "l2",
      calendar(() => 120),
    );
    await put(mirror, "market", "mkt_a", market(60));
  });
  afterEach(async () => {
    await world.mirror.close();
    await world.alerts.close();
    rmSync(world.dir, { recursive: true, force: true });
  });
  return world;
}
