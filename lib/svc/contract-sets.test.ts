import { describe, expect, it } from "vitest";
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
} from "@/lib/svc/schemas/sets";
import { byId, ok } from "@/lib/svc/contract-test-support";

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
