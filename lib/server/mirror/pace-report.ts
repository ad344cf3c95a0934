import { stlyInstant, stlyPeriod } from "@/lib/pace/definitions";
import { pacePeriods, paceRows, type PaceRow, type PaceUnit } from "@/lib/pace/table";
import { isWholePortfolio, WHOLE_PORTFOLIO, type PaceScope, type ScopeChoices } from "@/lib/pace/scope";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import type { PaceFigures } from "@/lib/server/mirror/mirror-figures";
import { resolveScope } from "@/lib/server/mirror/pace-scope";
import { marketOverlay, soleMarket, type MarketOverlayState } from "@/lib/pace/market-overlay";

/**
 * The pace table from the account's mirror (GET /api/mirror/pace, pace-route.ts): no service
 * request. Figures cover the listings of the scope (by default every one not hidden) whose
 * reservations the mirror holds, as of the oldest of those reads.
 */
export interface PaceReport {
  enabled: boolean;
  /** The service's time the figures are taken at. */
  now: string | null;
  as_of: string | null;
  unit: PaceUnit;
  pickup_days: number;
  listings_covered: number;
  listings_total: number;
  /** What the scope's filters offer, from the mirrored listing records. */
  choices: ScopeChoices;
  rows: PaceRow[];
  /** The market's occupancy and ADR for the same periods, apart from the portfolio's. */
  market: MarketOverlayState;
}

export const NO_PACE: PaceReport = {
  enabled: false,
  now: null,
  as_of: null,
  unit: "month",
  pickup_days: 7,
  listings_covered: 0,
  listings_total: 0,
  choices: { owners: [], markets: [], bedrooms: [], channels: [], segments: [], sets: [] },
  rows: [],
  market: { state: "no_market" },
};

const DAY_MS = 86_400_000;
/** The pickup window ending at an instant: (at − W days, at]. */
export const pickupWindow = (at: string, days: number) => ({
  from: new Date(Date.parse(at) - days * DAY_MS).toISOString(),
  to: at,
});

/** One part of a period's counts, per currency where it counted something. */
const books = (figures: readonly PaceFigures[], part: "final" | "at") =>
  figures.flatMap((f) => (f[part].nights > 0 ? [{ currency: f.currency, ...f[part] }] : []));
const split = (figures: readonly PaceFigures[]) =>
  figures.flatMap((f) =>
    f.window.bookedNights > 0 || f.window.canceledNights > 0 ? [{ currency: f.currency, ...f.window }] : [],
  );

export async function paceReport(
  store: MirrorStore,
  accountId: string,
  {
    unit,
    pickupDays,
    now,
    scope = WHOLE_PORTFOLIO,
    listing,
  }: {
    unit: PaceUnit;
    pickupDays: number;
    now: string;
    scope?: PaceScope;
    /** One listing instead of a scope (the listing workspace): counted even if hidden. */
    listing?: string | undefined;
  },
): Promise<PaceReport> {
  if (!(await store.syncRecord(accountId))) return { ...NO_PACE, unit, pickup_days: pickupDays };
  // The whole portfolio needs no listing record to be counted: its records are read meanwhile.
  const resolving = resolveScope(store, accountId, scope);
  const listings =
    listing === undefined && isWholePortfolio(scope)
      ? undefined
      : await resolving.then((resolved) =>
          listing === undefined ? resolved.listings : resolved.records.has(listing) ? [listing] : [],
        );
  const only = { listings };
  const periods = pacePeriods(unit, now.slice(0, 10));
  const lastYear = periods.map(stlyPeriod);
  const stlyAt = stlyInstant(now);
  // Two passes: this year's books and pickup, then last year's books then, final and pickup.
  const [thisYear, lastYearFigures, coverage, resolved] = await Promise.all([
    store.paceFigures(accountId, periods, { ...only, window: pickupWindow(now, pickupDays) }),
    store.paceFigures(accountId, lastYear, { ...only, at: stlyAt, window: pickupWindow(stlyAt, pickupDays) }),
    store.coverage(accountId, only),
    resolving,
  ]);
  const { choices } = resolved;
  const covered = coverage.filter((c) => c.listings > 0);
  const inView = [...resolved.records.values()].filter((l) =>
    listings === undefined ? !l.hidden : listings.includes(l.listingId),
  );
  const market = soleMarket(inView);
  return {
    enabled: true,
    now,
    as_of: covered.flatMap((c) => (c.oldestRead ? [c.oldestRead] : [])).sort()[0] ?? null,
    unit,
    pickup_days: pickupDays,
    listings_covered: covered.reduce((sum, c) => sum + c.listings, 0),
    listings_total: coverage.reduce((sum, c) => sum + c.total, 0),
    choices,
    market:
      typeof market === "string"
        ? marketOverlay(
            inView,
            periods,
            { id: market, name: choices.markets.find((m) => m.id === market)?.name ?? market },
            await store.marketSeries(accountId, market),
          )
        : market,
    rows: paceRows(
      periods,
      periods.map((_, i) => ({
        otb: books(thisYear[i]!, "final"),
        stly: books(lastYearFigures[i]!, "at"),
        lyFinal: books(lastYearFigures[i]!, "final"),
        pickup: split(thisYear[i]!),
        lyPickup: split(lastYearFigures[i]!),
      })),
      covered,
    ),
  };
}
