import { describe, expect, it } from "vitest";
import type { ListingPage } from "@/lib/listings/queries";
import type { Listing } from "@/lib/svc/schemas/listings";
import {
  INDEX_PAGE_SIZE,
  fitsOnePage,
  indexPage,
  indexPageCount,
  pagesOf,
  portfolioIndexOf,
} from "@/lib/listings/portfolio-index";

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

  it("a page shorter than asked does not complete the index while the count is not reached", () => {
    const index = portfolioIndexOf(pages([INDEX_PAGE_SIZE, 40], 150))!;
    expect(index).toMatchObject({ total: 150, complete: false, notice: null });
  });

  it("an empty page before the count completes the index with what was read, and says so", () => {
    const index = portfolioIndexOf(pages([INDEX_PAGE_SIZE, 40, 0], 150))!;
    expect(index).toMatchObject({ total: 140, complete: true });
    expect(index.notice).toBe(
      "The service counted 150 listings but sent 140; showing the 140 listings read.",
    );
  });

  it("a service that answers smaller pages than asked is paged at its own size", () => {
    const index = portfolioIndexOf(pages([20, 20], 150))!;
    expect(index).toMatchObject({ pageSize: 20, complete: false });
    expect(indexPageCount(index)).toBe(8);
  });

  it("rows set aside as unreadable on page 1 still count towards the service's page size", () => {
    const read = pages([19, 20], 150);
    read.pages[0] = { ...read.pages[0]!, skipped: 1 };
    const index = portfolioIndexOf(read)!;
    expect(index.pageSize).toBe(20);
    expect(indexPageCount(index)).toBe(8);
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

  it("a whole portfolio in hand cut into pages reads as complete, and its last full page asks for nothing more", () => {
    const { pages, pageParams } = pagesOf(listings(1, 200));
    expect(pages.map((p) => p.listings.length)).toEqual([100, 100]);
    expect(pageParams).toEqual([1, 2]);
    const index = portfolioIndexOf({ pages, pageParams })!;
    expect(index).toMatchObject({ complete: true, total: 200 });
    expect(fitsOnePage(index)).toBe(false);
    expect(pagesOf(listings(1, 12), 10).pages.map((p) => p.listings.length)).toEqual([10, 2]);
    expect(pagesOf([]).pages.map((p) => p.listings.length)).toEqual([0]);
  });

  it("only a portfolio whose every listing came on the first page fits one page", () => {
    expect(fitsOnePage(portfolioIndexOf(pages([34], 34))!)).toBe(true);
    expect(fitsOnePage(portfolioIndexOf(pages([INDEX_PAGE_SIZE], 1500))!)).toBe(false);
  });
});
