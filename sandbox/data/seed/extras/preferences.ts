/**
 * The preference settings the listing summary does not hold (checkin_checkout and
 * fee_adjustments), and a little preference history in the listing changelog.
 *
 * - checkin_checkout: about a third of the listings whose channel takes it restrict arrival
 *   (and, where the channel takes it, departure) days; a channel that restricts arrivals only
 *   keeps all seven checkout days, as a write to it would.
 * - fee_adjustments: the fees guests paid on top of the nightly subtotal over the last 90
 *   days of stays, as a percentage, for most listings with such stays.
 * - history: about a third of the owner's listings show one earlier change of min_price by
 *   the owner, ending at the stored value.
 */
import type { SupportedSettings } from "../../../../lib/svc/schemas/listings";
import type { Weekday } from "../../../../lib/svc/schemas/preferences";
import { ALL_WEEKDAYS, takesCheckinDaysOnly } from "../../../domain/preferences/support";
import type { Rng } from "../../random";
import { formatDay, timestamp } from "../dates";
import type { SeedExtra } from "./types";

const CHECKIN_PATTERNS: readonly Weekday[][] = [
  ["friday", "saturday"],
  ["thursday", "friday", "saturday"],
  ["saturday"],
  ["monday", "friday", "saturday", "sunday"],
];
const CHECKOUT_PATTERNS: readonly Weekday[][] = [
  ["sunday", "monday"],
  ["saturday", "sunday", "monday"],
  ["sunday"],
];

type ListingSeedRow = {
  svc_id: string;
  channel: "airbnb" | "vrbo" | "booking_com";
  owner_user_id: string;
  supported_settings: string;
  preferences: string;
};

/** Fees and nightly subtotals of a listing's Accepted stays checking in over the last 90 days. */
export interface FeeStats {
  fees: number;
  subtotal: number;
}

/**
 * A listing's checkin_checkout and fee_adjustments (either may be null): the two settings of
 * `listing_preference_extras`, drawn as the module comment says.
 */
export function drawPreferenceExtras(
  rng: Rng,
  listing: Pick<ListingSeedRow, "channel">,
  supported: Pick<SupportedSettings, "checkin_checkout">,
  stats: FeeStats | undefined,
): {
  checkinCheckout: { checkin_days: Weekday[]; checkout_days: Weekday[] } | null;
  feeAdjustments: { total_fee_percentage: number; auto_update: boolean } | null;
} {
  let checkinCheckout: { checkin_days: Weekday[]; checkout_days: Weekday[] } | null = null;
  if (supported.checkin_checkout && rng.chance(0.3)) {
    checkinCheckout = {
      checkin_days: [...rng.pick(CHECKIN_PATTERNS)],
      checkout_days: takesCheckinDaysOnly(listing) ? [...ALL_WEEKDAYS] : [...rng.pick(CHECKOUT_PATTERNS)],
    };
  }
  const feeAdjustments =
    stats && stats.subtotal > 0 && rng.chance(0.7)
      ? {
          total_fee_percentage: Math.round((stats.fees / stats.subtotal) * 1000) / 10,
          auto_update: rng.chance(0.75),
        }
      : null;
  return { checkinCheckout, feeAdjustments };
}

export const seedExtra: SeedExtra = (db, env) => {
  const rng = env.rng;
  const since = formatDay(env.today - 90);
  const feeStats = new Map(
    (
      db
        .prepare(
          `SELECT listing_svc_id, SUM(fees) AS fees, SUM(nightly_subtotal) AS subtotal
           FROM reservations
           WHERE status = 'Accepted' AND check_in >= ? AND check_in < ?
             AND fees IS NOT NULL AND nightly_subtotal IS NOT NULL
           GROUP BY listing_svc_id`,
        )
        .all(since, env.todayIso) as Array<{ listing_svc_id: string; fees: number; subtotal: number }>
    ).map((r) => [r.listing_svc_id, r]),
  );
  const listings = db
    .prepare(
      `SELECT svc_id, channel, owner_user_id, supported_settings, preferences
       FROM listings ORDER BY CAST(svc_id AS INTEGER)`,
    )
    .all() as ListingSeedRow[];
  const insertExtras = db.prepare(
    `INSERT INTO listing_preference_extras (listing_svc_id, checkin_checkout, fee_adjustments) VALUES (?, ?, ?)`,
  );
  const insertChange = db.prepare(
    `INSERT INTO listing_changelog (id, listing_svc_id, at, actor_user_id, action, details)
     VALUES (?, ?, ?, ?, 'preferences_changed', ?)`,
  );

  for (const listing of listings) {
    const supported = JSON.parse(listing.supported_settings) as SupportedSettings;
    const { checkinCheckout, feeAdjustments } = drawPreferenceExtras(
      rng,
      listing,
      supported,
      feeStats.get(listing.svc_id),
    );
    if (checkinCheckout || feeAdjustments) {
      insertExtras.run(
        listing.svc_id,
        checkinCheckout && JSON.stringify(checkinCheckout),
        feeAdjustments && JSON.stringify(feeAdjustments),
      );
    }

    const minPrice = (JSON.parse(listing.preferences) as { min_price: number | null }).min_price;
    if (listing.owner_user_id === env.personas.owner && minPrice !== null && rng.chance(0.35)) {
      const before = Math.round(minPrice * rng.float(0.8, 0.95));
      insertChange.run(
        `lcg_${rng.hex(16)}`,
        listing.svc_id,
        timestamp(env.today - rng.int(3, 60), rng.int(8 * 3600, 20 * 3600)),
        env.personas.owner,
        JSON.stringify({ source: "put", changes: { min_price: { before, after: minPrice } } }),
      );
    }
  }
};
