/**
 * Calendar nights and reservations of every seeded listing.
 *
 * Prices: recommended = base × (1 + base_price_adjustment%) × seasonality × weekday × event
 * × market demand noise × a small listing-level noise, rounded and clamped to the listing's
 * [min_price, max_price]. The posted price follows the recommendation when automatic posting
 * is on (with an occasional stale post) and is a flat host price otherwise.
 *
 * Stays: a walk through the window alternates vacant gaps and stays, the gaps sized so the
 * final occupancy follows the season (about 55–85 %). A stay checking in on or after today is
 * already booked only with the pickup probability of its lead time, so forward occupancy
 * decays (next 30 days ≈ 60 %, six months out ≈ 10 %); every stay's booking window follows
 * that same curve (booking-window.ts). About 7 % of stays are cancelled between booking and
 * check-in: their nights stay open and can be booked by a later stay. About 3 % of nights are
 * blocked. The stays before the window come from stay-history.ts.
 */
import type { Rng } from "../random";
import { bookingWindow, normalCdf } from "./booking-window";
import { formatDay, timestampFromSeconds } from "./dates";
import type { ListingDraft } from "./listing-draft";
import { pickupAtLead } from "./market-listings";
import type { MarketNight } from "./demand";
import { GUEST_COMMENTS } from "./names";
import type { CalendarNightRow, ChannelName, ReservationRow } from "./types";

export interface CalendarWindow {
  /** First night (the world's calendars: the first of the month 15 months before today). */
  startDay: number;
  /** Last night (the calendars: today + 365). */
  endDay: number;
  today: number;
  /** Cut a stay running past endDay to end there, not stop at it (the stays before a calendar). */
  cutAtEnd?: boolean;
}

const STAY_LENGTHS: readonly (readonly [number, number])[] = [
  [1, 16],
  [2, 27],
  [3, 21],
  [4, 12],
  [5, 8],
  [6, 4],
  [7, 6],
  [8, 1.2],
  [9, 0.8],
  [10, 1],
  [11, 0.4],
  [12, 0.4],
  [13, 0.3],
  [14, 0.9],
];
const MEAN_STAY = 3.6;
const CANCEL_RATE = 0.07;
const BLOCK_START_RATE = 0.0062;

const CHANNEL_TERMS: Readonly<Record<ChannelName, { commission: number; source: string }>> = {
  airbnb: { commission: 0.03, source: "Airbnb" },
  vrbo: { commission: 0.08, source: "Vrbo" },
  booking_com: { commission: 0.15, source: "Booking.com" },
};

