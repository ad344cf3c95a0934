import { timestampFromSeconds } from "../dates";
import type { SeedExtra } from "./types";

type SeededSet = {
  id: string;
  name: string;
  kind: string | null;
  owner_user_id: string;
  is_paid: number;
  billed_user_id: string | null;
  membership: string;
  created_at: string;
  updated_at: string;
};
type Entry = {
  at: string;
  actor: string | null;
  action: string;
  listingIds: string[] | null;
  details: Record<string, unknown>;
};

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The seeded sets' change history (set_changelog), derived from the seeded rows so it agrees
 * with them: `created` with the members added at creation, later members (`synced` for a
 * filter set's suggestions, `member_added` otherwise), associated listings, shares and, for
 * paid sets, the upgrade. Shares and upgrades fall between a set's creation and its updated_at.
 */
export const seedExtra: SeedExtra = (db, env) => {
  const sets = db.prepare(`SELECT * FROM sets ORDER BY rowid`).all() as SeededSet[];
  const insert = db.prepare(
    `INSERT INTO set_changelog (id, set_id, at, actor_user_id, action, listing_ids, details)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const set of sets) {
    const owner = set.owner_user_id;
    const between = () =>
      timestampFromSeconds(env.rng.int(seconds(set.created_at) + 60, seconds(set.updated_at)));
    const members = db
      .prepare(
        `SELECT listing_id, status, added_at FROM set_members WHERE set_id = ? ORDER BY added_at, listing_id`,
      )
      .all(set.id) as Array<{ listing_id: string; status: string; added_at: string }>;
    const entries: Entry[] = [
      {
        at: set.created_at,
        actor: owner,
        action: "created",
        listingIds: members.filter((m) => m.added_at === set.created_at).map((m) => m.listing_id),
        details: { name: set.name, kind: set.kind, membership: set.membership },
      },
    ];
    for (const m of members.filter((m) => m.added_at !== set.created_at)) {
      const bySync = set.membership === "filter" && m.status === "suggested";
      entries.push({
        at: m.added_at,
        actor: bySync ? null : owner,
        action: bySync ? "synced" : "member_added",
        listingIds: [m.listing_id],
        details: bySync ? { added: 1, status: m.status } : { status: m.status },
      });
    }
    const associated = db
      .prepare(`SELECT listing_svc_id FROM set_associated_listings WHERE set_id = ? ORDER BY listing_svc_id`)
      .all(set.id) as Array<{ listing_svc_id: string }>;
    if (associated.length > 0) {
      entries.push({
        at: set.created_at,
        actor: owner,
        action: "associated_listing_added",
        listingIds: associated.map((a) => a.listing_svc_id),
        details: {},
      });
    }
    const shares = db
      .prepare(
        `SELECT s.user_id, u.email, s.level FROM set_shares s JOIN users u ON u.id = s.user_id
         WHERE s.set_id = ? ORDER BY s.user_id`,
      )
      .all(set.id) as Array<{ user_id: string; email: string; level: string }>;
    for (const share of shares) {
      entries.push({
        at: between(),
        actor: owner,
        action: "shared",
        listingIds: null,
        details: { user_id: share.user_id, email: share.email, level: share.level, previous_level: "N" },
      });
    }
    if (set.is_paid === 1) {
      entries.push({
        at: between(),
        actor: owner,
        action: "upgraded",
        listingIds: null,
        details: { billed_user_id: set.billed_user_id },
      });
    }
    // Insertion order follows time, so seq breaks ties the way a live service would have.
    entries.sort((a, b) => a.at.localeCompare(b.at));
    for (const e of entries) {
      insert.run(
        `scl_${env.rng.hex(16)}`,
        set.id,
        e.at,
        e.actor,
        e.action,
        e.listingIds ? JSON.stringify(e.listingIds) : null,
        JSON.stringify(e.details),
      );
    }
  }
};
