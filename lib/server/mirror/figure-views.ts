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
