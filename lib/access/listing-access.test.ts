import { describe, expect, it } from "vitest";
import { byRank } from "@/lib/display/open-values";
import {
  accessWords,
  ACCESS_LEVELS,
  canManageListing,
  canWriteListing,
  tagEditPermission,
} from "@/lib/access/listing-access";

describe("listing access levels", () => {
  it("an unknown access level gets the least privilege", () => {
    expect(canWriteListing("co_host")).toBe(false);
    expect(canManageListing("co_host")).toBe(false);
    const tags = tagEditPermission("co_host", "standard");
    expect(tags.allowed).toBe(false);
    if (!tags.allowed) expect(tags.reason).toContain('"co_host"');
    // Prototype keys are not levels.
    expect(canWriteListing("toString")).toBe(false);
  });

  it("the known levels keep their rights: restricted editors write their own listing, not tags", () => {
    for (const level of ["owner", "manager", "editor"]) {
      expect(canManageListing(level)).toBe(true);
      expect(tagEditPermission(level, "standard")).toEqual({ allowed: true });
    }
    expect(canWriteListing("restricted_editor")).toBe(true);
    expect(canManageListing("restricted_editor")).toBe(false);
    expect(canWriteListing("viewer")).toBe(false);
  });

  it("an unknown level is shown in words and sorts after the known ones", () => {
    expect(accessWords("co_host").label).toBe("Co host");
    expect(accessWords("viewer").label).toBe("Viewer");
    const sorted = ["viewer", "co_host", "owner", "auditor"].sort(byRank(ACCESS_LEVELS));
    expect(sorted).toEqual(["owner", "viewer", "auditor", "co_host"]);
  });
});
