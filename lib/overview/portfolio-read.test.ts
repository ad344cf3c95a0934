import { describe, expect, it } from "vitest";
import type { PacedProgress } from "@/lib/queries/paced";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { readWholePortfolio, type WholeReadOptions } from "@/lib/overview/portfolio-read";

const PER_PAGE = 10;
const SIZE = 25;
const listing = (i: number) => ({ svc_id: String(i) }) as Listing;
const row = (i: number): PortfolioKpiRow => ({
  listing_id: String(i),
  partner_listing_id: String(i),
  channel: "airbnb",
  value: i,
  currency: "USD",
  updated_at: null,
});
const slice = <T>(make: (i: number) => T, page: number) =>
  Array.from({ length: Math.max(0, Math.min(PER_PAGE, SIZE - (page - 1) * PER_PAGE)) }, (_, i) =>
    make((page - 1) * PER_PAGE + i + 1),
  );
/** A page as the reference service answers it: its rows and X-Total-Count. */
const pageOf = <T>(make: (i: number) => T, page: number) => ({ rows: slice(make, page), total: SIZE });

/** Runs a round's items one after the other, counting failures as the paced runner does. */
async function sequential(work: ReadonlyArray<(s: AbortSignal) => Promise<void>>, signal: AbortSignal) {
  const progress: PacedProgress = { done: 0, failed: 0, total: work.length, pausedUntil: null };
  for (const item of work) {
    if (signal.aborted) break;
    try {
      await item(signal);
      progress.done += 1;
    } catch {
      progress.failed += 1;
    }
  }
  return progress;
}

function options(over: Partial<WholeReadOptions<"revenue" | "occupancy">> = {}) {
  const asked: string[] = [];
  const covered: number[] = [];
  const opts: WholeReadOptions<"revenue" | "occupancy"> = {
    listingPages: [pageOf(listing, 1)],
    metrics: ["revenue", "occupancy"],
    fetchListings: async (page) => {
      asked.push(`listings ${page}`);
      return pageOf(listing, page);
    },
    fetchRanking: async (metric, page) => {
      asked.push(`${metric} ${page}`);
      return pageOf(row, page);
    },
    runRound: sequential,
    onCovered: (n) => covered.push(n),
    signal: new AbortController().signal,
    ...over,
  };
  return { opts, asked, covered };
}

describe("reading a whole large portfolio", () => {
  it("reads the listing pages not held yet and every ranking page, in rounds, until each stream reaches the count", async () => {
    const { opts, asked, covered } = options();
    const result = await readWholePortfolio(opts);
    expect(asked).toEqual([
      "revenue 1",
      "occupancy 1",
      "listings 2",
      "revenue 2",
      "occupancy 2",
      "listings 3",
      "revenue 3",
      "occupancy 3",
    ]);
    expect(covered).toEqual([10, 20, 25]);
    expect(result.kind).toBe("done");
    if (result.kind !== "done") return;
    expect(result.requests).toBe(8);
    expect(result.whole.listings).toHaveLength(SIZE);
    expect(result.whole.rankings.revenue).toHaveLength(SIZE);
    expect(result.whole.rankings.occupancy).toHaveLength(SIZE);
    expect(result.whole.notice).toBeNull();
  });

  it("a ranking whose page comes back twice ends with a notice, its rows counted once", async () => {
    const { opts } = options({
      fetchRanking: async (metric, page) => pageOf(row, metric === "revenue" ? Math.min(page, 2) : page),
    });
    const result = await readWholePortfolio(opts);
    expect(result.kind).toBe("done");
    if (result.kind !== "done") return;
    expect(result.whole.rankings.revenue).toHaveLength(20);
    expect(result.whole.notice).toBe("The service sent the same page twice; showing the 20 listings read.");
  });

  it("a failed page ends the read with nothing to add up: a sum over part of a portfolio is not a total", async () => {
    const { opts } = options({
      fetchRanking: async (metric, page) => {
        if (metric === "occupancy" && page === 2) throw new Error("429");
        return pageOf(row, page);
      },
    });
    expect(await readWholePortfolio(opts)).toEqual({ kind: "failed", requests: 5 });
  });

  it("cancelling stops before the next round and returns nothing partial", async () => {
    const controller = new AbortController();
    const { opts, asked } = options({
      signal: controller.signal,
      onCovered: () => controller.abort(),
    });
    const result = await readWholePortfolio(opts);
    expect(result.kind).toBe("cancelled");
    expect(asked).toEqual(["revenue 1", "occupancy 1"]);
  });

  it("rankings already in the cache are not read again: only the missing listings are", async () => {
    const { opts, asked } = options({ metrics: [] });
    const result = await readWholePortfolio(opts);
    expect(asked).toEqual(["listings 2", "listings 3"]);
    expect(result.kind === "done" && result.whole.listings.length).toBe(SIZE);
  });
});
