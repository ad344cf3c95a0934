/**
 * The set price calendar at its limit, in process: a paid set with exactly 25 active members
 * (the interface's maximum) from the owner's paid set's market, 365 nights, through the
 * reference service's whole request path (`sandbox.app.request`: auth, validation, handler,
 * response validation). Part of `npm run bench:sandbox`; prints nothing itself.
 */
import { createSandbox } from "../sandbox/app";
import { testSandboxConfig } from "../sandbox/config";

const RUNS = 50;
const WARMUP_RUNS = 5;
const MEMBERS = 25;
const NIGHTS = 365;

export interface CalendarFigures {
  runs: number;
  median_ms: number;
  p99_ms: number;
  members: number;
  nights: number;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function benchSetCalendar(): Promise<CalendarFigures> {
  const sandbox = createSandbox(testSandboxConfig({ rateLimitPerMinute: 100_000_000 }));
  try {
    const { db } = sandbox.ctx;
    const owner = db.prepare(`SELECT id FROM users WHERE persona = 'owner'`).get() as { id: string };
    const { demo_key: key } = db
      .prepare(
        `SELECT demo_key FROM api_keys WHERE user_id = ? AND kind = 'standard' AND demo_key IS NOT NULL`,
      )
      .get(owner.id) as { demo_key: string };
    const template = db
      .prepare(`SELECT * FROM sets WHERE owner_user_id = ? AND is_paid = 1 ORDER BY id LIMIT 1`)
      .get(owner.id) as { currency: string };
    const members = db
      .prepare(
        `SELECT listing_id FROM market_listings WHERE eligible = 1
         AND currency = ? ORDER BY listing_id LIMIT ?`,
      )
      .all(template.currency, MEMBERS) as Array<{ listing_id: string }>;
    const now = new Date(sandbox.ctx.clock.nowMs()).toISOString().replace(/\.\d{3}Z$/, "Z");
    const setId = "set_bench_25";
    db.transaction(() => {
      db.prepare(
        `INSERT INTO sets (id, name, kind, owner_user_id, is_paid, billed_user_id, membership, filters,
           boundary, currency, created_at, updated_at)
         VALUES (?, 'Bench 25', NULL, ?, 1, ?, 'static', NULL, NULL, ?, ?, ?)`,
      ).run(setId, owner.id, owner.id, template.currency, now, now);
      const insert = db.prepare(
        `INSERT INTO set_members (set_id, listing_id, status, added_at) VALUES (?, ?, 'active', ?)`,
      );
      for (const m of members) insert.run(setId, m.listing_id, now);
    })();

    const start = sandbox.ctx.clock.nowMs();
    const path =
      `/sets/${setId}/price_calendar?start_date=${day(start)}` +
      `&end_date=${day(start + (NIGHTS - 1) * 86_400_000)}`;
    const once = async () => {
      const t0 = performance.now();
      const res = await sandbox.app.request(path, { headers: { "X-API-Key": key } });
      const body = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`price_calendar answered ${res.status}: ${body.slice(0, 300)}`);
      return ms;
    };
    for (let i = 0; i < WARMUP_RUNS; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await once());
    times.sort((a, b) => a - b);
    return {
      runs: RUNS,
      median_ms: times[Math.floor(RUNS / 2)]!,
      p99_ms: times[Math.min(RUNS - 1, Math.ceil(RUNS * 0.99) - 1)]!,
      members: members.length,
      nights: NIGHTS,
    };
  } finally {
    sandbox.close();
  }
}
