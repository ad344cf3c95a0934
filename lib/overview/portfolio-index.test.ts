import { describe, expect, it } from "vitest";
import type { Listing } from "../svc/schemas/listings";
import { fitsOnePage, indexOf, pagesOf, sizeOf } from "./portfolio-index";

const listings = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ svc_id: String(from + i + 1) }) as Listing);
const page = (n: number, at: number, total: number | null) => ({
  listings: listings(n, (at - 1) * 10),
  page: at,
  total,
});

describe("the Overview's listing index", () => {
  it("a first page shorter than a full page is the whole portfolio", () => {
    const index = indexOf([page(4, 1, 4)], 10);
    expect(index).toMatchObject({ complete: true, total: 4 });
    expect(fitsOnePage(index, 10)).toBe(true);
  });

  it("a full first page with a larger X-Total-Count is not complete, and its size is the service's count", () => {
    const index = indexOf([page(10, 1, 35)], 10);
    expect(index.complete).toBe(false);
    expect(sizeOf(index)).toBe(35);
    expect(fitsOnePage(index, 10)).toBe(false);
  });

  it("a full page is complete when X-Total-Count says nothing more is there; without the header it is not", () => {
    expect(indexOf([page(10, 1, 10)], 10).complete).toBe(true);
    expect(indexOf([page(10, 1, null)], 10).complete).toBe(false);
  });

  it("a complete portfolio cut back into pages ends with a short page, so nothing more is asked for", () => {
    const { pages, pageParams } = pagesOf(listings(20), 10);
    expect(pages.map((p) => p.listings.length)).toEqual([10, 10, 0]);
    expect(pageParams).toEqual([1, 2, 3]);
    expect(indexOf(pages, 10)).toMatchObject({ complete: true, total: 20 });
    expect(pagesOf(listings(12), 10).pages.map((p) => p.listings.length)).toEqual([10, 2]);
    expect(pagesOf([], 10).pages.map((p) => p.listings.length)).toEqual([0]);
  });
});
