import { describe, it, expect } from "vitest";
import type { z } from "zod";
import { pathParams, type EndpointDef } from "./endpoint";
import { listingDataEndpoints } from "./endpoints/listing-data";
import { listingOperationEndpoints } from "./endpoints/listing-operations";
import { preferenceEndpoints } from "./endpoints/preferences";
import {
  KPI_METRICS,
  KPI_WINDOWS,
  ROLLING_KPI_KEYS,
  monthlyKpis,
  portfolioKpiRow,
  portfolioKpisQuery,
  quarterlyKpis,
  rollingKpis,
  yearlyKpis,
} from "./schemas/kpis";
import {
  calendarDayHistory,
  calendarDayHistoryQuery,
  dateRangeQuery,
  feeImpactCalendar,
  neighborhoodPricingDay,
  priceCalendarNight,
  priceRecommendation,
} from "./schemas/calendar";
import { dateFilterType, reservation, reservationsQuery } from "./schemas/reservations";
import {
  bulkCustomRatesResult,
  customRate,
  deleteBulkCustomRatesBody,
  deleteCustomRatesBody,
  putBulkCustomRatesBody,
  putCustomRatesBody,
} from "./schemas/custom-rates";
import {
  basePriceRecommendation,
  listingFlag,
  minMaxPrices,
  monthlySeasonality,
  noteBody,
  pricingTier,
  putTagsBody,
} from "./schemas/listing-extras";
import {
  PREFERENCE_SETTING_NAMES,
  batchPreferencesBody,
  batchPreferencesResult,
  checkinCheckoutSetting,
  copyPreferencesBody,
  listPreferencesQuery,
  listingPreferences,
  longTermDiscountsSetting,
  longTermDiscountsView,
  preferenceChangelogAction,
  preferenceSettings,
  preferenceWarning,
  previewResult,
  settingWriteBody,
  settingWriteBodyAny,
} from "./schemas/preferences";

const table: Record<string, EndpointDef> = {
  ...listingDataEndpoints,
  ...listingOperationEndpoints,
  ...preferenceEndpoints,
};
const entries = Object.entries(table);

function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}
function issuePaths(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

const TS = "2026-11-21T09:00:00Z";

/** A copy of an object without one key. */
function without(value: object, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value };
  delete copy[key];
  return copy;
}

// ------------------------------------------------------------------ samples

function samplePreferences(overrides: Record<string, unknown> = {}) {
  return {
    listing_id: "L1",
    channel: "airbnb",
    currency: "USD",
    supported_settings: {
      checkin_checkout: true,
      min_stay: true,
      long_term_discounts: true,
      long_term_discount_form: "percent",
    },
    pricing_enabled: true,
    base_price: 120,
    base_price_adjustment: null,
    min_price: 80,
    max_price: 400,
    min_stay: 2,
    checkin_checkout: null,
    long_term_discounts: { weekly_percent: 10, monthly_percent: 25 },
    fees: { cleaning_fee: 60, extra_guest_fee: null },
    guests_included: 2,
    nickname: null,
    fee_adjustments: { total_fee_percentage: 14, auto_update: true },
    ...overrides,
  };
}

function sampleReservation(overrides: Record<string, unknown> = {}) {
  return {
    reservation_id: "HM123",
    listing_id: "L1",
    channel: "airbnb",
    status: "Accepted",
    check_in: "2026-12-01",
    check_out: "2026-12-04",
    nights: 3,
    guests: 2,
    booked_at: TS,
    canceled_at: null,
    currency: "EUR",
    nightly_subtotal: 300,
    fees: 50,
    taxes: 20,
    payout: 330,
    total_price: 370,
    comments: null,
    source_name: null,
    ...overrides,
  };
}

function sampleNight(overrides: Record<string, unknown> = {}) {
  return {
    date: "2026-12-01",
    price: 150,
    recommended_price: 140,
    min_stay: 2,
    available: true,
    is_booked: false,
    reservation_id: null,
    custom_rate: null,
    demand: "normal",
    ...overrides,
  };
}

const period = { start_date: "2026-12-01", end_date: "2026-12-10", price_type: "fixed", price_value: 200 };

