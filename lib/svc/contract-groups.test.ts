import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { pathParams, type EndpointDef } from "./endpoint";
import { marketReportEndpoints } from "./endpoints/market-report";
import { notificationEndpoints } from "./endpoints/notifications";
import { segmentEndpoints } from "./endpoints/segments";
import { setEndpoints } from "./endpoints/sets";
import { teamEndpoints } from "./endpoints/team";
import { usageEndpoints } from "./endpoints/usage";
import { webhookEndpoints } from "./endpoints/webhooks";
import { bedroomGroups, bedroomsParam, marketTimeSeriesQuery, market } from "./schemas/market-report";
import { dismissNotificationsBody, putNotificationSettingsBody } from "./schemas/notifications";
import { updateSegmentBody, segmentListingsQuery } from "./schemas/segments";
import {
  aggregatedMetrics,
  METRIC_LEXICON,
  setCalendarNight,
  setChangelogEntry,
  setPriceCalendar,
  setPriceCalendarQuery,
  setTimeSeriesQuery,
} from "./schemas/set-analytics";
import {
  candidateListing,
  candidatesQuery,
  createSetBody,
  listSetsQuery,
  MEMBER_METRIC_KEYS,
  memberListing,
  membersByStatus,
  setRecord,
  shareEntry,
  upgradedSet,
} from "./schemas/sets";
import { autoManagedListingLevelBody, inviteMemberBody } from "./schemas/team";
import { usageQuery, usageReport } from "./schemas/usage";
import {
  createWebhookBody,
  updateWebhookBody,
  webhookDelivery,
  webhookEnvelope,
  webhookSubscription,
  webhookSubscriptionWithSecret,
} from "./schemas/webhooks";

// ---------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------

const groupTables = {
  sets: setEndpoints,
  segments: segmentEndpoints,
  market_report: marketReportEndpoints,
  team: teamEndpoints,
  notifications: notificationEndpoints,
  webhooks: webhookEndpoints,
  usage: usageEndpoints,
} as const;

const rows: Array<EndpointDef & { id: string }> = Object.values(groupTables).flatMap((table) =>
  Object.entries(table).map(([id, def]) => ({ ...(def as EndpointDef), id })),
);
const byId = (id: string) => {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error(`no endpoint ${id}`);
  return row;
};
const signature = (r: EndpointDef) => `${r.method} ${r.path}`;
const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

const metrics = Object.fromEntries(MEMBER_METRIC_KEYS.map((k) => [k, null]));
const member = (status: string, id = "ml_1") => ({
  listing_id: id,
  status,
  name: "Sea view loft",
  channel: "airbnb",
  latitude: 38.7,
  longitude: -9.1,
  bedrooms: 2,
  bathrooms: 1,
  guests_included: null,
  amenities: ["wifi", "pool"],
  currency: "EUR",
  ...metrics,
  adr_30_0: 142.5,
});
const set = {
  id: "set_1",
  name: "Alfama comps",
  kind: "other",
  is_paid: false,
  membership: "static",
  filters: null,
  boundary: [
    [
      [
        [-9.1, 38.7],
        [-9.2, 38.7],
        [-9.2, 38.8],
        [-9.1, 38.7],
      ],
    ],
  ],
  owner_user_id: "usr_1",
  access: "owner",
  member_count: 3,
  associated_listing_count: 1,
  currency: "EUR",
  created_at: "2026-11-01T09:00:00Z",
  updated_at: "2026-11-02T09:00:00Z",
};
const night = {
  date: "2026-12-01",
  price: 120,
  available: false,
  booking_probability_percent: 70,
  min_stay: 2,
};
const subscription = {
  id: "wh_1",
  url: "https://example.com/hooks",
  event_types: ["flags.detected"],
  status: "enabled",
  disabled_reason: null,
  consecutive_failures: 0,
  created_at: "2026-11-01T09:00:00Z",
  updated_at: "2026-11-01T09:00:00Z",
};
const counters = (requests: number, errors: number, rate_limited: number) => ({
  requests,
  errors,
  error_rate: requests ? errors / requests : 0,
  rate_limited,
  latency_ms: { p50: 40, p95: 120, p99: 300 },
});

