import { describe, expect, it } from "vitest";
import { refreshConsequence, refreshedSentence } from "@/lib/team/refresh";

const marcus = { email: "m@x.example", first_name: "Marcus", last_name: "Bell" };

describe("refreshing auto-managed listings", () => {
  it("the confirmation says the level replaces the one they hold today", () => {
    expect(refreshConsequence({ ...marcus, level: "manager", auto_managed_listing_level: "editor" })).toBe(
      "Marcus Bell becomes an editor of every listing you have now, including ones added since they joined. Where they are a manager today, they become an editor.",
    );
    expect(
      refreshConsequence({ ...marcus, level: "editor", auto_managed_listing_level: "editor" }),
    ).not.toMatch(/Where they are/);
  });

  it("the answer is said with its count and its time (UTC, the same on every machine)", () => {
    expect(
      refreshedSentence(
        { listing_count: 34, refreshed_at: "2026-03-12T14:03:07Z" },
        { ...marcus, auto_managed_listing_level: "manager" },
      ),
    ).toBe("Refreshed at 14:03:07 UTC: Marcus Bell is a manager of 34 of your listings.");
    expect(
      refreshedSentence(
        { listing_count: 1, refreshed_at: "2026-03-12T09:00:00Z" },
        {
          ...marcus,
          auto_managed_listing_level: "viewer",
        },
      ),
    ).toBe("Refreshed at 09:00:00 UTC: Marcus Bell is a viewer of 1 of your listings.");
  });
});