// ------------------------------------------------------------------ table

describe("contract table: listing data and preferences", () => {
  it("covers every listing-scoped Listings endpoint and every Preferences endpoint of the spec, once", () => {
    const expected = [
      "GET /listings/kpis",
      "GET /listings/{listing_id}/kpis",
      "GET /listings/{listing_id}/kpis/monthly",
      "GET /listings/{listing_id}/kpis/quarterly",
      "GET /listings/{listing_id}/kpis/yearly",
      "GET /listings/{listing_id}/pricing_tier",
      "GET /listings/{listing_id}/recent_changes",
      "GET /listings/{listing_id}/price_recommendations",
      "GET /listings/{listing_id}/base_price_recommendation",
      "GET /listings/{listing_id}/checkin_checkout",
      "GET /listings/{listing_id}/min_max_prices",
      "GET /listings/{listing_id}/monthly_seasonality",
      "GET /listings/{listing_id}/price_calendar",
      "GET /listings/{listing_id}/last_posted_prices",
      "GET /listings/{listing_id}/base_price_history",
      "GET /listings/{listing_id}/calendar_day_history",
      "GET /listings/{listing_id}/neighborhood/pricing",
      "GET /listings/{listing_id}/neighborhood/occupancy",
      "GET /listings/{listing_id}/fee_impact_calendar",
      "GET /listings/{listing_id}/min_stay_calendar",
      "GET /listings/{listing_id}/reservations",
      "GET /listings/{listing_id}/tags",
      "PUT /listings/{listing_id}/tags",
      "GET /listings/{listing_id}/flags",
      "GET /listings/{listing_id}/custom_rates",
      "PUT /listings/{listing_id}/custom_rates",
      "DELETE /listings/{listing_id}/custom_rates",
      "PUT /listings/{listing_id}/bulk_custom_rates",
      "DELETE /listings/{listing_id}/bulk_custom_rates",
      "GET /listings/{listing_id}/notes",
      "POST /listings/{listing_id}/notes",
      "PUT /listings/{listing_id}/notes/{note_id}",
      "DELETE /listings/{listing_id}/notes/{note_id}",
      "POST /listings/{listing_id}/sync",
      "GET /preferences",
      "PUT /preferences",
      "GET /preferences/{listing_id}",
      "PUT /preferences/{listing_id}",
      "PUT /preferences/{listing_id}/copy",
      "PUT /preferences/{listing_id}/{setting}",
      "GET /preferences/{listing_id}/long_term_discounts",
      "GET /preferences/{listing_id}/changelog",
      "POST /preferences/{listing_id}/preview",
    ];
    const actual = entries.map(([, def]) => `${def.method} ${def.path}`);
    expect(new Set(actual).size).toBe(actual.length);
    expect([...actual].sort()).toEqual([...expected].sort());
  });

  it("ids are <group>.<camelCaseAction> and the prefix is the endpoint's group", () => {
    for (const [id, def] of entries) {
      expect(id, id).toMatch(/^[a-z]+\.[a-z][A-Za-z]*$/);
      expect(id.split(".")[0], id).toBe(def.group);
    }
    const groups = new Set(entries.map(([, def]) => def.group));
    expect(groups).toEqual(new Set(["listings", "notes", "tags", "flags", "preferences"]));
  });

  it("listing-scoped endpoints require channel", () => {
    const requiredExtras: Record<string, Record<string, string>> = {
      "listings.calendarDayHistory": { date: "2026-12-01" },
    };
    const scoped = entries.filter(([, def]) => pathParams(def.path).includes("listing_id"));
    expect(scoped.length).toBeGreaterThan(30);
    for (const [id, def] of scoped) {
      expect(def.listingScoped, id).toBe(true);
      const extras = requiredExtras[id] ?? {};
      expect(issuePaths(def.query, extras), id).toContain("channel");
      for (const channel of ["airbnb", "vrbo", "booking_com", "svc"]) {
        expect(accepts(def.query, { ...extras, channel }), `${id} ${channel}`).toBe(true);
      }
      expect(accepts(def.query, { ...extras, channel: "expedia" }), id).toBe(false);
    }
  });

  it("batched listing ids are read per channel: GET /preferences listing_ids without channel is rejected", () => {
    expect(preferenceEndpoints["preferences.list"].listingScoped).toBe(true);
    expect(preferenceEndpoints["preferences.batchPut"].listingScoped).toBe(true);
    expect(issuePaths(listPreferencesQuery, { listing_ids: "a,b" })).toContain("channel");
    expect(listPreferencesQuery.parse({ listing_ids: "a,b", channel: "svc" }).listing_ids).toEqual([
      "a",
      "b",
    ]);
    expect(accepts(listPreferencesQuery, {})).toBe(true);
  });

  it("paginated endpoints are /listings/kpis, reservations and the preferences changelog, and reject page with offset", () => {
    const paginated = entries.filter(([, def]) => def.paginated).map(([id]) => id);
    expect(paginated.sort()).toEqual(["listings.kpis", "listings.reservations", "preferences.changelog"]);
    for (const id of paginated) {
      const def = table[id]!;
      const base = id === "listings.kpis" ? { metric: "adr" } : { channel: "svc" };
      expect(accepts(def.query, { ...base, page: "2", per_page: "100" }), id).toBe(true);
      expect(accepts(def.query, { ...base, page: "2", offset: "50" }), id).toBe(false);
      expect(accepts(def.query, { ...base, per_page: "101" }), id).toBe(false);
    }
  });

  it("GET /listings/kpis is not listing-scoped: its rows carry the svc id and the partner id", () => {
    expect(listingDataEndpoints["listings.kpis"].listingScoped).toBe(false);
    const row = {
      listing_id: "svc_1",
      partner_listing_id: "123",
      channel: "vrbo",
      value: null,
      currency: "USD",
      updated_at: null,
    };
    expect(accepts(portfolioKpiRow, row)).toBe(true);
    const withoutPartner = without(row, "partner_listing_id");
    expect(accepts(portfolioKpiRow, withoutPartner)).toBe(false);
  });

  it("success statuses: sync answers 202, note creation 201, note deletion 204", () => {
    expect(listingOperationEndpoints["listings.sync"].status).toBe(202);
    expect(listingOperationEndpoints["notes.create"].status).toBe(201);
    expect(listingOperationEndpoints["notes.delete"].status).toBe(204);
    expect(accepts(listingOperationEndpoints["listings.sync"].response, { queued_at: TS })).toBe(true);
    expect(accepts(listingOperationEndpoints["listings.sync"].response, {})).toBe(false);
  });

  it("preview is not a write (open to read-only keys); every other POST, PUT and DELETE is", () => {
    for (const [id, def] of entries) {
      const expected = def.method !== "GET" && id !== "preferences.preview";
      expect(def.write, id).toBe(expected);
    }
  });
});

