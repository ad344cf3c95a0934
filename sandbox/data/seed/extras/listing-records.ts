import type Database from "better-sqlite3";
import { deriveFlags, EXPIRY_NOTICE_DAYS, flagListing } from "../../../domain/records/flags";
import { insertPeriod, type PeriodFields } from "../../../domain/records/periods";
import type { Rng } from "../../random";
import { formatDay, timestamp } from "../dates";
import { seedChangelog, seedPriceHistory, type SeedClock } from "./listing-records-history";
import type { SeedEnv, SeedExtra } from "./types";

type SeedListing = { svc_id: string; base_price: number; min_price: number | null };

const DAY_S = 86_400;

const NOTE_BODIES = [
  "Owner asked to keep weekends above the minimum through the holidays.",
  "Cleaner reports the AC filter needs replacing before summer.",
  "Long-stay inquiry for March: offer the monthly discount.",
  "New photos scheduled; expect a bump in views next week.",
  "Neighbour complained about noise on the 12th; reminded guests of quiet hours.",
  "Check the min stay around the marathon weekend.",
  "Hot tub out of service until the part arrives.",
];

/**
 * Custom rates on about a third of the owner's active, automatically priced listings: a
 * discount for the coming fortnight (two of them expiring within days, which raises
 * custom_rate_expiring_soon) and a fixed holiday price three to eight weeks out. One listing
 * also keeps a period past its expires_at and one a period that has ended: stored, never read.
 */
function seedCustomRates(db: Database.Database, rng: Rng, env: SeedEnv, listings: SeedListing[]): void {
  const at = (dayOffset: number, second: number) => timestamp(env.today + dayOffset, second);
  const chosen = rng.sample(listings, Math.ceil(listings.length / 3));
  chosen.forEach((listing, index) => {
    const discountStart = rng.int(5, 12);
    const holidayStart = 20 + rng.int(0, 30);
    const periods: PeriodFields[] = [
      {
        start_date: formatDay(env.today + discountStart),
        end_date: formatDay(env.today + discountStart + rng.int(4, 7)),
        price_type: "percent",
        price_value: -rng.int(8, 20),
        min_price: listing.min_price,
        max_price: null,
        min_stay: null,
        reason: "Fill the gap before the holidays",
        expires_at: index < 2 ? at(rng.int(2, 4), 12 * 3600) : null,
        created_at: at(-rng.int(1, 6), rng.int(8 * 3600, 20 * 3600)),
      },
      {
        start_date: formatDay(env.today + holidayStart),
        end_date: formatDay(env.today + holidayStart + rng.int(3, 6)),
        price_type: "fixed",
        price_value: Math.round(listing.base_price * 1.35),
        min_price: null,
        max_price: null,
        min_stay: rng.int(2, 4),
        reason: "Holiday weekend",
        expires_at: null,
        created_at: at(-rng.int(2, 20), rng.int(8 * 3600, 20 * 3600)),
      },
    ];
    if (index === 2) {
      periods.push({
        ...periods[1]!,
        start_date: formatDay(env.today + 70),
        end_date: formatDay(env.today + 74),
        reason: "Trial rate, lapsed",
        expires_at: at(-8, 0),
        created_at: at(-20, 10 * 3600),
      });
    }
    if (index === 3) {
      periods.push({
        ...periods[0]!,
        start_date: formatDay(env.today - 20),
        end_date: formatDay(env.today - 10),
        expires_at: null,
        created_at: at(-25, 9 * 3600),
      });
    }
    for (const period of periods) insertPeriod(db, listing.svc_id, period);
  });
}

/** A few notes by the owner and the team on some of the owner's listings. */
function seedNotes(db: Database.Database, rng: Rng, env: SeedEnv, listings: SeedListing[]): void {
  const authors = [env.personas.owner, env.personas.manager, env.personas.editor];
  const insert = db.prepare(
    `INSERT INTO listing_notes (id, listing_svc_id, author_user_id, body, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const rows: Array<[string, string, string, string, string, string]> = [];
  for (const listing of rng.sample(listings, 8)) {
    for (let i = rng.int(1, 3); i > 0; i--) {
      const created = timestamp(env.today - rng.int(1, 30), rng.int(7 * 3600, 22 * 3600));
      rows.push([
        `note_${rng.hex(16)}`,
        listing.svc_id,
        rng.pick(authors),
        rng.pick(NOTE_BODIES),
        created,
        created,
      ]);
    }
  }
  rows.sort((a, b) => a[4].localeCompare(b[4]));
  for (const row of rows) insert.run(...row);
}

/**
 * Derived flags of every listing (or of the listings `svcIds` names) as the seeded data stands.
 * A custom_rate_expiring_soon flag is detected when its period came within notice; the others
 * some days ago.
 */
export function seedFlags(
  db: Database.Database,
  rng: Rng,
  clock: SeedClock,
  svcIds?: readonly string[],
): void {
  const insert = db.prepare(
    `INSERT INTO listing_flags (listing_svc_id, code, severity, message, detected_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const ids =
    svcIds?.map((svc_id) => ({ svc_id })) ??
    (db.prepare(`SELECT svc_id FROM listings ORDER BY svc_id`).all() as Array<{ svc_id: string }>);
  const marketOccupancies = new Map<string, number | null>();
  for (const { svc_id } of ids) {
    for (const flag of deriveFlags(db, flagListing(db, svc_id), clock, marketOccupancies)) {
      let detected = timestamp(clock.day - rng.int(1, 14), rng.int(0, DAY_S - 1));
      if (flag.code === "custom_rate_expiring_soon") {
        const { created, expires } = db
          .prepare(
            `SELECT MIN(created_at) AS created, MIN(expires_at) AS expires FROM custom_rates
             WHERE listing_svc_id = ? AND expires_at > ?`,
          )
          .get(svc_id, clock.now) as { created: string; expires: string };
        const notice = timestamp(0, Date.parse(expires) / 1000 - EXPIRY_NOTICE_DAYS * DAY_S);
        detected = [created, notice].sort()[1]!;
        if (detected > clock.now) detected = clock.now;
      }
      insert.run(svc_id, flag.code, flag.severity, flag.message, detected);
    }
  }
}

/** Seeds custom rates, notes, a week of price changes, a few weeks of changelog and the derived flags. */
export const seedExtra: SeedExtra = (db, env) => {
  const clock: SeedClock = { day: env.today, today: env.todayIso, now: timestamp(env.today) };
  const owned = db
    .prepare(
      `SELECT svc_id, base_price, json_extract(preferences, '$.min_price') AS min_price FROM listings
       WHERE owner_user_id = ? AND is_active = 1 AND json_extract(preferences, '$.pricing_enabled') = 1
       ORDER BY svc_id`,
    )
    .all(env.personas.owner) as SeedListing[];
  seedCustomRates(db, env.rng.fork("custom-rates"), env, owned);
  seedNotes(db, env.rng.fork("notes"), env, owned);
  seedPriceHistory(db, env.rng.fork("price-history"), clock);
  seedChangelog(db, env.rng.fork("changelog"), clock, env.personas.owner);
  seedFlags(db, env.rng.fork("flags"), clock);
};
