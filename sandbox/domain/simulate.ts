import { addDays, parseISO } from "date-fns";
import { z } from "zod";
import { CANDIDATE_RADIUS_KM_DEFAULT, setFilters, type SetFilters } from "../../lib/svc/schemas/sets";
import { isoTimestamp } from "../clock";
import type { SandboxContext } from "../context";
import { ApiError } from "./api-error";

/** interface-decisions §8: what `/_sandbox/simulate` can make happen. Ids are svc ids. */
export const simulateBody = z.discriminatedUnion("event", [
  z.object({ event: z.literal("pricing_run"), market_id: z.string().min(1) }),
  z.object({
    event: z.literal("reservation"),
    listing_id: z.string().min(1),
    action: z.enum(["new", "amend", "cancel"]),
  }),
  z.object({ event: z.literal("flag"), listing_id: z.string().min(1), code: z.string().min(1) }),
  z.object({ event: z.literal("set_sync"), set_id: z.string().min(1) }),
]);
export type SimulateBody = z.infer<typeof simulateBody>;

export type SimulateResult = { event: SimulateBody["event"]; listing_ids: string[]; [k: string]: unknown };

const day = (date: Date) => date.toISOString().slice(0, 10);

function requireListing(ctx: SandboxContext, svcId: string) {
  const row = ctx.db.prepare(`SELECT svc_id, currency FROM listings WHERE svc_id = ?`).get(svcId) as
    { svc_id: string; currency: string } | undefined;
  if (!row) throw new ApiError(404, "listing_not_found", `No listing with svc id ${svcId}.`);
  return row;
}

/** A market's nightly pricing run: every active listing's future recommendations move. */
function pricingRun(ctx: SandboxContext, marketId: string): SimulateResult {
  const listings = ctx.db
    .prepare(`SELECT svc_id FROM listings WHERE market_id = ? AND is_active = 1 ORDER BY svc_id`)
    .all(marketId) as Array<{ svc_id: string }>;
  if (!ctx.db.prepare(`SELECT 1 FROM markets WHERE id = ?`).get(marketId)) {
    throw new ApiError(404, "market_not_found", `No market ${marketId}.`);
  }
  const today = ctx.clock.today();
  const runs =
    Number(
      (
        ctx.db.prepare(`SELECT value FROM meta WHERE key = ?`).get(`runs:${marketId}`) as
          { value: string } | undefined
      )?.value ?? 0,
    ) + 1;
  // A small, deterministic drift per run so each run visibly changes some nights.
  const drift = 1 + (((runs * 7) % 5) - 2) / 100;
  const update = ctx.db.prepare(
    `UPDATE calendar_nights SET recommended_price = ROUND(recommended_price * ?, 2)
     WHERE listing_svc_id = ? AND date >= ? AND available = 1`,
  );
  ctx.db.transaction(() => {
    for (const { svc_id } of listings) update.run(drift, svc_id, today);
    ctx.db
      .prepare(
        `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      )
      .run(`runs:${marketId}`, String(runs));
  })();
  return { event: "pricing_run", market_id: marketId, listing_ids: listings.map((l) => l.svc_id) };
}

type NightRow = { date: string; price: number; available: number };

/** A new booking on the first three open nights two weeks out or later, or a change to one. */
function reservation(ctx: SandboxContext, svcId: string, action: "new" | "amend" | "cancel"): SimulateResult {
  const listing = requireListing(ctx, svcId);
  const now = ctx.clock.now();
  const today = day(now);
  if (action === "new") {
    const nights = ctx.db
      .prepare(
        `SELECT date, price, available FROM calendar_nights
         WHERE listing_svc_id = ? AND date >= ? ORDER BY date`,
      )
      .all(svcId, day(addDays(now, 14))) as NightRow[];
    const start = nights.findIndex(
      (n, i) => nights.slice(i, i + 3).length === 3 && nights.slice(i, i + 3).every((m) => m.available === 1),
    );
    if (start < 0) throw new ApiError(409, "no_availability", "No three open nights to book.");
    const stay = nights.slice(start, start + 3);
    const checkOut = day(addDays(parseISO(stay[2]!.date), 1));
    const subtotal = stay.reduce((sum, n) => sum + n.price, 0);
    const count = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM reservations`).get() as { n: number }).n;
    const reservationId = `SIM${String(count + 1).padStart(7, "0")}`;
    ctx.db.transaction(() => {
      ctx.db
        .prepare(
          `INSERT INTO reservations (reservation_id, listing_svc_id, status, check_in, check_out, nights,
             guests, booked_at, canceled_at, currency, nightly_subtotal, fees, taxes, payout, total_price,
             comments, source_name)
           VALUES (?, ?, 'Accepted', ?, ?, 3, 2, ?, NULL, ?, ?, 0, ?, ?, ?, NULL, 'simulated')`,
        )
        .run(
          reservationId,
          svcId,
          stay[0]!.date,
          checkOut,
          isoTimestamp(now),
          listing.currency,
          subtotal,
          Math.round(subtotal * 0.1 * 100) / 100,
          Math.round(subtotal * 0.97 * 100) / 100,
          Math.round(subtotal * 1.1 * 100) / 100,
        );
      const book = ctx.db.prepare(
        `UPDATE calendar_nights SET available = 0, reservation_id = ? WHERE listing_svc_id = ? AND date = ?`,
      );
      for (const n of stay) book.run(reservationId, svcId, n.date);
    })();
    return { event: "reservation", listing_ids: [svcId], action, reservation_id: reservationId };
  }

  const held = ctx.db
    .prepare(
      `SELECT reservation_id, check_in, check_out, total_price FROM reservations
       WHERE listing_svc_id = ? AND status = 'Accepted' AND check_in >= ? ORDER BY check_in LIMIT 1`,
    )
    .get(svcId, today) as
    { reservation_id: string; check_in: string; check_out: string; total_price: number | null } | undefined;
  if (!held) throw new ApiError(409, "no_reservation", "The listing has no upcoming reservation to change.");
  ctx.db.transaction(() => {
    if (action === "amend") {
      ctx.db
        .prepare(
          `UPDATE reservations SET total_price = ROUND(COALESCE(total_price, 0) * 1.05, 2), guests = COALESCE(guests, 1) + 1 WHERE reservation_id = ?`,
        )
        .run(held.reservation_id);
    } else {
      ctx.db
        .prepare(`UPDATE reservations SET status = 'Canceled', canceled_at = ? WHERE reservation_id = ?`)
        .run(isoTimestamp(now), held.reservation_id);
      ctx.db
        .prepare(`UPDATE calendar_nights SET available = 1, reservation_id = NULL WHERE reservation_id = ?`)
        .run(held.reservation_id);
    }
  })();
  return { event: "reservation", listing_ids: [svcId], action, reservation_id: held.reservation_id };
}

