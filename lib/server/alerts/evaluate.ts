import { addDays, addMonths } from "@/lib/format/dates";
import { atFloor, isOpen, windowOccupancy } from "@/lib/alerts/measure";
import {
  judgeAtMinimum,
  judgeBehindStly,
  judgeBelowMarket,
  judgeNoBooking,
  judgePickupBelowLy,
  keyOf,
  type Judgment,
  type MonthBooks,
} from "@/lib/alerts/evaluate";
import { judgeCompsMoved, judgeFlagGained } from "@/lib/alerts/evaluate-flags-sets";
import { flagTitle } from "@/lib/listing/records/flags";
import type { Alert, AlertKey, AlertsStore, StoredRule } from "@/lib/server/alerts/alerts-store";
import { Readings, type ScopeListings } from "@/lib/server/alerts/readings";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";

/**
 * Evaluates the account's active rules against its mirror, and only its mirror: no request to
 * the service. New alerts fire (once per rule, listing and period while one stands); standing
 * alerts clear where their condition was measured and no longer holds, where their listing
 * left the rule's scope, or where their stay month has passed. Snoozed alerts whose time
 * passed are open again first.
 *
 * `comps_moved` judges a set, not listings: its alert stands under the set's id in
 * `listing_id`, and its period names it a set (`set:<id>`).
 */

export interface Evaluation {
  rules: number;
  fired: Alert[];
  cleared: number;
}

/** Stay months a reservation touches, from its check-in to its last night. */
function monthsOf(checkIn: string, checkOut: string): string[] {
  const last = addDays(checkOut, -1).slice(0, 7);
  const months: string[] = [];
  for (let m = checkIn.slice(0, 7); m <= last && months.length < 24; m = addMonths(m, 1)) months.push(m);
  return months;
}

async function behindStly(
  rule: Extract<StoredRule["rule"], { kind: "behind_stly" }>,
  r: Readings,
  scope: ScopeListings,
) {
  const [months, pickup] = await Promise.all([r.monthFigures(scope), r.pickupWindows(scope)]);
  const cancellations = new Map<string, number>();
  for (const res of pickup.now)
    if (res.canceled)
      for (const m of monthsOf(res.checkIn, res.checkOut))
        cancellations.set(keyOf(res.listingId, m), (cancellations.get(keyOf(res.listingId, m)) ?? 0) + 1);
  const inScope = new Set(scope.ids);
  const rows: MonthBooks[] = [];
  for (const { month, now, then } of months) {
    const byListing = new Map<string, MonthBooks & { currencies: Set<string | null> }>();
    const row = (listingId: string) => {
      let b = byListing.get(listingId);
      if (!b) {
        b = {
          listingId,
          month,
          nights: 0,
          stlyNights: 0,
          revenue: 0,
          stlyRevenue: 0,
          currency: null,
          cancellations: cancellations.get(keyOf(listingId, month)) ?? 0,
          currencies: new Set(),
        };
        byListing.set(listingId, b);
      }
      return b;
    };
    for (const f of now)
      if (inScope.has(f.listingId)) {
        const b = row(f.listingId);
        b.nights += f.nights;
        b.revenue! += f.revenue;
        b.currencies.add(f.currency);
      }
    for (const f of then)
      if (inScope.has(f.listingId)) {
        const b = row(f.listingId);
        b.stlyNights += f.nights;
        b.stlyRevenue! += f.revenue;
        b.currencies.add(f.currency);
      }
    // Revenue in several currencies is never added: such a listing is judged on nights only.
    for (const { currencies, ...books } of byListing.values())
      rows.push(
        currencies.size === 1
          ? { ...books, currency: [...currencies][0]! }
          : { ...books, revenue: null, stlyRevenue: null },
      );
  }
  return judgeBehindStly(rule.params, rows, r.today);
}

