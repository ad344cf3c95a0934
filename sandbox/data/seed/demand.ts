/**
 * How demand moves through the year in each market: season, weekday and event factors, and
 * the per-night demand curve the calendar and the candidates' metrics are built from.
 */
import type { Rng } from "../random";
import { monthDay, weekday } from "./dates";
import type { MarketProfile } from "./markets";

export type DemandLevel = "low" | "normal" | "high" | "very_high";

/** One night of a market: the multipliers every listing there is priced and booked with. */
export interface MarketNight {
  day: number;
  /** Smoothed monthly seasonality. */
  season: number;
  /** Weekend (Fri/Sat) uplift, a smaller one on Thursdays, 1 otherwise. */
  weekday: number;
  /** Event multiplier, 1 on ordinary nights. */
  event: number;
  /** Market-wide demand shock around 1 (autocorrelated day to day). */
  noise: number;
  demand: DemandLevel;
}

/** Seasonality interpolated between mid-month points so that prices do not jump on the 1st. */
export function seasonFactor(profile: MarketProfile, day: number): number {
  const date = new Date(day * 86_400_000);
  const m = date.getUTCMonth();
  const dayOfMonth = date.getUTCDate();
  const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), m + 1, 0)).getUTCDate();
  const pos = (dayOfMonth - 0.5) / daysInMonth - 0.5; // -0.5 .. 0.5 around mid-month
  const here = profile.seasonality[m] ?? 1;
  const other = profile.seasonality[(m + (pos < 0 ? 11 : 1)) % 12] ?? 1;
  return here + (other - here) * Math.abs(pos);
}

export function weekdayFactor(profile: MarketProfile, day: number): number {
  const wd = weekday(day);
  if (wd === 5 || wd === 6) return profile.weekendUplift;
  if (wd === 4) return 1 + (profile.weekendUplift - 1) * 0.35;
  return 1;
}

export function eventFactor(profile: MarketProfile, day: number): number {
  const md = monthDay(day);
  let factor = 1;
  for (const e of profile.events) if (md >= e.start && md <= e.end) factor = Math.max(factor, e.multiplier);
  return factor;
}

export function demandLevel(score: number): DemandLevel {
  if (score < 0.9) return "low";
  if (score < 1.12) return "normal";
  if (score < 1.38) return "high";
  return "very_high";
}

/** The market's nights from startDay to endDay inclusive, index = day - startDay. */
export function buildMarketNights(
  rng: Rng,
  profile: MarketProfile,
  startDay: number,
  endDay: number,
): MarketNight[] {
  const nights: MarketNight[] = [];
  let shock = 0;
  for (let day = startDay; day <= endDay; day++) {
    shock = 0.75 * shock + rng.normal(0, 0.045);
    const season = seasonFactor(profile, day);
    const wd = weekdayFactor(profile, day);
    const event = eventFactor(profile, day);
    const noise = Math.exp(shock);
    const score = season * event * noise * (1 + (wd - 1) * 0.5);
    nights.push({ day, season, weekday: wd, event, noise, demand: demandLevel(score) });
  }
  return nights;
}
