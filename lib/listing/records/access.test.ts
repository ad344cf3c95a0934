import { describe, expect, it } from "vitest";
import { flagSummary, flagTitle, sortFlags } from "@/lib/listing/records/flags";
import { noteWritePermission, tagWritePermission } from "@/lib/listing/records/access";
import type { ListingFlag } from "@/lib/svc/schemas/listing-extras";

describe("who may write notes", () => {
  it("owners, managers, editors and restricted editors may write notes", () => {
    for (const access of ["owner", "manager", "editor", "restricted_editor"] as const) {
      expect(noteWritePermission(access, false)).toEqual({ allowed: true });
    }
  });

  it("viewers and read-only keys may read notes but not write them, and are told why", () => {
    const viewer = noteWritePermission("viewer", false);
    expect(viewer.allowed).toBe(false);
    if (!viewer.allowed) expect(viewer.reason).toMatch(/Viewers can read/);
    const readOnly = noteWritePermission("owner", true);
    expect(readOnly.allowed).toBe(false);
    if (!readOnly.allowed) expect(readOnly.reason).toMatch(/read-only/);
  });

  it("an unknown access level gets the least privilege", () => {
    const unknown = noteWritePermission("co_host", false);
    expect(unknown.allowed).toBe(false);
    if (!unknown.allowed) expect(unknown.reason).toContain('"co_host"');
  });
});

describe("who may change tags", () => {
  it("an unknown access level gets the least privilege", () => {
    const unknown = tagWritePermission("co_host", false);
    expect(unknown.allowed).toBe(false);
    if (!unknown.allowed) expect(unknown.reason).toMatch(/"co_host".*does not know/);
  });

  it("a restricted editor cannot change tags and is told who can", () => {
    const permission = tagWritePermission("restricted_editor", false);
    expect(permission.allowed).toBe(false);
    if (!permission.allowed) expect(permission.reason).toMatch(/Restricted editors cannot change tags/);
  });

  it("a read-only key is the reason even for the owner", () => {
    expect(tagWritePermission("owner", true)).toEqual({
      allowed: false,
      reason: "Your API key is read-only.",
    });
  });

  it("owners, managers and editors may change tags", () => {
    for (const access of ["owner", "manager", "editor"] as const) {
      expect(tagWritePermission(access, false)).toEqual({ allowed: true });
    }
  });
});

describe("flags", () => {
  const flag = (over: Partial<ListingFlag>): ListingFlag => ({
    code: "pricing_disabled",
    severity: "info",
    message: "m",
    detected_at: "2026-11-01T00:00:00Z",
    ...over,
  });

  it("the most severe come first, then the newest", () => {
    const sorted = sortFlags([
      flag({ code: "a", severity: "info" }),
      flag({ code: "b", severity: "critical" }),
      flag({ code: "c", severity: "warning", detected_at: "2026-11-01T00:00:00Z" }),
      flag({ code: "d", severity: "warning", detected_at: "2026-11-05T00:00:00Z" }),
    ]);
    expect(sorted.map((f) => f.code)).toEqual(["b", "d", "c", "a"]);
  });

  it("a known code reads in words and an unknown one still reads", () => {
    expect(flagTitle("occupancy_below_market")).toBe("Occupancy below the market");
    expect(flagTitle("new_condition_here")).toBe("New condition here");
  });

  it("the summary counts each severity", () => {
    expect(flagSummary([])).toBe("No flags");
    expect(
      flagSummary([
        flag({ severity: "critical" }),
        flag({ severity: "warning" }),
        flag({ severity: "warning" }),
      ]),
    ).toBe("1 critical, 2 warnings");
  });
});