/** A listing gains a flag (a flag it already holds, uncleared, is not gained again). */
function flag(ctx: SandboxContext, svcId: string, code: string): SimulateResult {
  requireListing(ctx, svcId);
  const open = ctx.db
    .prepare(`SELECT 1 FROM listing_flags WHERE listing_svc_id = ? AND code = ? AND cleared_at IS NULL`)
    .get(svcId, code);
  if (!open) {
    ctx.db
      .prepare(
        `INSERT INTO listing_flags (listing_svc_id, code, severity, message, detected_at)
         VALUES (?, ?, 'warning', ?, ?)`,
      )
      .run(svcId, code, `Condition ${code.replace(/_/g, " ")} detected.`, isoTimestamp(ctx.clock.now()));
  }
  return { event: "flag", listing_ids: [svcId], code, gained: !open };
}

type SetRow = { id: string; membership: string; filters: string | null };
type CandidateRow = {
  listing_id: string;
  bedrooms: number | null;
  latitude: number;
  longitude: number;
  amenities: string;
};

const kmBetween = (a: [number, number], b: [number, number]) => {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
};

/** Whether an eligible candidate meets every criterion a set's filters give. */
function matchesFilters(filters: SetFilters, c: CandidateRow): boolean {
  if (filters.latitude !== undefined && filters.longitude !== undefined) {
    const distance = kmBetween([filters.latitude, filters.longitude], [c.latitude, c.longitude]);
    if (distance > (filters.radius_km ?? CANDIDATE_RADIUS_KM_DEFAULT)) return false;
  }
  if (filters.bedrooms_min !== undefined && (c.bedrooms === null || c.bedrooms < filters.bedrooms_min))
    return false;
  if (filters.bedrooms_max !== undefined && (c.bedrooms === null || c.bedrooms > filters.bedrooms_max))
    return false;
  if (filters.amenities?.length) {
    const has = new Set(JSON.parse(c.amenities) as string[]);
    if (!filters.amenities.every((a) => has.has(a))) return false;
  }
  return true;
}

/** A filter-based set's sync: eligible listings its filters match come back as `suggested`. */
function setSync(ctx: SandboxContext, setId: string): SimulateResult {
  const set = ctx.db.prepare(`SELECT id, membership, filters FROM sets WHERE id = ?`).get(setId) as
    SetRow | undefined;
  if (!set) throw new ApiError(404, "set_not_found", `No set ${setId}.`);
  if (set.membership !== "filter" || !set.filters) {
    return { event: "set_sync", set_id: setId, listing_ids: [], added: [] };
  }
  const filters = setFilters.parse(JSON.parse(set.filters));
  const candidates = ctx.db
    .prepare(
      `SELECT listing_id, bedrooms, latitude, longitude, amenities FROM market_listings WHERE eligible = 1`,
    )
    .all() as CandidateRow[];
  const members = new Set(
    (
      ctx.db.prepare(`SELECT listing_id FROM set_members WHERE set_id = ?`).all(setId) as Array<{
        listing_id: string;
      }>
    ).map((m) => m.listing_id),
  );
  const added = candidates
    .filter((c) => !members.has(c.listing_id) && matchesFilters(filters, c))
    .map((c) => c.listing_id);
  const insert = ctx.db.prepare(
    `INSERT INTO set_members (set_id, listing_id, status, added_at) VALUES (?, ?, 'suggested', ?)`,
  );
  const now = isoTimestamp(ctx.clock.now());
  ctx.db.transaction(() => {
    for (const id of added) insert.run(setId, id, now);
    ctx.db.prepare(`UPDATE sets SET updated_at = ? WHERE id = ?`).run(now, setId);
  })();
  return { event: "set_sync", set_id: setId, listing_ids: [], added };
}

export function simulate(ctx: SandboxContext, body: SimulateBody): SimulateResult {
  switch (body.event) {
    case "pricing_run":
      return pricingRun(ctx, body.market_id);
    case "reservation":
      return reservation(ctx, body.listing_id, body.action);
    case "flag":
      return flag(ctx, body.listing_id, body.code);
    case "set_sync":
      return setSync(ctx, body.set_id);
  }
}
