import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setFilters } from "../../lib/svc/schemas/sets";
import { all, db, haversineKm, one, summary, withSeededWorld } from "./seed-test-support";

withSeededWorld();

describe("personas §8", () => {
  it("owner has keys of all 3 kinds, a hidden listing, a filter-based set and a paid set", () => {
    const owner = summary.personas.owner;
    const keys = all<{ kind: string; key_hash: string; demo_key: string; last4: string; token_id: string }>(
      db,
      "SELECT * FROM api_keys WHERE user_id = ?",
      owner,
    );
    expect(keys.map((k) => k.kind).sort()).toEqual(["channel_integration", "read_only", "standard"]);
    for (const k of all<{ key_hash: string; demo_key: string; last4: string; token_id: string }>(
      db,
      "SELECT * FROM api_keys",
    )) {
      expect(k.demo_key).toMatch(/^sk_live_[0-9a-f]{32}$/);
      expect(k.key_hash).toBe(createHash("sha256").update(k.demo_key).digest("hex"));
      expect(k.last4).toBe(k.demo_key.slice(-4));
      expect(k.token_id).toMatch(/^tok_/);
    }
    const flags = one<{
      hidden: number;
      inactive: number;
      inactive_visible: number;
      hidden_inactive: number;
      has_history: number;
    }>(
      db,
      `SELECT sum(is_hidden) hidden, sum(1 - is_active) inactive, sum(is_hidden = 0 AND is_active = 0) inactive_visible,
              sum(is_hidden = 1 AND is_active = 0) hidden_inactive,
              (SELECT has_history_feature FROM users WHERE id = ?) has_history
         FROM listings WHERE owner_user_id = ?`,
      owner,
      owner,
    );
    expect(flags).toMatchObject({
      hidden: 2,
      inactive: 3,
      inactive_visible: 2,
      hidden_inactive: 1,
      has_history: 1,
    });
    const sets = all<{
      id: string;
      membership: string;
      is_paid: number;
      billed_user_id: string | null;
      filters: string | null;
    }>(db, "SELECT * FROM sets WHERE owner_user_id = ?", owner);
    expect(sets.length).toBeGreaterThanOrEqual(4);
    const filterSet = sets.find((s) => s.membership === "filter");
    // The contract's filters object, as the set endpoints answer it.
    const filters = setFilters.parse(JSON.parse(filterSet?.filters ?? "null"));
    expect(filters).toMatchObject({ bedrooms_min: 2, bedrooms_max: 2, radius_km: 3 });
    const members = all<{
      status: string;
      bedrooms: number;
      latitude: number;
      longitude: number;
      market_id: string;
    }>(
      db,
      "SELECT m.status, c.* FROM set_members m JOIN market_listings c ON c.listing_id = m.listing_id WHERE m.set_id = ?",
      filterSet?.id,
    );
    expect(members.filter((m) => m.status === "active")).toHaveLength(12);
    expect(members.filter((m) => m.status === "suggested")).toHaveLength(3);
    expect(new Set(members.map((m) => m.market_id)).size).toBe(1);
    for (const m of members) {
      expect(m.bedrooms).toBe(2);
      expect(
        haversineKm([filters.latitude!, filters.longitude!], [m.latitude, m.longitude]),
      ).toBeLessThanOrEqual(filters.radius_km!);
    }
    expect(sets.filter((s) => s.is_paid === 1).every((s) => s.billed_user_id === owner)).toBe(true);
    expect(sets.filter((s) => s.is_paid === 1).length).toBeGreaterThanOrEqual(1);
    // A set shared with the owner by the manager.
    expect(
      one<{ level: string }>(
        db,
        "SELECT level FROM set_shares sh JOIN sets s ON s.id = sh.set_id WHERE sh.user_id = ? AND s.owner_user_id = ?",
        owner,
        summary.personas.manager,
      ),
    ).toEqual({ level: "R" });
  });

  it("team members have access to every owner listing at their level; outsider has none", () => {
    const ownerListings = one<{ n: number }>(
      db,
      "SELECT count(*) n FROM listings WHERE owner_user_id = ?",
      summary.personas.owner,
    ).n;
    for (const persona of ["manager", "editor", "restricted_editor", "viewer"] as const) {
      const userId = summary.personas[persona];
      expect(
        one(
          db,
          "SELECT level, status FROM team_members WHERE owner_user_id = ? AND member_user_id = ?",
          summary.personas.owner,
          userId,
        ),
      ).toEqual({ level: persona, status: "active" });
      const access = one<{ n: number; levels: string }>(
        db,
        `SELECT count(*) n, group_concat(DISTINCT a.level) levels FROM listing_access a JOIN listings l ON l.svc_id = a.listing_svc_id
          WHERE a.user_id = ? AND l.owner_user_id = ?`,
        userId,
        summary.personas.owner,
      );
      expect(access).toEqual({ n: ownerListings, levels: persona });
    }
    const outsider = summary.personas.outsider;
    expect(one(db, "SELECT count(*) n FROM listing_access WHERE user_id = ?", outsider)).toEqual({ n: 0 });
    expect(one(db, "SELECT count(*) n FROM team_members WHERE member_user_id = ?", outsider)).toEqual({
      n: 0,
    });
    expect(one(db, "SELECT count(*) n FROM set_shares WHERE user_id = ?", outsider)).toEqual({ n: 0 });
  });

  it("every persona but owner owns a listing of its own; the portfolio manager's come on first use", () => {
    const users = all<{ persona: string; email: string; n: number; keys: number }>(
      db,
      `SELECT u.persona, u.email, (SELECT count(*) FROM listings l WHERE l.owner_user_id = u.id) n,
              (SELECT count(*) FROM api_keys k WHERE k.user_id = u.id AND k.kind = 'standard') keys
         FROM users u ORDER BY u.rowid`,
    );
    expect(users.map((u) => u.persona)).toEqual([
      "owner",
      "manager",
      "editor",
      "restricted_editor",
      "viewer",
      "outsider",
      "portfolio_manager",
    ]);
    for (const u of users) {
      expect(u.keys, u.persona).toBe(1);
      expect(u.email).toMatch(/^[a-z.]+@[a-z]+\.example$/);
      if (u.persona === "portfolio_manager") {
        expect(u.n, u.persona).toBe(0);
      } else if (u.persona !== "owner") {
        expect(u.n, u.persona).toBeGreaterThanOrEqual(1);
        expect(u.n, u.persona).toBeLessThanOrEqual(2);
      }
    }
  });
});

