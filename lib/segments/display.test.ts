import { describe, expect, it } from "vitest";
import { includeManagedDefault, includeManagedNote } from "@/lib/segments/display";

describe("the managed-listings switch in words", () => {
  it("says which listings count and how to see only one's own, without speaking of keys", () => {
    for (const kind of ["standard", "read_only", "assistant", null] as const) {
      expect(includeManagedDefault(kind)).toBe(true);
      expect(includeManagedNote(kind)).toBe(
        "Listings you manage for other owners count too unless you switch this off; switch it off to see only your own.",
      );
      expect(includeManagedNote(kind)).not.toMatch(/key/i);
    }
  });

  it("names the key only where it changes the default: a channel integration key leaves them out", () => {
    expect(includeManagedDefault("channel_integration")).toBe(false);
    expect(includeManagedNote("channel_integration")).toMatch(
      /^Listings you manage for other owners are left out/,
    );
    expect(includeManagedNote("channel_integration")).toContain("channel integration key");
  });
});
