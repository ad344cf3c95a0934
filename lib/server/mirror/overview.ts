import { addDays, todayUtc } from "@/lib/format/dates";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import {
  compareMirrorMonths,
  comparedMonths,
  mirrorPulse,
  periodOfMonth,
  PULSE_NIGHTS,
} from "@/lib/overview/mirror-months";
import type { PulseGroup } from "@/lib/overview/pulse";
import type { CurrencyComparison } from "@/lib/overview/months";

/** The Overview's figures from the mirror (GET /api/mirror/overview): no service request. */
export interface MirrorOverview {
  enabled: boolean;
  /** The oldest reservations read behind the figures: they hold as of then. */
  as_of: string | null;
  listings_covered: number;
  listings_total: number;
  comparisons: CurrencyComparison[];
  /** The next 30 nights on the books, per currency, of the covered listings. */
  pulse: PulseGroup[];
}

export const NO_MIRROR_OVERVIEW: MirrorOverview = {
  enabled: false,
  as_of: null,
  listings_covered: 0,
  listings_total: 0,
  comparisons: [],
  pulse: [],
};

export async function overviewFromMirror(
  store: MirrorStore,
  accountId: string,
  today = todayUtc(),
): Promise<MirrorOverview> {
  if (!(await store.syncRecord(accountId))) return NO_MIRROR_OVERVIEW;
  const coverage = await store.coverage(accountId);
  const covered = coverage.filter((c) => c.listings > 0);
  const months = comparedMonths(today);
  const next30 = { from: today, to: addDays(today, PULSE_NIGHTS) };
  const figures = await store.stayFigures(accountId, [...months.map(periodOfMonth), next30]);
  const counts = new Map(months.map((m, i) => [m, figures[i]!] as const));
  const oldest = covered.flatMap((c) => (c.oldestRead ? [c.oldestRead] : [])).sort()[0] ?? null;
  return {
    enabled: true,
    as_of: oldest,
    listings_covered: covered.reduce((sum, c) => sum + c.listings, 0),
    listings_total: coverage.reduce((sum, c) => sum + c.total, 0),
    comparisons: compareMirrorMonths(today, counts, covered),
    pulse: mirrorPulse(figures[months.length]!, covered),
  };
}
