import { describe, expect, it } from "vitest";
import { AFTER_SIGN_IN_DEFAULT, safeNext } from "@/lib/security/safe-next";

const ORIGIN = "http://localhost:3000";

/** What browsers resolve to another site, or is not a page of ours: every one falls back. */
const FOREIGN_NEXT = [
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  " //evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "https://evil.example",
  "http://localhost:3001/listings",
  "http://localhost.evil.example/",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "evil.example/listings",
  "@evil.example",
  "/api/svc/api_keys",
  "/api/session",
  "/sign-in?next=//evil.example",
  "/_next/static/chunks/x.js",
  "",
  "x".repeat(3000),
];

describe("only same-origin paths come back after sign-in", () => {
  it.each(FOREIGN_NEXT)("refuses %j and falls back to the Overview", (next) => {
    expect(safeNext(next, ORIGIN)).toBe(AFTER_SIGN_IN_DEFAULT);
  });

  it.each([
    ["/listings", "/listings"],
    ["/listings?hidden=1&owner=me", "/listings?hidden=1&owner=me"],
    ["/sets/set_1#sharing", "/sets/set_1#sharing"],
    ["/listings/../usage", "/usage"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/", "/"],
  ])("keeps %j as %j", (next, expected) => {
    expect(safeNext(next, ORIGIN)).toBe(expected);
  });

  it("a missing or repeated parameter falls back to the Overview", () => {
    expect(safeNext(undefined, ORIGIN)).toBe("/");
    expect(safeNext(["/listings", "//evil.example"], ORIGIN)).toBe("/");
  });

  it("whatever it returns, a browser resolves on the dashboard's own origin", () => {
    for (const next of FOREIGN_NEXT) {
      expect(new URL(safeNext(next, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
    }
  });
});