// ------------------------------------------------------------------ KPIs

describe("KPIs", () => {
  const allNull = Object.fromEntries(ROLLING_KPI_KEYS.map((key) => [key, null]));

  it("rolling KPIs have every lexicon metric for every period in both directions", () => {
    expect(KPI_WINDOWS).toHaveLength(16);
    expect(ROLLING_KPI_KEYS).toHaveLength(KPI_METRICS.length * 16);
    for (const metric of KPI_METRICS) {
      for (const days of [7, 14, 21, 30, 60, 90, 180, 365]) {
        expect(rollingKpis.shape).toHaveProperty(`${metric}_${days}_0`);
        expect(rollingKpis.shape).toHaveProperty(`${metric}_0_${days}`);
      }
    }
    expect(rollingKpis.shape).toHaveProperty("adr_30_0");
    expect(rollingKpis.shape).toHaveProperty("occupancy_adjusted_0_90");
  });

  it("rolling KPI values are null until generated, and every key is present", () => {
    const full: Record<string, unknown> = { listing_id: "L1", currency: "USD", ...allNull, adr_30_0: 152.5 };
    expect(accepts(rollingKpis, full)).toBe(true);
    const missing = { ...full };
    delete missing.booking_window_0_365;
    expect(issuePaths(rollingKpis, missing)).toEqual(["booking_window_0_365"]);
    expect(accepts(rollingKpis, { ...full, revenue_7_0: "12" })).toBe(false);
  });

  it("GET /listings/kpis metric must be a lexicon name", () => {
    expect(accepts(portfolioKpisQuery, { metric: "occupancy_adjusted" })).toBe(true);
    expect(accepts(portfolioKpisQuery, { metric: "revenue_score" })).toBe(false);
    expect(issuePaths(portfolioKpisQuery, {})).toContain("metric");
  });

  it("GET /listings/kpis window is a period suffix in one direction", () => {
    for (const window of ["30_0", "0_30", "365_0", "0_7"]) {
      expect(accepts(portfolioKpisQuery, { metric: "adr", window }), window).toBe(true);
    }
    for (const window of ["30_30", "45_0", "0_0", "30", "_30"]) {
      expect(accepts(portfolioKpisQuery, { metric: "adr", window }), window).toBe(false);
    }
  });

  it("GET /listings/kpis order is asc or desc", () => {
    expect(accepts(portfolioKpisQuery, { metric: "adr", order: "asc" })).toBe(true);
    expect(accepts(portfolioKpisQuery, { metric: "adr", order: "up" })).toBe(false);
  });

  it("monthly, quarterly and yearly rows are keyed YYYY-MM, YYYY-Qn, YYYY and carry every lexicon metric", () => {
    const metrics = Object.fromEntries(KPI_METRICS.map((m) => [m, null]));
    const wrap = (key: string, rows: unknown[]) => ({ listing_id: "L1", currency: "USD", [key]: rows });
    expect(accepts(monthlyKpis, wrap("months", [{ month: "2026-08", ...metrics }]))).toBe(true);
    expect(accepts(monthlyKpis, wrap("months", [{ month: "2026-8", ...metrics }]))).toBe(false);
    expect(accepts(quarterlyKpis, wrap("quarters", [{ quarter: "2026-Q3", ...metrics }]))).toBe(true);
    expect(accepts(quarterlyKpis, wrap("quarters", [{ quarter: "2026-Q5", ...metrics }]))).toBe(false);
    expect(accepts(yearlyKpis, wrap("years", [{ year: "2026", ...metrics }]))).toBe(true);
    expect(accepts(yearlyKpis, wrap("years", [{ year: 2026, ...metrics }]))).toBe(false);
    const withoutOpen = without(metrics, "nights_percent_open");
    expect(accepts(monthlyKpis, wrap("months", [{ month: "2026-08", ...withoutOpen }]))).toBe(false);
  });
});

