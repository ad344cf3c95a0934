import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import { openDatabase } from "./data/db";
import { seedDatabase } from "./data/seed";
import { call, makeSandbox, personaKeys, type Personas } from "./test-support";
import { getUsage, recorded, tokenIdOf } from "./usage-support";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The seeded usage_requests rows of a world seeded with these options. */
function seededRequests(options: { seed: string; today: string; nowMs?: number }) {
  const db = openDatabase(":memory:");
  seedDatabase(db, options);
  const out = db.prepare(`SELECT * FROM usage_requests ORDER BY id`).all() as Array<Record<string, unknown>>;
  db.close();
  return out;
}

describe("usage: the seeded week of request history", () => {
  let sandbox: Sandbox;
  let p: Personas;

  beforeAll(async () => {
    sandbox = makeSandbox();
    p = await personaKeys(sandbox);
  });
  afterAll(() => sandbox.close());

  it("a fresh install reports every day of the last week for the owner, weekdays busier than weekends", async () => {
    const report = await getUsage(sandbox, p.owner.keys.standard);
    const today = dayOf(sandbox.ctx.clock.nowMs());
    const fullDays = report.by_day.filter((d) => d.date !== today && d.date !== report.by_day[0]!.date);
    expect(fullDays).toHaveLength(6);
    for (const day of fullDays) expect(day.requests, day.date).toBeGreaterThan(0);

    const mean = (days: typeof fullDays) => days.reduce((sum, d) => sum + d.requests, 0) / days.length;
    const weekend = fullDays.filter((d) => [0, 6].includes(weekdayOf(d.date)));
    const weekdays = fullDays.filter((d) => ![0, 6].includes(weekdayOf(d.date)));
    // Any six consecutive days hold at least one weekend day and four weekdays.
    expect(weekend.length).toBeGreaterThan(0);
    expect(mean(weekdays)).toBeGreaterThan(2 * mean(weekend));
    // Every seeded key of the account took part.
    expect(report.by_token.map((t) => t.name).sort()).toEqual(
      ["Channel manager sync", "Dashboard", "Reporting (read-only)"].sort(),
    );
  });

  it("one weekday holds a burst of 429s, and one endpoint clearly has the most 429s of the week", async () => {
    const report = await getUsage(sandbox, p.owner.keys.standard);
    const limited = report.by_day.filter((d) => d.rate_limited > 0);
    const burst = limited.reduce((a, b) => (b.rate_limited > a.rate_limited ? b : a));
    expect(burst.rate_limited).toBeGreaterThan(300);
    expect(burst.rate_limited).toBeGreaterThan(0.9 * report.totals.rate_limited);
    expect([1, 2, 3, 4, 5]).toContain(weekdayOf(burst.date));

    const [first, second] = [...report.by_endpoint].sort((a, b) => b.rate_limited - a.rate_limited);
    expect([first!.method, first!.route]).toEqual(["GET", "/listings/{listing_id}/kpis/monthly"]);
    expect(first!.rate_limited).toBeGreaterThan(10 * second!.rate_limited);
  });

  it("one endpoint is clearly slow: the set price calendar's median latency is many times the others'", async () => {
    const report = await getUsage(sandbox, p.owner.keys.standard);
    const slow = report.by_endpoint.find((e) => e.route === "/sets/{set_id}/price_calendar")!;
    const others = report.by_endpoint.filter((e) => e !== slow).map((e) => e.latency_ms.p50!);
    expect(slow.latency_ms.p50).toBeGreaterThan(4 * Math.max(...others));
  });

  it("every persona key's last use is its latest seeded request, and nothing is recorded after the seeding minute", () => {
    const nowMs = sandbox.ctx.clock.nowMs();
    const db = openDatabase(":memory:");
    seedDatabase(db, { seed: "2026", today: dayOf(nowMs), nowMs });
    const history = db.prepare(`SELECT token_id, at_ms FROM usage_requests ORDER BY at_ms`).all() as Array<{
      token_id: string;
      at_ms: number;
    }>;
    const lastRequest = new Map(history.map((r) => [r.token_id, r.at_ms]));
    const keys = db.prepare(`SELECT token_id, last_used_at FROM api_keys`).all() as Array<{
      token_id: string;
      last_used_at: string | null;
    }>;
    expect(lastRequest.size).toBe(9);
    for (const key of keys.filter((k) => lastRequest.has(k.token_id))) {
      expect(Date.parse(key.last_used_at!)).toBe(Math.floor(lastRequest.get(key.token_id)! / 1000) * 1000);
    }
    expect(history.at(-1)!.at_ms).toBeLessThan(Math.floor(nowMs / 60_000) * 60_000);
    db.close();
  });

  it("the seeded history spends none of the current minute's rate limit", async () => {
    const limited = makeSandbox({ rateLimitPerMinute: 5 });
    const keys = await personaKeys(limited);
    const key = keys.owner.keys.read_only!;
    expect(recorded(limited).filter((r) => r.token_id === tokenIdOf(limited, key)).length).toBeGreaterThan(
      50,
    );
    const first = await call(limited, "GET", "/listings?per_page=1", { key });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("4");
    limited.close();
  });

  it("the same seed, day and minute give the same history; today's part stops at the seeding minute", () => {
    const today = "2026-11-19"; // a Thursday
    const nowMs = Date.parse(`${today}T15:42:31.250Z`);
    const a = seededRequests({ seed: "week", today, nowMs });
    expect(seededRequests({ seed: "week", today, nowMs })).toEqual(a);
    expect(seededRequests({ seed: "other", today, nowMs })).not.toEqual(a);

    const times = a.map((r) => r.at_ms as number);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse(`${today}T00:00:00Z`) - 7 * DAY_MS);
    expect(Math.max(...times)).toBeLessThan(Date.parse(`${today}T15:42:00Z`));
    expect(times.some((t) => dayOf(t) === today)).toBe(true);

    // Without the seeding instant the history ends at today's midnight, and is a prefix of the other.
    const fullDays = seededRequests({ seed: "week", today });
    expect(fullDays.every((r) => dayOf(r.at_ms as number) < today)).toBe(true);
    expect(fullDays).toEqual(a.slice(0, fullDays.length));
  });
});
