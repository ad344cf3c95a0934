import { describe, expect, it } from "vitest";
import { pathParams } from "@/lib/svc/endpoint";
import { endpointList } from "@/lib/svc/endpoints";
import { matchPath, safeSegments, type PathMatch } from "@/lib/svc/match";
import { buildPath } from "@/lib/svc/paths";

function matchedId(result: PathMatch): string | null {
  return result.kind === "match" ? result.endpoint.id : null;
}

describe("matchPath: static segments win over parameters", () => {
  it.each([
    ["GET", "/listings/kpis", "listings.kpis"],
    ["GET", "/listings/123", "listings.get"],
    ["GET", "/listings", "listings.list"],
    ["GET", "/listings/123/kpis", "listings.kpisRolling"],
    ["GET", "/listings/123/kpis/monthly", "listings.kpisMonthly"],
    ["PUT", "/preferences/1/copy", "preferences.copy"],
    ["PUT", "/preferences/1/base_price", "preferences.settingPut"],
    ["GET", "/preferences/1/long_term_discounts", "preferences.longTermDiscounts"],
    // The static GET path does not hide the PUT of the same setting name.
    ["PUT", "/preferences/1/long_term_discounts", "preferences.settingPut"],
    ["POST", "/preferences/1/preview", "preferences.preview"],
    ["GET", "/sets/candidates", "sets.candidates"],
    ["GET", "/sets/42", "sets.get"],
  ])("%s %s → %s", (method, path, id) => {
    expect(matchedId(matchPath(method, path))).toBe(id);
  });

  it("returns the decoded parameters", () => {
    const result = matchPath("PUT", "/preferences/abc%20def/min_price");
    expect(result).toMatchObject({ kind: "match", params: { listing_id: "abc def", setting: "min_price" } });
  });

  it("accepts the method in any case and a trailing slash", () => {
    expect(matchedId(matchPath("get", "/listings/kpis"))).toBe("listings.kpis");
    expect(matchedId(matchPath("GET", "/listings/"))).toBe("listings.list");
  });
});

describe("matchPath: a known path with another method is 405", () => {
  it.each([
    ["DELETE", "/listings", ["GET"]],
    ["POST", "/listings/kpis", ["GET"]],
    ["GET", "/api_keys/tok_1", ["DELETE"]],
    ["GET", "/preferences/1/copy", ["PUT"]],
    ["GET", "/preferences/1/base_price", ["PUT"]],
    ["DELETE", "/preferences", ["GET", "PUT"]],
    ["PATCH", "/listings/1", ["GET"]],
    ["TRACE", "/listings", ["GET"]],
    ["OPTIONS", "/api_keys", ["GET", "POST"]],
  ])("%s %s → 405, allowed %j", (method, path, allowed) => {
    const result = matchPath(method, path);
    expect(result.kind).toBe("method_not_allowed");
    if (result.kind !== "method_not_allowed") return;
    expect([...result.allowed].sort()).toEqual([...allowed].sort());
  });

  it("lists each allowed method once", () => {
    const result = matchPath("POST", "/listings/1/custom_rates");
    expect(result.kind).toBe("method_not_allowed");
    if (result.kind !== "method_not_allowed") return;
    expect(new Set(result.allowed).size).toBe(result.allowed.length);
    expect([...result.allowed].sort()).toEqual(["DELETE", "GET", "PUT"]);
  });
});

describe("matchPath: traversal and odd paths are not_found", () => {
  it.each([
    "/listings/..",
    "/listings/.",
    "/listings/%2e%2e",
    "/listings/%2E%2E",
    "/listings/%2E%2E/x",
    "/listings/%2e",
    "/listings/1/%2e%2e/kpis",
    "/listings/..%2Fkpis",
    "//evil.example/listings",
    "/listings//kpis",
    "/listings/a%2Fb",
    "/listings/a%2fb",
    "/listings/a%5Cb",
    "/listings/%00",
    "/listings/%0a",
    "/listings/a%0Db",
    "/listings/%",
    "/listings/%E0%A4%A",
    "http://evil/listings",
    "https://evil.example/listings",
    "listings",
    "",
    "/",
    "//",
    "/listings//",
    "/listings\\..\\api_keys",
    "\\listings",
    "/listings\\kpis",
    "/nope",
    "/listings/1/nope",
    "/listings/1/kpis/monthly/extra",
    "/listings?x=1",
    "/LISTINGS",
  ])("%j", (path) => {
    expect(matchPath("GET", path)).toEqual({ kind: "not_found" });
  });

  it("safeSegments refuses what matchPath refuses and decodes the rest", () => {
    expect(safeSegments("/listings/%2e%2e")).toBeNull();
    expect(safeSegments("/listings/a%20b/kpis")).toEqual(["listings", "a b", "kpis"]);
  });
});

describe("buildPath", () => {
  it("fills and percent-encodes each parameter as one segment", () => {
    expect(buildPath("/listings/{listing_id}", { listing_id: 123 })).toBe("/listings/123");
    expect(
      buildPath("/listings/{listing_id}/notes/{note_id}", { listing_id: "a/b c", note_id: "../x" }),
    ).toBe("/listings/a%2Fb%20c/notes/..%2Fx");
    expect(buildPath("/listings/{listing_id}", { listing_id: "%2e%2e" })).toBe("/listings/%252e%252e");
  });

  it("throws on a missing or empty parameter", () => {
    expect(() => buildPath("/listings/{listing_id}", {})).toThrow(/listing_id/);
    expect(() => buildPath("/listings/{listing_id}", { listing_id: "" })).toThrow(/listing_id/);
    expect(() => buildPath("/listings/{listing_id}/notes/{note_id}", { listing_id: "1" })).toThrow(/note_id/);
  });

  it("a built path with a hostile value is refused, never routed elsewhere", () => {
    for (const value of ["../api_keys", "..", ".", "a\\b", "\u0000"]) {
      const path = buildPath("/listings/{listing_id}", { listing_id: value });
      expect(matchPath("GET", path), value).toEqual({ kind: "not_found" });
    }
    // Dots alone inside a longer value are plain data.
    expect(matchPath("GET", buildPath("/listings/{listing_id}", { listing_id: "..a" }))).toMatchObject({
      kind: "match",
      params: { listing_id: "..a" },
    });
  });
});

describe("every contract endpoint matches itself", () => {
  it("has a non-trivial table", () => {
    expect(endpointList.length).toBeGreaterThan(50);
  });

  it.each(endpointList.map((e) => [e.id, e.method, e.path] as const))("%s (%s %s)", (id, method, pattern) => {
    const values = Object.fromEntries(pathParams(pattern).map((name, i) => [name, `v${i} ${name}`]));
    const result = matchPath(method, buildPath(pattern, values));
    expect(result.kind).toBe("match");
    if (result.kind !== "match") return;
    expect(result.endpoint.id).toBe(id);
    expect(result.params).toEqual(values);
  });

  it("no two endpoints share a method and a path pattern", () => {
    const keys = endpointList.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
