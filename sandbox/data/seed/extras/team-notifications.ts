/**
 * Seeds the team group's settings and every user's notifications from the seeded world:
 * recent bookings and cancellations on the listings they reach, open flags, failed rate
 * posts, and demand spikes ahead in their markets. Randomness from env.rng only; every time
 * derives from env.today.
 */
import type Database from "better-sqlite3";
import { formatDay, monthDay, parseDay, timestamp } from "../dates";
import { MARKET_PROFILES } from "../markets";
import type { SeedEnv, SeedExtra } from "./types";

interface Draft {
  user_id: string;
  event: string;
  title: string;
  message: string;
  listing_svc_id: string | null;
  created_at: string;
}

const BOOKINGS_DAYS = 3;
const BOOKINGS_CAP = 20;
const BOOKINGS_AT_LEAST = 3;
const CANCELLATIONS_DAYS = 14;
const CANCELLATIONS_CAP = 10;
const SPIKE_LOOKAHEAD_DAYS = 60;

function seedTeamSettings(db: Database.Database, env: SeedEnv): void {
  const { owner, manager, editor, restricted_editor } = env.personas;
  const setLevel = db.prepare(
    `INSERT INTO team_member_settings (owner_user_id, member_user_id, auto_managed_listing_level) VALUES (?, ?, ?)`,
  );
  setLevel.run(owner, manager, "manager");
  setLevel.run(owner, editor, "editor");
  // Segments come from another group's seed step, which runs before this one when present.
  const hasSegments = db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'segments'`)
    .get();
  if (!hasSegments) return;
  const segment = db
    .prepare(`SELECT id FROM segments WHERE owner_user_id = ? ORDER BY id LIMIT 1`)
    .get(owner) as { id: string } | undefined;
  if (segment) {
    db.prepare(
      `INSERT INTO team_member_segments (owner_user_id, member_user_id, segment_id, position) VALUES (?, ?, ?, 0)`,
    ).run(owner, restricted_editor, segment.id);
  }
}

function seedSettings(db: Database.Database, env: SeedEnv): void {
  const put = db.prepare(
    `INSERT INTO notification_settings (user_id, event, in_app, email) VALUES (?, ?, ?, ?)`,
  );
  put.run(env.personas.owner, "reservations.new", 1, 1);
  put.run(env.personas.viewer, "flags.detected", 1, 0);
  put.run(env.personas.viewer, "market.demand_spike", 0, 0);
}

/** The first run of event nights within the look-ahead, per market. */
function demandSpikes(db: Database.Database, env: SeedEnv) {
  const from = formatDay(env.today + 1);
  const to = formatDay(env.today + SPIKE_LOOKAHEAD_DAYS);
  const spikes = new Map<string, { start: string; end: string; name: string }>();
  for (const profile of MARKET_PROFILES) {
    const nights = db
      .prepare(
        `SELECT date FROM market_nights WHERE market_id = ? AND date BETWEEN ? AND ? AND event > 1 ORDER BY date`,
      )
      .all(profile.id, from, to) as Array<{ date: string }>;
    const first = nights[0];
    if (!first) continue;
    let end = first.date;
    for (const night of nights) {
      if (parseDay(night.date) - parseDay(end) > 1) break;
      end = night.date;
    }
    const md = monthDay(parseDay(first.date));
    const event = profile.events.find((e) => md >= e.start && md <= e.end);
    spikes.set(profile.id, { start: first.date, end, name: event?.name ?? "a local event" });
  }
  return spikes;
}

function draftsFor(
  db: Database.Database,
  env: SeedEnv,
  userId: string,
  spikes: ReturnType<typeof demandSpikes>,
) {
  const todayStart = `${env.todayIso}T00:00:00Z`;
  const reach = `(SELECT svc_id FROM listings WHERE owner_user_id = @user
                  UNION SELECT listing_svc_id FROM listing_access WHERE user_id = @user)`;
  const drafts: Draft[] = [];
  const bookings = db
    .prepare(
      `SELECT r.*, l.name FROM reservations r JOIN listings l ON l.svc_id = r.listing_svc_id
       WHERE r.listing_svc_id IN ${reach} AND r.booked_at < @to
       ORDER BY r.booked_at DESC, r.reservation_id LIMIT ${BOOKINGS_CAP}`,
    )
    .all({ user: userId, to: todayStart }) as Array<{
    reservation_id: string;
    listing_svc_id: string;
    check_in: string;
    check_out: string;
    nights: number;
    booked_at: string;
    canceled_at: string | null;
    name: string;
  }>;
  // The last days' bookings; a user with few listings, whose last days may hold none, still
  // has their latest few to read.
  const since = timestamp(env.today - BOOKINGS_DAYS);
  for (const r of bookings.filter((b, i) => b.booked_at >= since || i < BOOKINGS_AT_LEAST)) {
    drafts.push({
      user_id: userId,
      event: "reservations.new",
      title: "New reservation",
      message: `${r.name}: reservation ${r.reservation_id}, ${r.nights} night(s) from ${r.check_in} to ${r.check_out}.`,
      listing_svc_id: r.listing_svc_id,
      created_at: r.booked_at,
    });
  }
  const cancellations = db
    .prepare(
      `SELECT r.*, l.name FROM reservations r JOIN listings l ON l.svc_id = r.listing_svc_id
       WHERE r.listing_svc_id IN ${reach} AND r.canceled_at >= @from AND r.canceled_at < @to
       ORDER BY r.canceled_at DESC, r.reservation_id LIMIT ${CANCELLATIONS_CAP}`,
    )
    .all({
      user: userId,
      from: timestamp(env.today - CANCELLATIONS_DAYS),
      to: todayStart,
    }) as typeof bookings;
  for (const r of cancellations) {
    drafts.push({
      user_id: userId,
      event: "reservations.canceled",
      title: "Reservation canceled",
      message: `${r.name}: reservation ${r.reservation_id} (${r.check_in} to ${r.check_out}) was canceled.`,
      listing_svc_id: r.listing_svc_id,
      created_at: r.canceled_at!,
    });
  }
  const flags = db
    .prepare(
      `SELECT f.listing_svc_id, f.message, f.detected_at, l.name FROM listing_flags f
       JOIN listings l ON l.svc_id = f.listing_svc_id
       WHERE f.listing_svc_id IN ${reach} AND f.cleared_at IS NULL AND f.detected_at < @to
       ORDER BY f.detected_at, f.listing_svc_id, f.code`,
    )
    .all({ user: userId, to: todayStart }) as Array<{
    listing_svc_id: string;
    message: string;
    detected_at: string;
    name: string;
  }>;
  for (const f of flags) {
    drafts.push({
      user_id: userId,
      event: "flags.detected",
      title: "Listing flagged",
      message: `${f.name}: ${f.message}`,
      listing_svc_id: f.listing_svc_id,
      created_at: f.detected_at,
    });
  }
  const failedPosts = db
    .prepare(
      `SELECT c.listing_svc_id, c.at, l.name FROM listing_changelog c JOIN listings l ON l.svc_id = c.listing_svc_id
       WHERE c.listing_svc_id IN ${reach} AND c.action = 'price_post_failed' AND c.at >= @from AND c.at < @to
       ORDER BY c.at, c.seq`,
    )
    .all({ user: userId, from: timestamp(env.today - CANCELLATIONS_DAYS), to: todayStart }) as Array<{
    listing_svc_id: string;
    at: string;
    name: string;
  }>;
  for (const p of failedPosts) {
    drafts.push({
      user_id: userId,
      event: "sync.failed",
      title: "Rates could not be posted",
      message: `${p.name}: the channel refused the posted rates; the next sync will try again.`,
      listing_svc_id: p.listing_svc_id,
      created_at: p.at,
    });
  }
  const markets = db
    .prepare(
      `SELECT DISTINCT l.market_id, m.name FROM listings l JOIN markets m ON m.id = l.market_id
              WHERE l.svc_id IN ${reach} ORDER BY l.market_id`,
    )
    .all({ user: userId }) as Array<{ market_id: string; name: string }>;
  for (const market of markets) {
    const spike = spikes.get(market.market_id);
    if (!spike) continue;
    drafts.push({
      user_id: userId,
      event: "market.demand_spike",
      title: "Demand spike ahead",
      message: `${market.name}: demand rises for ${spike.name} from ${spike.start} to ${spike.end}.`,
      listing_svc_id: null,
      created_at: timestamp(env.today - 1 - env.rng.int(0, 2), env.rng.int(5 * 3600, 7 * 3600)),
    });
  }
  return drafts;
}

export const seedExtra: SeedExtra = (db, env) => {
  seedTeamSettings(db, env);
  seedSettings(db, env);
  const spikes = demandSpikes(db, env);
  const users = db.prepare(`SELECT id FROM users ORDER BY id`).all() as Array<{ id: string }>;
  const insert = db.prepare(
    `INSERT INTO notifications (id, user_id, event, title, message, listing_svc_id, created_at, dismissed_at)
     VALUES (@id, @user_id, @event, @title, @message, @listing_svc_id, @created_at, @dismissed_at)`,
  );
  // Users who switched an event's in-app channel off never received its notifications.
  const mutedRows = db
    .prepare(`SELECT user_id, event FROM notification_settings WHERE in_app = 0`)
    .all() as Array<{
    user_id: string;
    event: string;
  }>;
  const muted = new Set(mutedRows.map((m) => `${m.user_id} ${m.event}`));
  const oldEnough = timestamp(env.today - 2);
  for (const { id: userId } of users) {
    const drafts = draftsFor(db, env, userId, spikes)
      .filter((d) => !muted.has(`${userId} ${d.event}`))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    for (const draft of drafts) {
      // Some older notifications were already dismissed, a few hours after they arrived.
      const dismissed =
        draft.created_at < oldEnough && env.rng.chance(0.5)
          ? new Date(Date.parse(draft.created_at) + env.rng.int(1, 20) * 3_600_000)
              .toISOString()
              .replace(/\.\d{3}Z$/, "Z")
          : null;
      insert.run({ ...draft, id: `ntf_${env.rng.hex(12)}`, dismissed_at: dismissed });
    }
  }
};