// ------------------------------------------------------------------ reservations

describe("reservations", () => {
  it("reservation canceled_at is required to be set when status is Canceled", () => {
    expect(issuePaths(reservation, sampleReservation({ status: "Canceled" }))).toEqual(["canceled_at"]);
    expect(accepts(reservation, sampleReservation({ status: "Canceled", canceled_at: TS }))).toBe(true);
  });

  it("canceled_at is null while the reservation stands", () => {
    expect(issuePaths(reservation, sampleReservation({ canceled_at: TS }))).toEqual(["canceled_at"]);
  });

  it("reservation statuses are Accepted and Canceled", () => {
    expect(accepts(reservation, sampleReservation({ status: "Cancelled", canceled_at: TS }))).toBe(false);
    expect(accepts(reservation, sampleReservation({ status: "accepted" }))).toBe(false);
  });

  it("reservation_id is a string, never a number", () => {
    expect(accepts(reservation, sampleReservation({ reservation_id: 123 }))).toBe(false);
  });

  it("optional reservation fields are nullable but present", () => {
    const nulls = {
      guests: null,
      nightly_subtotal: null,
      fees: null,
      taxes: null,
      payout: null,
      total_price: null,
    };
    expect(accepts(reservation, sampleReservation(nulls))).toBe(true);
    const withoutComments = without(sampleReservation(), "comments");
    expect(accepts(reservation, withoutComments)).toBe(false);
  });

  it("check_out is after check_in and nights counts the nights between", () => {
    expect(issuePaths(reservation, sampleReservation({ check_out: "2026-12-01" }))).toEqual(["check_out"]);
    expect(issuePaths(reservation, sampleReservation({ nights: 4 }))).toEqual(["nights"]);
    expect(accepts(reservation, sampleReservation({ check_in: "2026-12-30", check_out: "2027-01-02" }))).toBe(
      true,
    );
  });

  it("date_filter_type is stay, booked, check_in or check_out", () => {
    expect(dateFilterType.options).toEqual(["stay", "booked", "check_in", "check_out"]);
    expect(accepts(reservationsQuery, { channel: "svc", date_filter_type: "checkin" })).toBe(false);
  });

  it("reservations query rejects end_date before start_date", () => {
    const query = {
      channel: "svc",
      date_filter_type: "booked",
      start_date: "2026-12-10",
      end_date: "2026-12-01",
    };
    expect(issuePaths(reservationsQuery, query)).toEqual(["end_date"]);
  });
});