async function judgeRule(stored: StoredRule, r: Readings, scope: ScopeListings): Promise<Judgment> {
  const rule = stored.rule;
  switch (rule.kind) {
    case "behind_stly":
      return behindStly(rule, r, scope);
    case "no_booking": {
      // Until every listing's reservations are read, "no booking" could be "not read yet".
      if (!(await r.covered(scope))) return { holds: [], measured: new Set() };
      const [calendars, bookings] = await Promise.all([r.next30(), r.bookingsIn(scope, rule.params.days)]);
      return judgeNoBooking(
        rule.params,
        scope.ids.map((listingId) => {
          const calendar = calendars.get(listingId);
          return {
            listingId,
            bookings: bookings.get(listingId) ?? 0,
            openNights: calendar ? calendar.nights.filter(isOpen).length : null,
          };
        }),
      );
    }
    case "below_market": {
      const calendars = await r.next30();
      const rows = await Promise.all(
        scope.ids.flatMap((listingId) => {
          const calendar = calendars.get(listingId);
          const record = scope.records.get(listingId);
          if (!calendar || !record) return [];
          const { booked, sellable } = windowOccupancy(calendar.nights.slice(0, rule.params.window));
          return [
            r
              .marketOccupancy(record, rule.params.window)
              .then((marketOccupancy) => ({ listingId, booked, sellable, marketOccupancy })),
          ];
        }),
      );
      return judgeBelowMarket(rule.params, rows);
    }
    case "at_minimum": {
      const calendars = await r.next30();
      return judgeAtMinimum(
        rule.params,
        scope.ids.flatMap((listingId) => {
          const calendar = calendars.get(listingId);
          const record = scope.records.get(listingId);
          if (!calendar || !record) return [];
          const floor = r.floor(record, calendar.nights);
          return [
            {
              listingId,
              floor,
              currency: calendar.currency ?? record.currency,
              atFloor: floor === null ? 0 : calendar.nights.filter((n) => atFloor(n, floor.floor)).length,
            },
          ];
        }),
      );
    }
    case "pickup_below_ly": {
      const { now, then } = await r.pickupWindows(scope);
      const sum = (rows: typeof now) => {
        const by = new Map<string, number>();
        for (const res of rows)
          by.set(
            res.listingId,
            (by.get(res.listingId) ?? 0) + (res.booked ? res.nights : 0) - (res.canceled ? res.nights : 0),
          );
        return by;
      };
      const [thisYear, lastYear] = [sum(now), sum(then)];
      return judgePickupBelowLy(
        rule.params,
        scope.ids.map((listingId) => ({
          listingId,
          pickup: thisYear.get(listingId) ?? 0,
          lyPickup: lastYear.get(listingId) ?? 0,
        })),
      );
    }
    case "flag_gained": {
      const held = await r.flags();
      return judgeFlagGained(
        scope.ids.flatMap((listingId) => {
          const flags = held.get(listingId);
          if (!flags) return [];
          const name = scope.records.get(listingId)?.name?.trim() || listingId;
          // The flags tab's words; a code this dashboard does not know reads as its words.
          return [{ listingId, name, flags: flags.map((f) => ({ ...f, title: flagTitle(f.code) })) }];
        }),
      );
    }
    case "comps_moved":
      // A write that named listings changed no set's prices: only an evaluation of every
      // listing (a set prices read, the daily pass) judges the set.
      if (r.named) return { holds: [], measured: new Set() };
      return judgeCompsMoved(rule.params, await r.setPrices(rule.params.set_id));
    default:
      return { holds: [], measured: new Set() };
  }
}

/** The standing alerts this judgment clears; `months`: the stay months still judged (behind_stly's periods). */
function clearing(
  standing: readonly AlertKey[],
  judgment: Judgment,
  scope: ScopeListings,
  months: ReadonlySet<string> | null,
) {
  const holding = new Set(judgment.holds.map((f) => keyOf(f.listingId, f.period)));
  const inScope = new Set(scope.ids);
  return standing.filter((k) => {
    const key = keyOf(k.listingId, k.period);
    if (holding.has(key)) return false;
    return (
      judgment.measured.has(key) ||
      judgment.measuredListings?.has(k.listingId) === true ||
      !inScope.has(k.listingId) ||
      (months !== null && k.period !== null && !months.has(k.period))
    );
  });
}

/**
 * `listings`: only these listings are measured, and only their alerts may clear (a write that
 * named them: what else it could change did not change). Left out: every listing.
 */
export async function evaluateAccount(
  store: MirrorStore,
  alerts: AlertsStore,
  accountId: string,
  now: Date,
  { listings }: { listings?: readonly string[] } = {},
): Promise<Evaluation> {
  await alerts.wakeSnoozed(accountId, now);
  const rules = (await alerts.listRules(accountId)).filter((r) => !r.paused);
  if (rules.length === 0 || !(await store.syncRecord(accountId))) return { rules: 0, fired: [], cleared: 0 };
  const only = listings === undefined ? undefined : new Set(listings);
  const readings = new Readings(store, accountId, now.toISOString(), only);
  const months = new Set(readings.months.map((m) => m.period));
  const outcomes = await Promise.all(
    rules.map(async (stored) => {
      const rule = stored.rule;
      const scope: ScopeListings =
        rule.kind === "comps_moved"
          ? { figures: [], ids: only ? [] : [rule.params.set_id], records: new Map() }
          : await readings.scope(rule.scope);
      const [judgment, everyStanding] = await Promise.all([
        judgeRule(stored, readings, scope),
        alerts.standing(accountId, stored.id),
      ]);
      const standing = only ? everyStanding.filter((k) => only.has(k.listingId)) : everyStanding;
      // What stands already is not sent again; the store's index still decides a race.
      const standingKeys = new Set(standing.map((k) => keyOf(k.listingId, k.period)));
      const fired = await alerts.fire(
        accountId,
        judgment.holds
          .filter((f) => !standingKeys.has(keyOf(f.listingId, f.period)))
          .map((f) => ({ ruleId: stored.id, ...f })),
        now,
      );
      const cleared = await alerts.clear(
        accountId,
        stored.id,
        clearing(standing, judgment, scope, stored.rule.kind === "behind_stly" ? months : null),
        now,
      );
      return { fired, cleared };
    }),
  );
  return {
    rules: rules.length,
    fired: outcomes.flatMap((o) => o.fired),
    cleared: outcomes.reduce((sum, o) => sum + o.cleared, 0),
  };
}
