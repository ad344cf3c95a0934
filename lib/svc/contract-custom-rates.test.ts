import { describe, it, expect } from "vitest";
import {
  bulkCustomRatesResult,
  customRate,
  deleteBulkCustomRatesBody,
  deleteCustomRatesBody,
  putBulkCustomRatesBody,
  putCustomRatesBody,
} from "@/lib/svc/schemas/custom-rates";
import { TS, accepts, issuePaths } from "@/lib/svc/contract-test-support";

const period = { start_date: "2026-12-01", end_date: "2026-12-10", price_type: "fixed", price_value: 200 };

describe("custom rates", () => {
  const read = { ...period, currency: "USD" };

  it("custom rate read periods carry no id or listing_id", () => {
    expect(accepts(customRate, read)).toBe(true);
    expect(issuePaths(customRate, { ...read, id: "cr_1" })).toEqual(["id"]);
    expect(issuePaths(customRate, { ...read, listing_id: "L1" })).toEqual(["listing_id"]);
  });

  it("custom rate PUT takes optional expires_at", () => {
    expect(accepts(putCustomRatesBody, { custom_rates: [period] })).toBe(true);
    expect(accepts(putCustomRatesBody, { custom_rates: [period], expires_at: TS })).toBe(true);
    expect(accepts(putCustomRatesBody, { custom_rates: [period], expires_at: "tomorrow" })).toBe(false);
    expect(accepts(putCustomRatesBody, { custom_rates: [] })).toBe(false);
  });

  it("periods in one custom rate write may not overlap", () => {
    const later = { ...period, start_date: "2026-12-10", end_date: "2026-12-20" };
    expect(issuePaths(putCustomRatesBody, { custom_rates: [later, period] })).toEqual([
      "custom_rates.0.start_date",
    ]);
    expect(
      accepts(putCustomRatesBody, { custom_rates: [period, { ...later, start_date: "2026-12-11" }] }),
    ).toBe(true);
  });

  it("a fixed custom price is above 0 and a percent adjustment above -100", () => {
    expect(accepts(putCustomRatesBody, { custom_rates: [{ ...period, price_value: 0 }] })).toBe(false);
    expect(
      accepts(putCustomRatesBody, { custom_rates: [{ ...period, price_type: "percent", price_value: -20 }] }),
    ).toBe(true);
    expect(
      accepts(putCustomRatesBody, {
        custom_rates: [{ ...period, price_type: "percent", price_value: -100 }],
      }),
    ).toBe(false);
  });

  it("custom rate min_price may not exceed max_price, and end_date is not before start_date", () => {
    expect(
      accepts(putCustomRatesBody, { custom_rates: [{ ...period, min_price: 300, max_price: 200 }] }),
    ).toBe(false);
    expect(accepts(putCustomRatesBody, { custom_rates: [{ ...period, end_date: "2026-11-30" }] })).toBe(
      false,
    );
  });

  it("custom rate DELETE body is a date range", () => {
    expect(accepts(deleteCustomRatesBody, { start_date: "2026-12-01", end_date: "2026-12-01" })).toBe(true);
    expect(accepts(deleteCustomRatesBody, { start_date: "2026-12-01" })).toBe(false);
  });

  it("bulk custom rates name at least one listing, each once", () => {
    expect(accepts(putBulkCustomRatesBody, { listing_ids: ["a", "b"], custom_rates: [period] })).toBe(true);
    expect(issuePaths(putBulkCustomRatesBody, { listing_ids: ["a", "a"], custom_rates: [period] })).toEqual([
      "listing_ids.1",
    ]);
    expect(
      accepts(deleteBulkCustomRatesBody, {
        listing_ids: [],
        start_date: "2026-12-01",
        end_date: "2026-12-02",
      }),
    ).toBe(false);
  });

  it("bulk results report per-listing errors beside the applied listings", () => {
    const result = {
      results: [{ listing_id: "a", custom_rates: [read] }],
      errors: [{ listing_id: "b", status: 403, error: { code: "forbidden", message: "No access" } }],
    };
    expect(accepts(bulkCustomRatesResult, result)).toBe(true);
    expect(
      accepts(bulkCustomRatesResult, { ...result, errors: [{ listing_id: "b", status: 200, error: {} }] }),
    ).toBe(false);
  });
});