// ------------------------------------------------------------------ calendars

describe("per-date listing data", () => {
  it("price calendar reservation_id is a string or null and implies a booked night", () => {
    const booked = { available: false, is_booked: true };
    expect(accepts(priceCalendarNight, sampleNight({ ...booked, reservation_id: "HM1" }))).toBe(true);
    expect(accepts(priceCalendarNight, sampleNight({ ...booked, reservation_id: 991 }))).toBe(false);
    expect(issuePaths(priceCalendarNight, sampleNight({ available: false, reservation_id: "HM1" }))).toEqual([
      "is_booked",
    ]);
  });

  it("a booked night is not available", () => {
    expect(issuePaths(priceCalendarNight, sampleNight({ is_booked: true }))).toEqual(["available"]);
  });

  it("per-date ranges cover at most 365 dates, both ends included", () => {
    expect(
      accepts(dateRangeQuery, { channel: "svc", start_date: "2026-01-01", end_date: "2026-12-31" }),
    ).toBe(true);
    expect(
      issuePaths(dateRangeQuery, { channel: "svc", start_date: "2026-01-01", end_date: "2027-01-01" }),
    ).toEqual(["end_date"]);
    expect(
      accepts(dateRangeQuery, { channel: "svc", start_date: "2026-02-01", end_date: "2026-01-31" }),
    ).toBe(false);
  });

  it("price recommendation custom_type is null for a service recommendation", () => {
    const rec = { date: "2026-12-01", price: 150, recommended_price: 150, custom_type: null, min_stay: null };
    expect(accepts(priceRecommendation, rec)).toBe(true);
    expect(accepts(priceRecommendation, { ...rec, custom_type: "percent" })).toBe(true);
    expect(accepts(priceRecommendation, { ...rec, custom_type: "custom" })).toBe(false);
    const withoutType = without(rec, "custom_type");
    expect(accepts(priceRecommendation, withoutType)).toBe(false);
  });

  it("calendar_day_history is asked for one stay date and its reservation_id is a string", () => {
    expect(issuePaths(calendarDayHistoryQuery, { channel: "svc" })).toEqual(["date"]);
    const snapshot = {
      captured_at: TS,
      price: 100,
      recommended_price: 100,
      min_stay: 1,
      available: false,
      is_booked: true,
      reservation_id: 5,
    };
    const history = {
      listing_id: "L1",
      date: "2026-12-01",
      currency: "USD",
      postings: [],
      snapshots: [snapshot],
    };
    expect(accepts(calendarDayHistory, history)).toBe(false);
    expect(
      accepts(calendarDayHistory, { ...history, snapshots: [{ ...snapshot, reservation_id: "5" }] }),
    ).toBe(true);
  });

  it("a failed posting says why", () => {
    const posting = {
      posted_at: TS,
      price: 100,
      min_stay: null,
      outcome: "failed",
      trigger: "sync",
      error: null,
    };
    const history = {
      listing_id: "L1",
      date: "2026-12-01",
      currency: "USD",
      postings: [posting],
      snapshots: [],
    };
    expect(issuePaths(calendarDayHistory, history)).toEqual(["postings.0.error"]);
  });

  it("neighborhood percentiles are ordered p25 <= median <= p75", () => {
    const day = { date: "2026-12-01", median_price: 150, p25_price: 110, p75_price: 190, listing_count: 40 };
    expect(accepts(neighborhoodPricingDay, day)).toBe(true);
    expect(accepts(neighborhoodPricingDay, { ...day, p25_price: 160 })).toBe(false);
    expect(accepts(neighborhoodPricingDay, { ...day, median_price: null })).toBe(true);
  });

  it("a fee multiplier is never negative", () => {
    const calendar = (fee_multiplier: number) => ({
      listing_id: "L1",
      days: [{ date: "2026-12-01", fee_multiplier }],
    });
    expect(accepts(feeImpactCalendar, calendar(1.14))).toBe(true);
    expect(accepts(feeImpactCalendar, calendar(-0.1))).toBe(false);
  });
});

