/** Helpers for the GET /usage tests: reports, the recorded table, keys' token ids, the clock. */
import { expect } from "vitest";
import { usageReport, type UsageReport } from "../lib/svc/schemas/usage";
import type { Sandbox } from "./app";
import { flushUsage } from "./domain/usage/recorder";
import { hashKey } from "./middleware/auth";
import { call, rows } from "./test-support";

export type UsageRow = {
  id: number;
  at_ms: number;
  token_id: string | null;
  user_id: string | null;
  method: string;
  route: string | null;
  status: number;
  latency_ms: number;
};

/** GET /usage with `query`, asserting a 200 that matches the contract. */
export async function getUsage(sandbox: Sandbox, key: string, query = ""): Promise<UsageReport> {
  const res = await call<UsageReport>(sandbox, "GET", `/usage${query ? `?${query}` : ""}`, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const parsed = usageReport.safeParse(res.json);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return res.json;
}

/** Every recorded request, oldest first (queued records written first). */
export function recorded(sandbox: Sandbox): UsageRow[] {
  flushUsage(sandbox.ctx);
  return rows<UsageRow>(sandbox, `SELECT * FROM usage_requests ORDER BY at_ms, id`);
}

/**
 * Removes every recorded request, the seeded week of history included (usage-seed.test.ts
 * checks that history), for tests that check the report's arithmetic on a known set of records.
 */
export function clearHistory(sandbox: Sandbox): void {
  flushUsage(sandbox.ctx);
  sandbox.ctx.db.prepare(`DELETE FROM usage_requests`).run();
}

/** An explicit window from `startMs` (floored to the second) to the next whole second after now. */
export function windowSince(sandbox: Sandbox, startMs: number): string {
  const end = Math.floor(sandbox.ctx.clock.nowMs() / 1000) * 1000 + 1000;
  return `start_time=${iso(Math.floor(startMs / 1000) * 1000)}&end_time=${iso(end)}`;
}

export function tokenIdOf(sandbox: Sandbox, key: string): string {
  const [row] = rows<{ token_id: string }>(
    sandbox,
    `SELECT token_id FROM api_keys WHERE key_hash = ?`,
    hashKey(key),
  );
  expect(row, "a seeded key").toBeDefined();
  return row!.token_id;
}

export async function advance(sandbox: Sandbox, seconds: number): Promise<void> {
  const res = await call(sandbox, "POST", "/_sandbox/clock", { body: { advance_seconds: seconds } });
  expect(res.status).toBe(200);
}

/** `count` successive calls of one method and path with one key; returns the statuses. */
export async function repeat(
  sandbox: Sandbox,
  count: number,
  method: string,
  path: string,
  key: string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await call(sandbox, method, path, { key })).status);
  return statuses;
}

/** ISO 8601 UTC without milliseconds, as query values. */
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export type SyntheticRequest = Omit<UsageRow, "id">;

/** Writes request records straight into the table, as if the service had answered them. */
export function insertRequests(sandbox: Sandbox, records: SyntheticRequest[]): void {
  const insert = sandbox.ctx.db.prepare(
    `INSERT INTO usage_requests (at_ms, token_id, user_id, method, route, status, latency_ms)
     VALUES (@at_ms, @token_id, @user_id, @method, @route, @status, @latency_ms)`,
  );
  sandbox.ctx.db.transaction(() => {
    for (const record of records) insert.run(record);
  })();
}
