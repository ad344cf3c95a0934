import { describe, expect, it } from "vitest";
import type { ListingPage } from "../calendar/queries";
import type { Listing } from "../svc/schemas/listings";
import {
  INDEX_PAGE_SIZE,
  indexFromWholePortfolio,
  indexPage,
  indexPageCount,
  portfolioIndexOf,
} from "./portfolio-index";

const listings = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => ({ svc_id: String(from + i), name: `L${from + i}` }) as unknown as Listing,
  );

const pages = (sizes: number[], total: number | null) => {
  let next = 1;
  const read: ListingPage[] = sizes.map((size, i) => {
    const page = { listings: listings(next, size), page: i + 1, total };
    next += size;
    return page;
  });
  return { pages: read, pageParams: read.map((p) => p.page) };
};

describe("the portfolio index", () => {
  it("a portfolio that fits in one page is complete after its first request", () => {
    const index = portfolioIndexOf(pages([34], 34))!;
    expect(index).toMatchObject({ pages: 1, total: 34, totalKnown: true, complete: true });
    expect(index.listings).toHaveLength(34);
    expect(indexPageCount(index)).toBe(1);
  });

  it("a large portfolio is sized by X-Total-Count before its pages are read", () => {
    const index = portfolioIndexOf(pages([INDEX_PAGE_SIZE], 1500))!;
    expect(index).toMatchObject({ pages: 1, total: 1500, totalKnown: true, complete: false });
    expect(indexPageCount(index)).toBe(15);
  });

  it("without X-Total-Count, a full page means one more page may follow", () => {
    const index = portfolioIndexOf(pages([INDEX_PAGE_SIZE, INDEX_PAGE_SIZE], null))!;
    expect(index).toMatchObject({ total: 200, totalKnown: false, complete: false });
    expect(indexPageCount(index)).toBe(3);
  });

  it("a short last page completes the index, whatever the header said", () => {
    const index = portfolioIndexOf(pages([INDEX_PAGE_SIZE, 40], 150))!;
    expect(index).toMatchObject({ total: 140, complete: true });
  });

  it("a full last page that reaches X-Total-Count completes the index without reading an empty page", () => {
    const index = portfolioIndexOf(pages([INDEX_PAGE_SIZE, INDEX_PAGE_SIZE], 200))!;
    expect(index).toMatchObject({ total: 200, complete: true, pages: 2 });
  });

  it("a page not read yet is null, a read page is its listings", () => {
    const data = pages([INDEX_PAGE_SIZE, INDEX_PAGE_SIZE], 1500);
    expect(indexPage(data, 2)?.[0]?.svc_id).toBe("101");
    expect(indexPage(data, 3)).toBeNull();
    expect(portfolioIndexOf(undefined)).toBeNull();
  });

  it("a whole portfolio already read elsewhere seeds the index only when it fits in one page", () => {
    expect(indexFromWholePortfolio(listings(1, 34))?.pages[0]).toMatchObject({ page: 1, total: 34 });
    expect(indexFromWholePortfolio(listings(1, 1500))).toBeUndefined();
    expect(indexFromWholePortfolio(undefined)).toBeUndefined();
  });
});
