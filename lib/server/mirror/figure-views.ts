import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import type { PaceFigures, StayFigures, WindowFigures } from "@/lib/server/mirror/mirror-figures";

/**
 * The store's figures are one statement per store (`paceFigures`, sqlite-mirror-figures.ts and
 * postgres-mirror-figures.ts): the books as they stand, as they stood at an instant and a
 * window's split, in one pass. The narrower reads are views of it, the same on both stores.
 */

/** A row as both stores' statements name their sums (numbers, or numeric text from PostgreSQL). */
export type PaceFigureRow = { currency: string | null } & Record<
  `${"final" | "at" | "booked" | "canceled"}_${"nights" | "revenue" | "unpriced"}`,
  number | string
>;

export function paceFiguresOf(row: PaceFigureRow): PaceFigures {
  const nights = (name: "final" | "at" | "booked" | "canceled") => Math.round(Number(row[`${name}_nights`]));
  const revenue = (name: "final" | "at" | "booked" | "canceled") => Number(row[`${name}_revenue`]);
  const books = (name: "final" | "at") => ({
    nights: nights(name),
    revenue: revenue(name),
    nightsWithoutRevenue: Math.round(Number(row[`${name}_unpriced`])),
  });
  return {
    currency: row.currency,
    final: books("final"),
    at: books("at"),
    window: {
      bookedNights: nights("booked"),
      bookedRevenue: revenue("booked"),
      canceledNights: nights("canceled"),
      canceledRevenue: revenue("canceled"),
    },
  };
}

type Sums = "final" | "at" | "booked" | "canceled";
/** A row of one period's figures in one currency; `i` is the period's index in the caller's list. */
export type IndexedRow = Partial<PaceFigureRow> & { i: number; currency: string | null };

/**
 * One row per period and currency from rows that each hold some of the sums (the night totals'
 * final sums, the stays' pass for the rest): a sum no row holds is 0. Ordered by period, then
 * currency with none first, as both stores' statements order theirs.
 */
export function mergedRows(...parts: ReadonlyArray<readonly IndexedRow[]>): IndexedRow[] {
  const merged = new Map<string, IndexedRow>();
  for (const row of parts.flat()) {
    const key = `${row.i}\u0000${row.currency ?? ""}`;
    const into = merged.get(key) ?? { i: row.i, currency: row.currency };
    for (const name of ["final", "at", "booked", "canceled"] as const satisfies readonly Sums[])
      for (const part of ["nights", "revenue", "unpriced"] as const) {
        const value = row[`${name}_${part}`];
        if (value !== undefined)
          into[`${name}_${part}`] = Number(into[`${name}_${part}`] ?? 0) + Number(value);
      }
    merged.set(key, into);
  }
  const order = (c: string | null) => (c === null ? "" : `\u0001${c}`);
  return [...merged.values()].sort((a, b) =>
    a.i !== b.i
      ? a.i - b.i
      : order(a.currency) < order(b.currency)
        ? -1
        : order(a.currency) > order(b.currency)
          ? 1
          : 0,
  );
}

/** The rows as `paceFigures` answers them: a list per period asked, each in the rows' order. */
export function byPeriod(periods: readonly unknown[], rows: readonly IndexedRow[]): PaceFigures[][] {
  const lists = periods.map(() => [] as PaceFigures[]);
  for (const row of rows) lists[row.i]!.push(paceFiguresOf({ ...ZERO, ...row } as PaceFigureRow));
  return lists;
}

const ZERO = Object.fromEntries(
  (["final", "at", "booked", "canceled"] as const).flatMap((name) =>
    (["nights", "revenue", "unpriced"] as const).map((part) => [`${name}_${part}`, 0]),
  ),
);

export function figureViews(
  paceFigures: MirrorStore["paceFigures"],
): Pick<MirrorStore, "stayFigures" | "windowFigures"> {
  return {
    async stayFigures(accountId, periods, options = {}) {
      const lists = await paceFigures(accountId, periods, options);
      return lists.map((list) =>
        list.flatMap((f): StayFigures[] => {
          const books = options.at === undefined ? f.final : f.at;
          return books.nights > 0 ? [{ currency: f.currency, ...books }] : [];
        }),
      );
    },
    async windowFigures(accountId, periods, window, options = {}) {
      const lists = await paceFigures(accountId, periods, { ...options, window });
      return lists.map((list) =>
        list.flatMap((f): WindowFigures[] =>
          f.window.bookedNights > 0 || f.window.canceledNights > 0
            ? [{ currency: f.currency, ...f.window }]
            : [],
        ),
      );
    },
  };
}