function reservationId(rng: Rng, channel: ChannelName): string {
  switch (channel) {
    case "airbnb":
      return `HM${rng.chars(8)}`;
    case "vrbo":
      return `HA-${rng.chars(7)}`;
    case "booking_com":
      return `BC-${rng.digits(10)}`;
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export interface CalendarResult {
  reservations: ReservationRow[];
  nights: CalendarNightRow[];
}

/** One listing's simulated calendar, night by night: index k is the night `win.startDay + k`. */
export interface SimulatedCalendar {
  recommended: readonly number[];
  price: readonly number[];
  minStay: readonly number[];
  blocked: Uint8Array;
  /** The Accepted reservation holding the night, null when open or blocked. */
  booked: readonly (string | null)[];
}

/**
 * Prices, blocks and stays of one listing over the window; its reservations are pushed to
 * `reservations`. `market` and `dates` are indexed from `win.startDay`.
 */
export function simulateCalendar(
  rng: Rng,
  d: ListingDraft,
  market: readonly MarketNight[],
  win: CalendarWindow,
  dates: readonly string[],
  usedIds: Set<string>,
  reservations: ReservationRow[],
): SimulatedCalendar {
  const n = win.endDay - win.startDay + 1;
  const p = d.prefs;
  const channel = d.row.channel;
  const base = p.base_price ?? d.row.base_price;
  const adjusted = base * (1 + (p.base_price_adjustment ?? 0) / 100);
  const minPrice = p.min_price ?? 1;
  const maxPrice = p.max_price ?? Number.POSITIVE_INFINITY;
  const maxGuests = d.row.max_guests ?? 2;

  const rec = new Array<number>(n);
  const price = new Array<number>(n);
  const minStay = new Array<number>(n);
  const blocked = new Uint8Array(n);
  const booked = new Array<string | null>(n).fill(null);

  let shock = 0;
  for (let k = 0; k < n; k++) {
    const m = market[k] as MarketNight;
    shock = 0.6 * shock + rng.normal(0, 0.025);
    const raw = adjusted * m.season * m.weekday * m.event * m.noise * Math.exp(shock);
    const r = clamp(Math.round(raw), minPrice, maxPrice);
    rec[k] = r;
    if (p.pricing_enabled) {
      price[k] = rng.chance(0.06) ? clamp(Math.round(r * rng.float(0.92, 1.08)), minPrice, maxPrice) : r;
    } else {
      const host = base * (m.weekday > 1.05 ? 1.15 : 1) * (m.season >= 1.15 ? 1.15 : 1);
      price[k] = clamp(Math.round(host), minPrice, maxPrice);
    }
    const peakWeekend = m.weekday > 1.05 && m.season >= 1.1 ? 1 : 0;
    minStay[k] = clamp(
      (p.min_stay ?? 2) + peakWeekend + (m.season >= 1.3 ? 1 : 0) + (m.event > 1.2 ? 1 : 0),
      1,
      5,
    );
  }

  for (let k = 0; k < n;) {
    if (rng.chance(BLOCK_START_RATE)) {
      const len = rng.int(2, 8);
      for (let j = k; j < Math.min(n, k + len); j++) blocked[j] = 1;
      k += len + 1;
    } else k++;
  }

  /** When a cancellation last freed each night (seconds since the epoch), 0 if none did. */
  const freedSec = new Float64Array(n);
  const occOffset = rng.normal(0, 0.04) - (d.quality - 1) * 0.1;
  const terms = CHANNEL_TERMS[channel];
  const fees = p.fees;
  for (let k = 0; k < n;) {
    const m = market[k] as MarketNight;
    const s = m.season * Math.sqrt(m.event);
    const target = clamp(0.62 + (0.32 * (s - 0.75)) / 0.65 + occOffset, 0.5, 0.92);
    const gapMean = (MEAN_STAY * (1 - target)) / target;
    const ci = k + Math.floor(-(gapMean + 0.5) * Math.log(1 - rng.next()));
    if (ci >= n) break;
    const ciDay = win.startDay + ci;
    if (d.deactivatedDay !== null && ciDay >= d.deactivatedDay) break;
    const drawn = Math.max(rng.weighted(STAY_LENGTHS), minStay[ci] as number);
    if (ci + drawn > n && !win.cutAtEnd) break;
    const len = Math.min(drawn, n - ci);
    const co = ci + len;
    let clash = -1;
    for (let j = ci; j < co; j++) if (blocked[j]) clash = j;
    if (clash >= 0) {
      k = clash + 1;
      continue;
    }
    const lead = ciDay - win.today;
    if (lead >= 0 && !rng.chance(pickupAtLead(lead))) {
      k = co;
      continue;
    }

    // One booking-window distribution for stays past and ahead (booking-window.ts); a stay ahead
    // was booked before today, and none was booked before its listing was created.
    const window = bookingWindow(normalCdf(rng.normal()), lead);
    const bookedDay = Math.min(ciDay - 1, Math.max(d.createdDay, ciDay - window));
    let bookedSec = bookedDay * 86_400 + rng.int(0, 22 * 3600);
    // Nights a cancellation freed were booked again after it: no night is on the books twice at once.
    let freed = 0;
    for (let j = ci; j < co; j++) freed = Math.max(freed, freedSec[j] as number);
    if (freed > bookedSec)
      bookedSec = Math.min(Math.floor(freed) + 60, Math.min(ciDay, win.today) * 86_400 - 1);
    // A cancellation falls between booking and check-in. One still ahead of today has not
    // happened: that stay stands on the books now, as last year's stood a year ago.
    let canceledAt: string | null = null;
    if (rng.chance(CANCEL_RATE)) {
      const atSec = bookedSec + Math.max(60, (ciDay * 86_400 - bookedSec) * rng.float(0.1, 0.95));
      if (atSec < win.today * 86_400) {
        canceledAt = timestampFromSeconds(atSec);
        for (let j = ci; j < co; j++) freedSec[j] = Math.max(freedSec[j] as number, atSec);
      }
    }
    const canceled = canceledAt !== null;

    let id = reservationId(rng, channel);
    while (usedIds.has(id)) id = reservationId(rng, channel);
    usedIds.add(id);

    const guests = clamp(Math.round(rng.normal(maxGuests * 0.6, 1)), 1, maxGuests);
    let subtotal = 0;
    for (let j = ci; j < co; j++) subtotal += price[j] as number;
    subtotal = round2(subtotal);
    const included = p.guests_included ?? maxGuests;
    const feeTotal =
      fees === null
        ? null
        : round2(
            (fees.cleaning_fee ?? 0) + (fees.extra_guest_fee ?? 0) * Math.max(0, guests - included) * len,
          );
    const taxable = subtotal + (feeTotal ?? 0);
    const taxes = channel === "booking_com" && rng.chance(0.3) ? null : round2(taxable * d.profile.taxRate);
    const total = round2(taxable + (taxes ?? 0));
    const payout = round2(total - taxable * terms.commission);

    reservations.push({
      reservation_id: id,
      listing_svc_id: d.row.svc_id,
      status: canceled ? "Canceled" : "Accepted",
      check_in: dates[ci] as string,
      check_out: dates[co] ?? formatDay(win.startDay + co),
      nights: len,
      guests: rng.chance(0.04) ? null : guests,
      booked_at: timestampFromSeconds(bookedSec),
      canceled_at: canceledAt,
      currency: d.row.currency,
      nightly_subtotal: subtotal,
      fees: feeTotal,
      taxes,
      payout,
      total_price: total,
      comments: rng.chance(0.35) ? rng.pick(GUEST_COMMENTS) : null,
      source_name: rng.chance(0.85) ? terms.source : null,
    });

    if (canceled) {
      k = ci + 1;
    } else {
      for (let j = ci; j < co; j++) booked[j] = id;
      k = co;
    }
  }
  return { recommended: rec, price, minStay, blocked, booked };
}

function buildOne(
  rng: Rng,
  d: ListingDraft,
  market: readonly MarketNight[],
  win: CalendarWindow,
  dates: readonly string[],
  usedIds: Set<string>,
  out: CalendarResult,
): void {
  const { recommended, price, minStay, blocked, booked } = simulateCalendar(
    rng,
    d,
    market,
    win,
    dates,
    usedIds,
    out.reservations,
  );
  for (let k = 0; k < dates.length; k++) {
    const reservation = booked[k] ?? null;
    out.nights.push({
      listing_svc_id: d.row.svc_id,
      date: dates[k] as string,
      price: price[k] as number,
      recommended_price: recommended[k] as number,
      min_stay: minStay[k] as number,
      available: blocked[k] || reservation ? 0 : 1,
      blocked: blocked[k] ?? 0,
      reservation_id: reservation,
      demand: (market[k] as MarketNight).demand,
    });
  }
}

export function buildCalendars(
  rng: Rng,
  listings: readonly ListingDraft[],
  marketNights: ReadonlyMap<string, readonly MarketNight[]>,
  win: CalendarWindow,
): CalendarResult {
  const dates: string[] = [];
  for (let day = win.startDay; day <= win.endDay; day++) dates.push(formatDay(day));
  const out: CalendarResult = { reservations: [], nights: [] };
  const usedIds = new Set<string>();
  for (const d of listings) {
    const market = marketNights.get(d.row.market_id);
    if (!market) throw new Error(`no market nights for ${d.row.market_id}`);
    buildOne(rng.fork(d.row.svc_id), d, market, win, dates, usedIds, out);
  }
  return out;
}