describe("sets", () => {
  it("the 30-membership set exists: paid, 22 active, 5 suggested, 3 inactive", () => {
    const sets = all<{
      id: string;
      is_paid: number;
      active: number;
      suggested: number;
      inactive: number;
      total: number;
    }>(
      db,
      `SELECT s.id, s.is_paid, sum(m.status = 'active') active, sum(m.status = 'suggested') suggested,
              sum(m.status = 'inactive') inactive, count(*) total
         FROM sets s JOIN set_members m ON m.set_id = s.id GROUP BY s.id HAVING total > 25`,
    );
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ is_paid: 1, active: 22, suggested: 5, inactive: 3, total: 30 });
  });

  it("members are eligible candidates of the set's market; associated listings are the owner's in that market", () => {
    expect(
      all(
        db,
        `SELECT m.listing_id FROM set_members m JOIN sets s ON s.id = m.set_id JOIN market_listings c ON c.listing_id = m.listing_id
                WHERE c.eligible = 0 OR c.currency <> s.currency`,
      ),
    ).toEqual([]);
    const markets = all<{ id: string; n: number }>(
      db,
      "SELECT s.id, count(DISTINCT c.market_id) n FROM sets s JOIN set_members m ON m.set_id = s.id JOIN market_listings c ON c.listing_id = m.listing_id GROUP BY s.id",
    );
    for (const m of markets) expect(m.n, m.id).toBe(1);
    const assoc = all<{ ok: number }>(
      db,
      `SELECT (l.owner_user_id = s.owner_user_id AND l.market_id = (SELECT c.market_id FROM set_members m JOIN market_listings c ON c.listing_id = m.listing_id WHERE m.set_id = s.id LIMIT 1)) ok
         FROM set_associated_listings a JOIN sets s ON s.id = a.set_id JOIN listings l ON l.svc_id = a.listing_svc_id`,
    );
    expect(assoc.length).toBeGreaterThanOrEqual(3);
    expect(assoc.every((a) => a.ok === 1)).toBe(true);
    const kinds = all<{ kind: string | null; n: number; shares: number }>(
      db,
      "SELECT s.kind, count(m.listing_id) n, (SELECT count(*) FROM set_shares sh WHERE sh.set_id = s.id) shares FROM sets s JOIN set_members m ON m.set_id = s.id GROUP BY s.id",
    );
    expect(kinds).toContainEqual({ kind: null, n: 8, shares: 1 });
    expect(kinds).toContainEqual(expect.objectContaining({ n: 18, shares: 4 }));
    for (const b of all<{ boundary: string }>(db, "SELECT boundary FROM sets WHERE boundary IS NOT NULL")) {
      const polygon = JSON.parse(b.boundary) as number[][][][];
      const ring = polygon[0]?.[0] ?? [];
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
    }
  });
});
