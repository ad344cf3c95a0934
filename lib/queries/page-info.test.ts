import { describe, expect, it } from "vitest";
import { pageInfoOf } from "@/lib/queries/page-info";

describe("pagination over the service's pages", () => {
  it("knows the page count when the service sends X-Total-Count", () => {
    expect(pageInfoOf({ page: 2, perPage: 20, rowCount: 20, totalCount: 45 })).toEqual({
      pageCount: 3,
      hasPrevious: true,
      hasNext: true,
    });
  });

  it("stops at the last counted page even when that page is full", () => {
    expect(pageInfoOf({ page: 2, perPage: 20, rowCount: 20, totalCount: 40 }).hasNext).toBe(false);
  });

  it("without a total, offers a next page while pages come back full", () => {
    expect(pageInfoOf({ page: 1, perPage: 20, rowCount: 20, totalCount: null })).toEqual({
      pageCount: null,
      hasPrevious: false,
      hasNext: true,
    });
    expect(pageInfoOf({ page: 3, perPage: 20, rowCount: 7, totalCount: null }).hasNext).toBe(false);
  });

  it("a service that answers 10 rows when 20 are asked still reaches every page", () => {
    // 45 sets: page 1's 10 rows against the count prove pages of 10, so five pages.
    expect(pageInfoOf({ page: 1, perPage: 20, rowCount: 10, totalCount: 45 })).toEqual({
      pageCount: 5,
      hasPrevious: false,
      hasNext: true,
    });
    for (const page of [2, 3, 4]) {
      expect(pageInfoOf({ page, perPage: 20, rowCount: 10, totalCount: 45, knownPageSize: 10 })).toEqual({
        pageCount: 5,
        hasPrevious: true,
        hasNext: true,
      });
    }
    expect(pageInfoOf({ page: 5, perPage: 20, rowCount: 5, totalCount: 45, knownPageSize: 10 }).hasNext).toBe(
      false,
    );
    // Without a count, a page full at the service's size may have a next one.
    expect(
      pageInfoOf({ page: 2, perPage: 20, rowCount: 10, totalCount: null, knownPageSize: 10 }).hasNext,
    ).toBe(true);
  });
});
