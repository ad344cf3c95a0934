import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { pathParams, type EndpointDef } from "@/lib/svc/endpoint";
import { setEndpoints } from "@/lib/svc/endpoints/sets";
import { webhookEndpoints } from "@/lib/svc/endpoints/webhooks";
import { segmentListingsQuery } from "@/lib/svc/schemas/segments";
import { byId, groupTables, ok, rows } from "@/lib/svc/contract-test-support";

const signature = (r: EndpointDef) => `${r.method} ${r.path}`;

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
