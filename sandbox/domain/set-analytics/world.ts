/**
 * What the set analytics read from the database: the seeded day the candidates' metrics are
 * anchored to, the span the market demand model covers, a set's members, and each market's
 * nights (one query per market, never one per night).
 */
import type { SandboxContext } from "../../context";
import { firstOfMonthBefore, formatDay, parseDay } from "../../data/seed/dates";
import { FORWARD_DAYS, HISTORY_MONTHS } from "../../data/seed";

export type MemberStatus = "active" | "suggested" | "inactive";

/** A member's row of `market_listings`, with its metrics parsed. */
export interface CompListing {
  listing_id: string;
  name: string;
  market_id: string;
  currency: string;
  base_price: number;
  metrics: Readonly<Record<string, number | null>>;
}

/** One night of a market's demand model (`market_nights`). */
export interface DemandNight {
  season: number;
  weekday: number;
  event: number;
  noise: number;
}

/**
 * The days (integers, days since 1970-01-01) the model covers. `seedDay` is the day the world
 * was seeded: the candidates' metric windows (`30_0`, `0_30`, …) are relative to it, whatever
 * the service clock says now.
 */
export interface ModelSpan {
  seedDay: number;
  startDay: number;
  endDay: number;
}

export function modelSpan(ctx: SandboxContext): ModelSpan {
  const row = ctx.db.prepare(`SELECT value FROM meta WHERE key = 'seeded_on'`).get() as
    { value: string } | undefined;
  const seedDay = row ? parseDay(row.value) : parseDay(ctx.clock.today());
  return { seedDay, startDay: firstOfMonthBefore(seedDay, HISTORY_MONTHS), endDay: seedDay + FORWARD_DAYS };
}

export const spanText = (span: ModelSpan) => `${formatDay(span.startDay)} to ${formatDay(span.endDay)}`;

interface MemberRow {
  listing_id: string;
  status: MemberStatus;
  name: string;
  market_id: string;
  currency: string;
  base_price: number;
  metrics: string;
}

/** The set's members with their status, ordered by listing id. */
export function setMembers(
  ctx: SandboxContext,
  setId: string,
): Array<{ status: MemberStatus; listing: CompListing }> {
  const found = ctx.db
    .prepare(
      `SELECT m.listing_id, m.status, l.name, l.market_id, l.currency, l.base_price, l.metrics
         FROM set_members m JOIN market_listings l ON l.listing_id = m.listing_id
        WHERE m.set_id = ?
        ORDER BY m.listing_id`,
    )
    .all(setId) as MemberRow[];
  return found.map((r) => ({
    status: r.status,
    listing: {
      listing_id: r.listing_id,
      name: r.name,
      market_id: r.market_id,
      currency: r.currency,
      base_price: r.base_price,
      metrics: JSON.parse(r.metrics) as Record<string, number | null>,
    },
  }));
}

export function activeMembers(ctx: SandboxContext, setId: string): CompListing[] {
  return setMembers(ctx, setId)
    .filter((m) => m.status === "active")
    .map((m) => m.listing);
}

/**
 * Every night of each market the listings are in, over the whole span, index = day - startDay.
 * The model needs whole metric windows around any requested range, so it always reads the span.
 */
export function demandByMarket(
  ctx: SandboxContext,
  span: ModelSpan,
  listings: readonly CompListing[],
): Map<string, DemandNight[]> {
  const statement = ctx.db.prepare(
    `SELECT season, weekday, event, noise FROM market_nights
      WHERE market_id = ? AND date >= ? AND date <= ? ORDER BY date`,
  );
  const out = new Map<string, DemandNight[]>();
  const expected = span.endDay - span.startDay + 1;
  for (const marketId of new Set(listings.map((l) => l.market_id))) {
    const nights = statement.all(marketId, formatDay(span.startDay), formatDay(span.endDay)) as DemandNight[];
    if (nights.length !== expected) {
      throw new Error(`market_nights of ${marketId} cover ${nights.length} of ${expected} nights`);
    }
    out.set(marketId, nights);
  }
  return out;
}
