/**
 * What a settings write leaves for the market's next pricing run. The calendar's
 * recommendations are priced under the settings of the last run; a write of a setting the
 * engine prices with (base price, its adjustment, minimum and maximum price) changes nothing in
 * the calendar until the next run, which then prices every open night under the settings stored
 * by then (docs/interface.md: a settings change is followed by recommendations.updated when
 * recommendations are next computed). Until then, a preview compares with the settings the
 * calendar was priced under.
 */
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import type { StoredSettings } from "./store";

/** The base the engine multiplies by the night's factors: base price with its adjustment. */
export function adjustedBase(listing: ListingRow, settings: StoredSettings): number {
  const base = settings.base_price ?? listing.base_price;
  return base * (1 + (settings.base_price_adjustment ?? 0) / 100);
}

/** The settings the engine prices with: a write of any other waits for nothing. */
export const PRICED_SETTINGS = ["base_price", "base_price_adjustment", "min_price", "max_price"] as const;

const key = (svcId: string) => `priced_base:${svcId}`;

/** The adjusted base the listing's recommendations were last priced under. */
export function pricedBase(ctx: SandboxContext, listing: ListingRow, stored: StoredSettings): number {
  const row = ctx.db.prepare(`SELECT value FROM meta WHERE key = ?`).get(key(listing.svc_id)) as
    { value: string } | undefined;
  return row ? Number(row.value) : adjustedBase(listing, stored);
}

/**
 * Before a write changes a priced setting: remembers the base the calendar is priced under,
 * unless an earlier write since the last run already did.
 */
export function awaitRepricing(ctx: SandboxContext, listing: ListingRow, before: StoredSettings): void {
  ctx.db
    .prepare(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING`)
    .run(key(listing.svc_id), String(adjustedBase(listing, before)));
}

/** Whether the listing has a write waiting for the run, and what it was priced under. */
export function waitingRepricing(ctx: SandboxContext, svcId: string): number | null {
  const row = ctx.db.prepare(`SELECT value FROM meta WHERE key = ?`).get(key(svcId)) as
    { value: string } | undefined;
  return row ? Number(row.value) : null;
}

/** The run has priced the listing under its stored settings. */
export function repriced(ctx: SandboxContext, svcId: string): void {
  ctx.db.prepare(`DELETE FROM meta WHERE key = ?`).run(key(svcId));
}