// ------------------------------------------------------------------ custom rates

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

// ------------------------------------------------------------------ extras

describe("pricing tier, flags, base price, seasonality, tags, notes", () => {
  it("pricing tier names are Free, Pro Flex, Pro Flat, Pro Trial, Pro Onboarding", () => {
    for (const name of ["Free", "Pro Flex", "Pro Flat", "Pro Trial", "Pro Onboarding"]) {
      expect(accepts(pricingTier, { listing_id: "L1", name }), name).toBe(true);
    }
    expect(accepts(pricingTier, { listing_id: "L1", name: "Pro" })).toBe(false);
  });

  it("flag severity is info, warning or critical", () => {
    const flag = { code: "low_occupancy", severity: "warning", message: "Occupancy is low", detected_at: TS };
    expect(accepts(listingFlag, flag)).toBe(true);
    expect(accepts(listingFlag, { ...flag, severity: "error" })).toBe(false);
  });

  it("base price attribution adds up to the recommendation", () => {
    const rec = {
      listing_id: "L1",
      currency: "USD",
      recommended_base_price: 150,
      effective_base_price: 160,
      updated_at: TS,
      attribution: {
        starting_price: 120,
        factors: [
          { factor: "bedrooms", label: "3 bedrooms", amount: 20 },
          { factor: "reviews", label: "Review score", amount: 10 },
        ],
      },
    };
    expect(accepts(basePriceRecommendation, rec)).toBe(true);
    expect(issuePaths(basePriceRecommendation, { ...rec, recommended_base_price: 170 })).toEqual([
      "attribution",
    ]);
  });

  it("configured and suggested min/max prices are each ordered", () => {
    const prices = {
      listing_id: "L1",
      currency: "USD",
      min_price: null,
      max_price: 300,
      recommended_min_price: 90,
      recommended_max_price: 80,
    };
    expect(issuePaths(minMaxPrices, prices)).toEqual(["recommended_min_price"]);
  });

  it("monthly seasonality lists each calendar month once, in order", () => {
    const months = Array.from({ length: 12 }, (_, i) => ({ month_of_year: i + 1, factor: 1 }));
    expect(accepts(monthlySeasonality, { listing_id: "L1", months })).toBe(true);
    expect(accepts(monthlySeasonality, { listing_id: "L1", months: months.slice(1) })).toBe(false);
    const swapped = [months[1], months[0], ...months.slice(2)];
    expect(accepts(monthlySeasonality, { listing_id: "L1", months: swapped })).toBe(false);
  });

  it("tags are listed once each, ignoring case", () => {
    expect(accepts(putTagsBody, { tags: ["beach", "pets"] })).toBe(true);
    expect(issuePaths(putTagsBody, { tags: ["Beach", "beach"] })).toEqual(["tags.1"]);
    expect(accepts(putTagsBody, { tags: ["  "] })).toBe(false);
    expect(accepts(putTagsBody, { tags: [] })).toBe(true);
  });

  it("a note has text", () => {
    expect(accepts(noteBody, { body: "Owner visiting in May" })).toBe(true);
    expect(accepts(noteBody, { body: "   " })).toBe(false);
  });
});

// ------------------------------------------------------------------ preferences

