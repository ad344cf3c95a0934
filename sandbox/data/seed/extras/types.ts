import type Database from "better-sqlite3";
import type { Rng } from "../../random";
import type { CorePersona } from "../types";

/**
 * What a group's seed step receives. It runs inside the seeding transaction after the core
 * tables (users, listings, market listings, calendar, reservations, sets) are inserted, so it
 * may read them from `db`. It must draw randomness only from `rng` and derive every time from
 * `today`, so the same seed and day give byte-identical data.
 */
export interface SeedEnv {
  rng: Rng;
  /** Days since the Unix epoch (UTC) of the service's today. */
  today: number;
  /** Today as YYYY-MM-DD. */
  todayIso: string;
  /** User id of each of the six personas (the portfolio manager's user comes after the extras). */
  personas: Readonly<Record<CorePersona, string>>;
  /**
   * The seeding instant (unix ms, service clock), when the caller knows it: today's part of the
   * request history stops there. Without it the history ends at today's midnight.
   */
  nowMs?: number;
}

export type SeedExtra = (db: Database.Database, env: SeedEnv) => void;
