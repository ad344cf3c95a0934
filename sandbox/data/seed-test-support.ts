/**
 * Shared helpers of the seed tests (seed-*.test.ts): the seeded "vitest-world" each test file
 * reads, query shorthands and date and distance arithmetic. Imported by test files only.
 */
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "./db";
import { seedDatabase, type SeedSummary } from "./seed";

export const TODAY = "2026-11-21";
export const CALENDAR_START = "2025-08-01"; // first of the month 15 months before TODAY
export const STAYS_START = "2024-11-01"; // first of the month 24 months before TODAY
export const CALENDAR_END = "2027-11-21"; // TODAY + 365

type Row = Record<string, unknown>;

export function all<T = Row>(db: Database.Database, sql: string, ...params: unknown[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}
export function one<T = Row>(db: Database.Database, sql: string, ...params: unknown[]): T {
  return db.prepare(sql).get(...params) as T;
}

/** sha256 of every table's rows (sorted, so WITHOUT ROWID tables hash alike), by table name. */
export function tableHashes(db: Database.Database): Record<string, string> {
  const tables = all<{ name: string }>(
    db,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const rows = db
      .prepare(`SELECT * FROM ${name}`)
      .raw()
      .all()
      .map((row) => JSON.stringify(row))
      .sort();
    out[name] = createHash("sha256").update(rows.join("\n")).digest("hex");
  }
  return out;
}

export function seeded(
  seed: string | number,
  today = TODAY,
): { db: Database.Database; summary: SeedSummary; ms: number } {
  const db = openDatabase(":memory:");
  const t0 = performance.now();
  const summary = seedDatabase(db, { seed, today });
  return { db, summary, ms: performance.now() - t0 };
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function haversineKm([lat1, lng1]: [number, number], [lat2, lng2]: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * The "vitest-world" database of the calling test file, with its seed summary. Live bindings: set by the beforeAll that `withSeededWorld` registers.
 */
export let db: Database.Database;
export let summary: SeedSummary;

/** Seeds the "vitest-world" once for the calling test file and closes it after its tests. */
export function withSeededWorld(): void {
  beforeAll(() => {
    ({ db, summary } = seeded("vitest-world"));
  });
  afterAll(() => db.close());
}