describe("preferences", () => {
  const feeAdj = (value: unknown) => preferenceSettings.safeParse({ fee_adjustments: value }).success;

  it("fee_adjustments total_fee_percentage below -100 is rejected", () => {
    expect(feeAdj({ total_fee_percentage: -100, auto_update: false })).toBe(true);
    expect(feeAdj({ total_fee_percentage: -100.5, auto_update: false })).toBe(false);
  });

  it("fee_adjustments that is not an object is rejected", () => {
    for (const value of [12, "12", true, [], [{ total_fee_percentage: 1, auto_update: true }]]) {
      expect(feeAdj(value), JSON.stringify(value)).toBe(false);
    }
  });

  it("fee_adjustments null clears it", () => {
    expect(preferenceSettings.parse({ fee_adjustments: null })).toEqual({ fee_adjustments: null });
  });

  it("a fee_adjustments write replaces the object as a whole, so both fields are given", () => {
    expect(feeAdj({ total_fee_percentage: 10 })).toBe(false);
    expect(feeAdj({ auto_update: true })).toBe(false);
  });

  it("min_price above max_price in one write is rejected", () => {
    expect(issuePaths(preferenceSettings, { min_price: 300, max_price: 200 })).toEqual(["min_price"]);
    expect(accepts(preferenceSettings, { min_price: 200, max_price: 200 })).toBe(true);
    expect(accepts(preferenceSettings, { min_price: 300 })).toBe(true);
  });

  it("an unknown setting is rejected", () => {
    expect(accepts(preferenceSettings, { base_price: 100, weekend_boost: 5 })).toBe(false);
    expect(accepts(preferenceSettings, {})).toBe(true);
  });

  it("negative prices are rejected", () => {
    for (const key of ["base_price", "min_price", "max_price"]) {
      expect(accepts(preferenceSettings, { [key]: -1 }), key).toBe(false);
    }
    expect(accepts(preferenceSettings, { fees: { cleaning_fee: -5, extra_guest_fee: null } })).toBe(false);
  });

  it("the preferences object carries every setting name as a key", () => {
    expect(accepts(listingPreferences, samplePreferences())).toBe(true);
    for (const name of PREFERENCE_SETTING_NAMES) {
      const copy: Record<string, unknown> = samplePreferences();
      delete copy[name];
      expect(issuePaths(listingPreferences, copy), name).toEqual([name]);
    }
  });

  it("every preference write response includes warnings", () => {
    const writes = [
      "preferences.batchPut",
      "preferences.put",
      "preferences.copy",
      "preferences.settingPut",
      "preferences.preview",
    ];
    for (const id of writes) {
      const response = table[id]!.response as z.ZodObject;
      expect(response.shape, id).toHaveProperty("warnings");
    }
    const result = { preferences: samplePreferences(), warnings: [] };
    expect(accepts(preferenceEndpoints["preferences.put"].response, result)).toBe(true);
    expect(
      accepts(preferenceEndpoints["preferences.put"].response, { preferences: samplePreferences() }),
    ).toBe(false);
  });

  it("a warning names the setting, the reason and the attributes not applied", () => {
    const warning = {
      setting: "checkin_checkout",
      reason: "partially_supported_by_channel",
      attributes: ["checkout_days"],
      message: "This channel takes check-in days only",
    };
    expect(accepts(preferenceWarning, warning)).toBe(true);
    expect(accepts(preferenceWarning, { ...warning, reason: "unsupported" })).toBe(false);
    expect(accepts(preferenceWarning, { ...warning, setting: "weekend_boost" })).toBe(false);
  });

  it("a batch names each listing once per channel", () => {
    const entry = { listing_id: "L1", settings: { min_stay: 2 } };
    expect(accepts(batchPreferencesBody, { preferences: [entry, { ...entry, channel: "vrbo" }] })).toBe(true);
    expect(issuePaths(batchPreferencesBody, { preferences: [entry, entry] })).toEqual([
      "preferences.1.listing_id",
    ]);
    expect(accepts(batchPreferencesBody, { preferences: [{ ...entry, settings: { min_stay: 0 } }] })).toBe(
      false,
    );
  });

  it("a batch answers results, per-listing errors and all warnings naming their listing", () => {
    const warning = {
      setting: "min_stay",
      reason: "not_supported_by_channel",
      attributes: ["min_stay"],
      message: "x",
    };
    const result = {
      results: [{ listing_id: "L1", preferences: samplePreferences(), warnings: [warning] }],
      errors: [{ listing_id: "L2", status: 403, error: { code: "forbidden", message: "Restricted editor" } }],
      warnings: [{ ...warning, listing_id: "L1" }],
    };
    expect(accepts(batchPreferencesResult, result)).toBe(true);
    expect(accepts(batchPreferencesResult, { ...result, warnings: [warning] })).toBe(false);
  });

  it("copy names only known settings, each once", () => {
    expect(accepts(copyPreferencesBody, { copy_preferences_from: "L2" })).toBe(true);
    expect(
      accepts(copyPreferencesBody, { copy_preferences_from: "L2", settings: ["min_stay", "fees"] }),
    ).toBe(true);
    expect(accepts(copyPreferencesBody, { copy_preferences_from: "L2", settings: ["weekend_boost"] })).toBe(
      false,
    );
    expect(accepts(copyPreferencesBody, { copy_preferences_from: "L2", settings: ["fees", "fees"] })).toBe(
      false,
    );
  });

  it("a single-setting write is checked against the setting the path names", () => {
    expect(accepts(settingWriteBody("min_stay"), { value: 3 })).toBe(true);
    expect(accepts(settingWriteBody("min_stay"), { value: 0 })).toBe(false);
    expect(accepts(settingWriteBody("fee_adjustments"), { value: null })).toBe(true);
    expect(accepts(settingWriteBody("pricing_enabled"), { value: "yes" })).toBe(false);
    expect(accepts(settingWriteBodyAny, {})).toBe(false);
  });

  it("long-term discounts are written in percent form, below 100", () => {
    expect(accepts(longTermDiscountsSetting, { weekly_percent: 10, monthly_percent: null })).toBe(true);
    expect(accepts(longTermDiscountsSetting, { weekly_price_factor: 0.9, monthly_price_factor: 0.8 })).toBe(
      false,
    );
    expect(accepts(longTermDiscountsSetting, { weekly_percent: 100, monthly_percent: null })).toBe(false);
  });

  it("weekly_monthly factors are given exactly when the channel takes that form", () => {
    const view = {
      listing_id: "L1",
      form: "weekly_monthly",
      long_term_discounts: { weekly_percent: 10, monthly_percent: 20 },
      weekly_monthly: { weekly_price_factor: 0.9, monthly_price_factor: 0.8 },
    };
    expect(accepts(longTermDiscountsView, view)).toBe(true);
    expect(accepts(longTermDiscountsView, { ...view, weekly_monthly: null })).toBe(false);
    expect(accepts(longTermDiscountsView, { ...view, form: "percent" })).toBe(false);
  });

  it("check-in/out days are weekdays, each once, at least one", () => {
    const value = { checkin_days: ["friday", "saturday"], checkout_days: ["sunday"] };
    expect(accepts(checkinCheckoutSetting, value)).toBe(true);
    expect(accepts(checkinCheckoutSetting, { ...value, checkin_days: [] })).toBe(false);
    expect(accepts(checkinCheckoutSetting, { ...value, checkin_days: ["friday", "friday"] })).toBe(false);
    expect(accepts(checkinCheckoutSetting, { ...value, checkout_days: ["sun"] })).toBe(false);
  });

  it("the changelog records posts, failed posts, syncs, custom rate changes, engine changes and reservation imports", () => {
    for (const action of [
      "price_posted",
      "price_post_failed",
      "calendar_synced",
      "custom_rate_added",
      "custom_rate_split",
      "custom_rate_removed",
      "pricing_engine_changed",
      "reservation_imported",
    ]) {
      expect(preferenceChangelogAction.options, action).toContain(action);
    }
  });

  it("preview answers the preferences, warnings and a dated price preview in one currency", () => {
    const preview = {
      currency: "USD",
      preferences: samplePreferences(),
      warnings: [],
      price_preview: [{ date: "2026-12-01", current_price: 150, preview_price: 165 }],
    };
    expect(accepts(previewResult, preview)).toBe(true);
    const withoutCurrency = without(preview, "currency");
    expect(accepts(previewResult, withoutCurrency)).toBe(false);
    expect(preferenceEndpoints["preferences.preview"].body).toBe(preferenceEndpoints["preferences.put"].body);
  });
});
