import { timestamp } from "../dates";
import type { SeedExtra } from "./types";

interface SeedSegment {
  owner: string;
  name: string;
  description: string | null;
  filter: Record<string, unknown>;
  defaultStatus: "active" | "inactive";
  /** Days before today the segment was created. */
  ageDays: number;
}

/**
 * Three segments of the owner persona (one market, family homes by bedrooms and tag, active
 * Airbnb listings) and one of the manager persona, whose filter also matches the owner's
 * listings the manager manages. Markets are read from the seeded listings, never assumed.
 */
export const seedExtra: SeedExtra = (db, env) => {
  const marketsOf = (userId: string) =>
    db
      .prepare(
        `SELECT l.market_id AS id, m.name FROM listings l JOIN markets m ON m.id = l.market_id
         WHERE l.owner_user_id = ? GROUP BY l.market_id ORDER BY l.market_id`,
      )
      .all(userId) as Array<{ id: string; name: string }>;
  const ownerMarkets = marketsOf(env.personas.owner);
  const managerMarkets = marketsOf(env.personas.manager);

  const segments: SeedSegment[] = [];
  if (ownerMarkets[0]) {
    segments.push({
      owner: env.personas.owner,
      name: `${ownerMarkets[0].name} portfolio`,
      description: `Every listing in ${ownerMarkets[0].name}.`,
      filter: { market_ids: [ownerMarkets[0].id] },
      defaultStatus: "active",
      ageDays: 120,
    });
  }
  segments.push(
    {
      owner: env.personas.owner,
      name: "Family homes",
      description: "Three bedrooms or more, tagged family.",
      filter: { bedrooms_min: 3, tags_any: ["family"] },
      defaultStatus: "active",
      ageDays: 64,
    },
    {
      owner: env.personas.owner,
      name: "Active Airbnb listings",
      description: null,
      filter: { channels: ["airbnb"], is_active: true },
      defaultStatus: "inactive",
      ageDays: 12,
    },
  );
  if (managerMarkets[0]) {
    segments.push({
      owner: env.personas.manager,
      name: `Managed in ${managerMarkets[0].name}`,
      description: null,
      filter: { market_ids: [managerMarkets[0].id] },
      defaultStatus: "active",
      ageDays: 30,
    });
  }

  const insert = db.prepare(
    `INSERT INTO segments (id, owner_user_id, name, description, filter_backend, default_status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const segment of segments) {
    const created = timestamp(env.today - segment.ageDays, env.rng.int(8 * 3600, 18 * 3600));
    insert.run(
      `seg_${env.rng.hex(16)}`,
      segment.owner,
      segment.name,
      segment.description,
      JSON.stringify(segment.filter),
      segment.defaultStatus,
      created,
      created,
    );
  }
};