// ---------------------------------------------------------------------------------------
// Contract table
// ---------------------------------------------------------------------------------------

describe("contract table of the sets, segments, market report, team, notifications, webhooks and usage groups", () => {
  it("ids are <camelCase group>.<action> and each entry sits in its own group", () => {
    const camel = (g: string) => g.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    for (const [group, table] of Object.entries(groupTables)) {
      for (const [id, def] of Object.entries(table)) {
        expect(id).toMatch(new RegExp(`^${camel(group)}\\.[a-z][A-Za-z]*$`));
        expect((def as EndpointDef).group).toBe(group);
      }
    }
  });

  it("no two endpoints share a method and path", () => {
    const sigs = rows.map(signature);
    expect(new Set(sigs).size).toBe(sigs.length);
  });

  it("the dynamic sets group has exactly the 17 rows of the interface", () => {
    expect(Object.values(setEndpoints).map(signature).sort()).toEqual(
      [
        "GET /sets",
        "POST /sets",
        "GET /sets/candidates",
        "GET /sets/{set_id}",
        "POST /sets/{set_id}/upgrade",
        "POST /sets/{set_id}/share",
        "GET /sets/{set_id}/listings",
        "PUT /sets/{set_id}/listings",
        "DELETE /sets/{set_id}/listings",
        "GET /sets/{set_id}/associated_listings",
        "PUT /sets/{set_id}/associated_listings",
        "DELETE /sets/{set_id}/associated_listings",
        "GET /sets/{set_id}/aggregated_metrics",
        "GET /sets/{set_id}/price_calendar",
        "GET /sets/{set_id}/time_series",
        "GET /sets/{set_id}/distribution",
        "GET /sets/{set_id}/changelog",
      ].sort(),
    );
  });

  it("the webhook group covers /webhook_events and the seven /webhooks rows", () => {
    expect(Object.values(webhookEndpoints).map(signature).sort()).toEqual(
      [
        "GET /webhook_events",
        "GET /webhooks",
        "POST /webhooks",
        "GET /webhooks/{id}",
        "PUT /webhooks/{id}",
        "DELETE /webhooks/{id}",
        "POST /webhooks/{id}/rotate_secret",
        "GET /webhooks/{id}/deliveries",
      ].sort(),
    );
  });

  it("path parameters use the interface's names", () => {
    const allowed = new Set(["set_id", "segment_id", "market_id", "sub_user_id", "master_user_id", "id"]);
    for (const row of rows)
      for (const p of pathParams(row.path)) expect(allowed.has(p), `${row.id}: ${p}`).toBe(true);
  });

  it("paid-only set endpoints are exactly aggregated_metrics, price_calendar, time_series, distribution and changelog", () => {
    expect(
      rows
        .filter((r) => r.paidOnly)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        "/sets/{set_id}/aggregated_metrics",
        "/sets/{set_id}/changelog",
        "/sets/{set_id}/distribution",
        "/sets/{set_id}/price_calendar",
        "/sets/{set_id}/time_series",
      ].sort(),
    );
  });

  it("paginated endpoints are exactly those of decisions §1, and their queries take page or offset but not both", () => {
    const paginated = rows.filter((r) => r.paginated);
    expect(paginated.map(signature).sort()).toEqual(
      [
        "GET /sets",
        "GET /sets/candidates",
        "GET /segments/{segment_id}/listings",
        "GET /sets/{set_id}/changelog",
        "GET /webhooks/{id}/deliveries",
        "GET /notifications",
      ].sort(),
    );
    const base = { latitude: "38.7", longitude: "-9.1" }; // candidates need a location
    for (const row of paginated) {
      expect(ok(row.query, { ...base, page: "2", per_page: "100" }), row.id).toBe(true);
      expect(ok(row.query, { ...base, offset: "50" }), row.id).toBe(true);
      expect(ok(row.query, { ...base, page: "2", offset: "50" }), row.id).toBe(false);
      expect(ok(row.query, { ...base, per_page: "101" }), row.id).toBe(false);
    }
  });

  it("writes are exactly the non-GET endpoints", () => {
    for (const row of rows) expect(row.write, row.id).toBe(row.method !== "GET");
  });

  it("creation POSTs answer 201 and deletions of a whole resource answer 204", () => {
    expect(
      rows
        .filter((r) => r.status === 201)
        .map(signature)
        .sort(),
    ).toEqual(["POST /sets", "POST /segments", "POST /webhooks", "POST /teams/members/invite"].sort());
    expect(
      rows
        .filter((r) => r.status === 204)
        .map(signature)
        .sort(),
    ).toEqual(
      [
        "DELETE /teams/members/{sub_user_id}",
        "DELETE /teams/memberships/{master_user_id}",
        "DELETE /webhooks/{id}",
      ].sort(),
    );
  });

  it("listing-scoped endpoints are the associated_listings writes and they require channel", () => {
    const scoped = rows.filter((r) => r.listingScoped);
    expect(scoped.map((r) => r.id).sort()).toEqual(["sets.associatedDelete", "sets.associatedPut"]);
    for (const row of scoped) {
      expect(ok(row.query, { channel: "svc" })).toBe(true);
      expect(ok(row.query, {})).toBe(false);
      expect(ok(row.query, { channel: "expedia" })).toBe(false);
    }
  });

  it("member listing ids are internal ids: members writes and POST /sets take no channel", () => {
    for (const id of ["sets.create", "sets.membersPut", "sets.membersDelete", "sets.candidates"]) {
      expect(byId(id).listingScoped, id).toBe(false);
    }
    expect(Object.keys((byId("sets.membersPut").query as z.ZodObject).shape)).not.toContain("channel");
  });

  it("GET /segments/{segment_id}/listings is not listing-scoped and answers listing objects", () => {
    const row = byId("segments.listings");
    expect(row.listingScoped).toBe(false);
    expect(ok(segmentListingsQuery, { include_managed_listings: "false" })).toBe(true);
    expect(segmentListingsQuery.parse({ include_managed_listings: "0" }).include_managed_listings).toBe(
      false,
    );
    expect(ok(row.response, [{ id: "x" }])).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------
// Dynamic sets
// ---------------------------------------------------------------------------------------

describe("set record", () => {
  it("a set with no kind reports other: kind is a required non-empty string", () => {
    expect(ok(setRecord, set)).toBe(true);
    expect(ok(setRecord, { ...set, kind: null })).toBe(false);
    expect(ok(setRecord, { ...set, kind: undefined })).toBe(false);
  });

  it("boundary is MultiPolygon coordinates or null", () => {
    expect(ok(setRecord, { ...set, boundary: null })).toBe(true);
    expect(ok(setRecord, { ...set, boundary: set.boundary[0] })).toBe(false); // a Polygon
  });

  it("access is owner or the shared level M, F, E or R (never N)", () => {
    for (const access of ["owner", "M", "F", "E", "R"]) expect(ok(setRecord, { ...set, access })).toBe(true);
    expect(ok(setRecord, { ...set, access: "N" })).toBe(false);
  });

  it("collaborators carry user_id, email and a level other than N", () => {
    const c = { user_id: "usr_2", email: "a@b.co", level: "F" };
    expect(ok(setRecord, { ...set, collaborators: [c] })).toBe(true);
    expect(ok(setRecord, { ...set, collaborators: [{ ...c, level: "N" }] })).toBe(false);
  });

  it("membership is static or filter", () => {
    expect(ok(setRecord, { ...set, membership: "filter", filters: { latitude: 1, longitude: 2 } })).toBe(
      true,
    );
    expect(ok(setRecord, { ...set, membership: "dynamic" })).toBe(false);
  });

  it("upgrade response is the set with is_paid true and billed_user_id", () => {
    expect(ok(upgradedSet, { ...set, is_paid: true, billed_user_id: "usr_1" })).toBe(true);
    expect(ok(upgradedSet, { ...set, is_paid: false, billed_user_id: "usr_1" })).toBe(false);
    expect(ok(upgradedSet, { ...set, is_paid: true })).toBe(false);
  });
});

describe("set bodies and queries", () => {
  it("GET /sets kind takes several comma-separated values", () => {
    expect(listSetsQuery.parse({ kind: "other,competitors", name: "Alf*" }).kind).toEqual([
      "other",
      "competitors",
    ]);
  });

  it("POST /sets needs a name and at least one listing id; filters are optional", () => {
    expect(ok(createSetBody, { name: "Comps", listing_ids: ["ml_1"] })).toBe(true);
    expect(ok(createSetBody, { name: "Comps", listing_ids: [] })).toBe(false);
    expect(ok(createSetBody, { name: " ", listing_ids: ["ml_1"] })).toBe(false);
    expect(ok(createSetBody, { name: "C", listing_ids: ["ml_1"], filters: { latitude: 1 } })).toBe(false);
  });

  it("share entry needs exactly one of user_id or email", () => {
    expect(ok(shareEntry, { user_id: "usr_2", level: "F" })).toBe(true);
    expect(ok(shareEntry, { email: "ana@example.com", level: "N" })).toBe(true);
    expect(ok(shareEntry, { user_id: "usr_2", email: "ana@example.com", level: "F" })).toBe(false);
    expect(ok(shareEntry, { level: "F" })).toBe(false);
    expect(ok(shareEntry, { user_id: "usr_2", level: "X" })).toBe(false);
  });

  it("members PUT takes listing_ids and a status; DELETE takes listing_ids", () => {
    const put = byId("sets.membersPut").body!;
    expect(ok(put, { listing_ids: ["ml_1"], status: "inactive" })).toBe(true);
    expect(ok(put, { listing_ids: ["ml_1"], status: "removed" })).toBe(false);
    expect(ok(byId("sets.membersDelete").body!, { listing_ids: [] })).toBe(false);
  });

  it("candidates need latitude and longitude or listing_id and channel", () => {
    expect(ok(candidatesQuery, {})).toBe(false);
    expect(ok(candidatesQuery, { bedrooms: "2" })).toBe(false);
    expect(ok(candidatesQuery, { latitude: "38.7" })).toBe(false);
    expect(ok(candidatesQuery, { listing_id: "123" })).toBe(false);
    expect(ok(candidatesQuery, { listing_id: "123", channel: "airbnb", bedrooms: "2" })).toBe(true);
    expect(ok(candidatesQuery, { listing_id: "123", channel: "svc", latitude: "1", longitude: "2" })).toBe(
      false,
    );
    const parsed = candidatesQuery.parse({ latitude: "38.7", longitude: "-9.1", radius_km: "12.5" });
    expect(parsed).toMatchObject({ latitude: 38.7, longitude: -9.1, radius_km: 12.5 });
  });

  it("candidate radius_km is at most 50", () => {
    expect(ok(candidatesQuery, { latitude: "1", longitude: "2", radius_km: "50" })).toBe(true);
    expect(ok(candidatesQuery, { latitude: "1", longitude: "2", radius_km: "51" })).toBe(false);
  });

  it("associated listings bodies are listing_ids and responses are listing objects", () => {
    expect(ok(byId("sets.associatedPut").body!, { listing_ids: ["1234"] })).toBe(true);
    expect(ok(byId("sets.associatedPut").body!, {})).toBe(false);
    expect(ok(byId("sets.associatedGet").response, [member("active")])).toBe(false);
  });
});

describe("member listings", () => {
  it("carries every metric with each of the suffixes _365_0, _90_0, _30_0, _0_30, _0_90", () => {
    expect(MEMBER_METRIC_KEYS).toHaveLength(50);
    expect(MEMBER_METRIC_KEYS).toContain("nights_percent_open_0_90");
    expect(MEMBER_METRIC_KEYS).toContain("revpar_adjusted_365_0");
    expect(ok(memberListing, member("active"))).toBe(true);
    const missing: Record<string, unknown> = member("active");
    delete missing.adr_0_30;
    expect(ok(memberListing, missing)).toBe(false);
  });

  it("metric values and guests_included are nullable numbers", () => {
    expect(ok(memberListing, { ...member("active"), guests_included: 4, revenue_90_0: null })).toBe(true);
    expect(ok(memberListing, { ...member("active"), revenue_90_0: "1200" })).toBe(false);
  });

  it("amenities is an array of names, not the pre-2026-09-21 comma-separated string", () => {
    expect(ok(memberListing, { ...member("active"), amenities: "wifi,pool" })).toBe(false);
  });

  it("candidate rows add distance_km and carry status null", () => {
    expect(ok(candidateListing, { ...member("active"), status: null, distance_km: 1.2 })).toBe(true);
    expect(ok(candidateListing, { ...member("active"), status: null })).toBe(false);
  });

  it("members response has all three status keys", () => {
    expect(ok(membersByStatus, { active: [member("active")], suggested: [], inactive: [] })).toBe(true);
    expect(ok(membersByStatus, { active: [member("active")], suggested: [] })).toBe(false);
    expect(ok(membersByStatus, { active: [], inactive: [] })).toBe(false);
  });

  it("each member is grouped under its own status", () => {
    expect(ok(membersByStatus, { active: [member("suggested")], suggested: [], inactive: [] })).toBe(false);
  });
});

describe("set price calendar", () => {
  it("set price calendar nights reject is_booked and reservation_id", () => {
    expect(ok(setCalendarNight, night)).toBe(true);
    expect(ok(setCalendarNight, { ...night, is_booked: true })).toBe(false);
    expect(ok(setCalendarNight, { ...night, reservation_id: "HM123" })).toBe(false);
    const calendar = {
      currency: "EUR",
      start_date: "2026-12-01",
      end_date: "2026-12-01",
      listings: [{ listing_id: "ml_1", name: "Loft", nights: [{ ...night, is_booked: false }] }],
    };
    expect(ok(setPriceCalendar, calendar)).toBe(false);
    expect(
      ok(setPriceCalendar, { ...calendar, listings: [{ ...calendar.listings[0], nights: [night] }] }),
    ).toBe(true);
  });

  it("booking_probability_percent is an integer 0..90", () => {
    expect(ok(setCalendarNight, { ...night, booking_probability_percent: 90 })).toBe(true);
    expect(ok(setCalendarNight, { ...night, booking_probability_percent: 91 })).toBe(false);
    expect(ok(setCalendarNight, { ...night, booking_probability_percent: 55.5 })).toBe(false);
  });

  it("an available night reports 0 and an unavailable one 10 to 90", () => {
    expect(ok(setCalendarNight, { ...night, available: true, booking_probability_percent: 0 })).toBe(true);
    expect(ok(setCalendarNight, { ...night, available: true, booking_probability_percent: 30 })).toBe(false);
    expect(ok(setCalendarNight, { ...night, available: false, booking_probability_percent: 10 })).toBe(true);
    expect(ok(setCalendarNight, { ...night, available: false, booking_probability_percent: 9 })).toBe(false);
  });

  it("the calendar holds at most 25 listings", () => {
    const listings = Array.from({ length: 26 }, (_, i) => ({ listing_id: `ml_${i}`, name: "x", nights: [] }));
    const calendar = { currency: "EUR", start_date: "2026-12-01", end_date: "2026-12-31", listings };
    expect(ok(setPriceCalendar, calendar)).toBe(false);
    expect(ok(setPriceCalendar, { ...calendar, listings: listings.slice(0, 25) })).toBe(true);
  });

  it("the query covers at most 365 nights and end_date is not before start_date", () => {
    expect(ok(setPriceCalendarQuery, { start_date: "2026-01-01", end_date: "2026-12-31" })).toBe(true); // 365
    expect(ok(setPriceCalendarQuery, { start_date: "2026-01-01", end_date: "2027-01-01" })).toBe(false); // 366
    expect(ok(setPriceCalendarQuery, { start_date: "2026-02-01", end_date: "2026-01-31" })).toBe(false);
    expect(ok(setPriceCalendarQuery, { currency: "eur" })).toBe(false);
  });
});

describe("set analytics", () => {
  it("aggregated metrics months carry month, listing_count and every lexicon metric", () => {
    const month = {
      month: "2026-10",
      listing_count: 12,
      ...Object.fromEntries(METRIC_LEXICON.map((m) => [m, 1])),
    };
    expect(ok(aggregatedMetrics, { currency: "EUR", months: [month] })).toBe(true);
    const short: Record<string, unknown> = { ...month };
    delete short.booking_window;
    expect(ok(aggregatedMetrics, { currency: "EUR", months: [short] })).toBe(false);
    expect(ok(byId("sets.aggregatedMetrics").query, { start_month: "2026-10", end_month: "2026-01" })).toBe(
      false,
    );
    expect(ok(byId("segments.aggregatedMetrics").query, { include_managed_listings: "true" })).toBe(true);
  });

  it("time series takes a member metric and a day, week or month granularity", () => {
    expect(ok(setTimeSeriesQuery, { metric: "adr", granularity: "week" })).toBe(true);
    expect(ok(setTimeSeriesQuery, { metric: "adr", granularity: "year" })).toBe(false);
    expect(ok(setTimeSeriesQuery, { granularity: "day" })).toBe(false);
  });

  it("distribution window is a member metric suffix", () => {
    const q = byId("sets.distribution").query;
    expect(ok(q, { metric: "revpar", window: "0_90" })).toBe(true);
    expect(ok(q, { metric: "revpar", window: "7_0" })).toBe(false);
  });

  it("changelog rows name a known action; actor is null for the service's own syncs", () => {
    const row = { id: "chg_1", at: "2026-11-01T09:00:00Z", actor: null, action: "synced", details: {} };
    expect(ok(setChangelogEntry, row)).toBe(true);
    expect(ok(setChangelogEntry, { ...row, action: "renamed" })).toBe(false);
    expect(
      ok(setChangelogEntry, { ...row, actor: { user_id: "usr_1", email: "a@b.co" }, listing_ids: ["ml_1"] }),
    ).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------
// Segments, market report, team, notifications
// ---------------------------------------------------------------------------------------

describe("segments, market report, team and notifications", () => {
  it("segment update needs at least one field", () => {
    expect(ok(updateSegmentBody, {})).toBe(false);
    expect(ok(updateSegmentBody, { description: null })).toBe(true);
  });

  it("segment creation requires filter_backend", () => {
    expect(ok(byId("segments.create").body!, { name: "Beach" })).toBe(false);
    expect(ok(byId("segments.create").body!, { name: "Beach", filter_backend: { tags: ["beach"] } })).toBe(
      true,
    );
  });

  it("bedrooms query accepts the market groups and 4+; bedroom_groups never answers 4+", () => {
    for (const b of ["0", "5", "6+", "2+", "4+"]) expect(ok(bedroomsParam, b)).toBe(true);
    expect(ok(bedroomsParam, "7")).toBe(false);
    expect(ok(marketTimeSeriesQuery, { metric: "occupancy", bedrooms: "3+" })).toBe(false);
    expect(ok(bedroomGroups, { market_id: "m1", groups: [{ group: "2+", listing_count: 40 }] })).toBe(true);
    expect(ok(bedroomGroups, { market_id: "m1", groups: [{ group: "4+", listing_count: 40 }] })).toBe(false);
  });

  it("market postal codes keep latlong as [lat, lng]", () => {
    const m = {
      id: "m1",
      name: "Lisbon",
      country: "PT",
      currency: "EUR",
      listing_count: 10,
      postal_codes: [{ postal_code: "1100", latlong: [38.71, -9.13], listing_count: 4 }],
    };
    expect(ok(market, m)).toBe(true);
    expect(ok(market, { ...m, postal_codes: [{ ...m.postal_codes[0], latlong: [38.71] }] })).toBe(false);
    expect(market.parse({ ...m, geometry: { type: "MultiPolygon" } })).not.toHaveProperty("geometry");
  });

  it("team invite needs an email and a team level; auto-managed level may be cleared with null", () => {
    expect(ok(inviteMemberBody, { email: "ana@example.com", level: "viewer" })).toBe(true);
    expect(ok(inviteMemberBody, { email: "ana", level: "viewer" })).toBe(false);
    expect(ok(inviteMemberBody, { email: "ana@example.com", level: "owner" })).toBe(false);
    expect(ok(autoManagedListingLevelBody, { level: null })).toBe(true);
  });

  it("notifications dismiss takes at least one id; a settings change names a channel", () => {
    expect(ok(dismissNotificationsBody, { ids: [] })).toBe(false);
    expect(ok(putNotificationSettingsBody, { settings: [{ event: "flags.detected", email: false }] })).toBe(
      true,
    );
    expect(ok(putNotificationSettingsBody, { settings: [{ event: "flags.detected" }] })).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------

describe("webhooks", () => {
  it("webhook subscription read responses carry no secret", () => {
    expect(ok(webhookSubscription, subscription)).toBe(true);
    expect(ok(webhookSubscription, { ...subscription, secret: "whsec_abc" })).toBe(false);
    expect(ok(byId("webhooks.list").response, [{ ...subscription, secret: "whsec_abc" }])).toBe(false);
  });

  it("create and rotate_secret responses carry the secret", () => {
    for (const id of ["webhooks.create", "webhooks.rotateSecret"]) {
      expect(byId(id).response).toBe(webhookSubscriptionWithSecret);
    }
    expect(ok(webhookSubscriptionWithSecret, { ...subscription, secret: "whsec_abc" })).toBe(true);
    expect(ok(webhookSubscriptionWithSecret, subscription)).toBe(false);
  });

  it("create body needs a URL and a non-empty list of the three event types", () => {
    expect(
      ok(createWebhookBody, { url: "https://example.com/h", event_types: ["recommendations.updated"] }),
    ).toBe(true);
    expect(ok(createWebhookBody, { url: "example.com/h", event_types: ["flags.detected"] })).toBe(false);
    expect(ok(createWebhookBody, { url: "ftp://example.com/h", event_types: ["flags.detected"] })).toBe(
      false,
    );
    expect(ok(createWebhookBody, { url: "https://example.com/h", event_types: [] })).toBe(false);
    expect(ok(createWebhookBody, { url: "https://example.com/h", event_types: ["listing.created"] })).toBe(
      false,
    );
  });

  it("update body takes any of url, event_types and status enabled", () => {
    expect(ok(updateWebhookBody, { status: "enabled" })).toBe(true);
    expect(ok(updateWebhookBody, { status: "disabled" })).toBe(false);
    expect(ok(updateWebhookBody, {})).toBe(false);
  });

  it("envelope: market_id only on recommendations.updated, which must carry it", () => {
    const base = { id: "evt_1", created_at: "2026-11-21T09:00:00Z" };
    expect(
      ok(webhookEnvelope, {
        ...base,
        type: "recommendations.updated",
        data: { listing_ids: ["s1"], market_id: "m1" },
      }),
    ).toBe(true);
    expect(
      ok(webhookEnvelope, { ...base, type: "recommendations.updated", data: { listing_ids: ["s1"] } }),
    ).toBe(false);
    expect(ok(webhookEnvelope, { ...base, type: "flags.detected", data: { listing_ids: ["s1"] } })).toBe(
      true,
    );
    expect(
      ok(webhookEnvelope, {
        ...base,
        type: "flags.detected",
        data: { listing_ids: ["s1"], market_id: "m1" },
      }),
    ).toBe(false);
    expect(ok(webhookEnvelope, { ...base, type: "flags.detected", data: { listing_ids: [] } })).toBe(false);
    expect(
      ok(webhookEnvelope, { ...base, id: "1", type: "flags.detected", data: { listing_ids: ["s1"] } }),
    ).toBe(false);
  });

  it("delivery rows: seven attempts at most and a response body of at most 1 KiB", () => {
    const row = {
      id: "dlv_1",
      event_id: "evt_1",
      event_type: "reservations.ingested",
      attempt: 7,
      status: "failed",
      response_status: 500,
      response_body: "x".repeat(1024),
      error: null,
      duration_ms: 120,
      attempted_at: "2026-11-21T09:00:00Z",
      next_attempt_at: null,
    };
    expect(ok(webhookDelivery, row)).toBe(true);
    expect(ok(webhookDelivery, { ...row, attempt: 8 })).toBe(false);
    expect(ok(webhookDelivery, { ...row, response_body: "x".repeat(1025) })).toBe(false);
    expect(ok(webhookDelivery, { ...row, status: "retrying" })).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------
// Usage
// ---------------------------------------------------------------------------------------

describe("usage", () => {
  const issueCode = (value: unknown) =>
    usageQuery.safeParse(value).error?.issues.map((i) => (i as { params?: { code?: string } }).params?.code);

  it("days_back is an integer 1..7", () => {
    expect(usageQuery.parse({ days_back: "3" }).days_back).toBe(3);
    expect(ok(usageQuery, { days_back: "0" })).toBe(false);
    expect(ok(usageQuery, { days_back: "8" })).toBe(false);
    expect(ok(usageQuery, { days_back: "2.5" })).toBe(false);
  });

  it("usage rejects days_back together with start_time", () => {
    expect(
      ok(usageQuery, {
        days_back: "2",
        start_time: "2026-11-01T00:00:00Z",
        end_time: "2026-11-02T00:00:00Z",
      }),
    ).toBe(false);
    expect(ok(usageQuery, { days_back: "2", end_time: "2026-11-02T00:00:00Z" })).toBe(false);
  });

  it("usage rejects start_time without end_time and end_time without start_time", () => {
    expect(ok(usageQuery, { start_time: "2026-11-01T00:00:00Z" })).toBe(false);
    expect(ok(usageQuery, { end_time: "2026-11-01T00:00:00Z" })).toBe(false);
    expect(ok(usageQuery, { start_time: "2026-11-02T00:00:00Z", end_time: "2026-11-01T00:00:00Z" })).toBe(
      false,
    );
  });

  it("usage window longer than 7 days is rejected as window_too_long", () => {
    expect(ok(usageQuery, { start_time: "2026-11-01T00:00:00Z", end_time: "2026-11-08T00:00:00Z" })).toBe(
      true,
    );
    expect(issueCode({ start_time: "2026-11-01T00:00:00Z", end_time: "2026-11-08T00:00:01Z" })).toEqual([
      "window_too_long",
    ]);
  });

  it("report counters: 429s count as errors and errors never exceed requests", () => {
    const report = {
      window: { start: "2026-11-14T09:00:00Z", end: "2026-11-21T09:00:00Z", truncated: true },
      generated_at: "2026-11-21T09:00:01Z",
      token_id: null,
      totals: counters(100, 10, 3),
      by_day: [{ date: "2026-11-21", ...counters(100, 10, 3) }],
      by_endpoint: [{ method: "GET", route: "/listings/{listing_id}/kpis", ...counters(100, 10, 3) }],
      by_token: [{ token_id: "tok_1", name: "CI", ...counters(100, 10, 3) }],
    };
    expect(ok(usageReport, report)).toBe(true);
    expect(ok(usageReport, { ...report, totals: counters(100, 3, 10) })).toBe(false);
    expect(ok(usageReport, { ...report, by_day: [{ date: "2026-11-21", ...counters(5, 6, 0) }] })).toBe(
      false,
    );
    const { start, end } = report.window; // without truncated
    expect(ok(usageReport, { ...report, window: { start, end } })).toBe(false);
  });
});
