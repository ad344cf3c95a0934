import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isSeeded, openDatabase } from "./db";
import { SEEDED_TABLES, seedDatabase } from "./seed";
import { TODAY, db, one, seeded, tableHashes, withSeededWorld } from "./seed-test-support";

withSeededWorld();

describe("determinism", () => {
  it("same seed and day give identical data", () => {
    const a = seeded("repeatable");
    const b = seeded("repeatable");
    const hashesA = tableHashes(a.db);
    expect(Object.keys(hashesA)).toEqual(expect.arrayContaining([...SEEDED_TABLES]));
    expect(tableHashes(b.db)).toEqual(hashesA);
    expect(b.summary).toEqual(a.summary);
    // A numeric seed is the same world as its decimal string.
    expect(tableHashes(seeded(42).db)).toEqual(tableHashes(seeded("42").db));
  });

  it("different seeds give different data", () => {
    const a = tableHashes(seeded("alpha").db);
    const b = tableHashes(seeded("beta").db);
    for (const table of [
      "users",
      "api_keys",
      "listings",
      "market_listings",
      "reservations",
      "calendar_nights",
      "sets",
    ]) {
      expect(b[table], table).not.toBe(a[table]);
    }
  });

  it("timestamps follow the given day, not the wall clock", () => {
    const later = seeded("vitest-world", "2027-03-02");
    expect(one(later.db, "SELECT value FROM meta WHERE key = 'seeded_on'")).toEqual({ value: "2027-03-02" });
    expect(later.summary.calendar).toEqual({ start: "2025-12-01", end: "2028-03-01" });
    const max = one<{ b: string }>(later.db, "SELECT max(booked_at) b FROM reservations");
    expect(max.b < "2027-03-02").toBe(true);
  });

  it("refuses to seed twice", () => {
    expect(isSeeded(db)).toBe(true);
    expect(() => seedDatabase(db, { seed: "again", today: TODAY })).toThrow(/already seeded/);
  });
});

describe("openDatabase", () => {
  it("creates the directory of a file database, uses WAL and enforces foreign keys", () => {
    const dir = mkdtempSync(join(tmpdir(), "seed-test-"));
    try {
      const file = openDatabase(join(dir, "nested", "svc.sqlite"));
      expect(file.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(file.pragma("foreign_keys", { simple: true })).toBe(1);
      expect(isSeeded(file)).toBe(false);
      expect(() =>
        file.prepare("INSERT INTO set_shares (set_id, user_id, level) VALUES ('nope', 'nobody', 'R')").run(),
      ).toThrow(/FOREIGN KEY/);
      file.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
