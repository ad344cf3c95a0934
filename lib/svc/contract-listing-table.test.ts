import { describe, it, expect } from "vitest";
import { pathParams } from "@/lib/svc/endpoint";
import { listingDataEndpoints } from "@/lib/svc/endpoints/listing-data";
import { listingOperationEndpoints } from "@/lib/svc/endpoints/listing-operations";
import { preferenceEndpoints } from "@/lib/svc/endpoints/preferences";
import { portfolioKpiRow } from "@/lib/svc/schemas/kpis";
import { listPreferencesQuery } from "@/lib/svc/schemas/preferences-batch";
import { TS, accepts, issuePaths, table, without } from "@/lib/svc/contract-test-support";

const entries = Object.entries(table);

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
    // channel is optional on both (it only says how ids are read), so neither is listing-scoped.
    expect(preferenceEndpoints["preferences.list"].listingScoped).toBe(false);
    expect(preferenceEndpoints["preferences.batchPut"].listingScoped).toBe(false);
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
