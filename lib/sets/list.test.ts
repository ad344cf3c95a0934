import { describe, expect, it } from "vitest";
import {
  createSetPermission,
  kindOptions,
  kindSuggestions,
  namePatternMeaning,
  noMatchHint,
  OTHER_KIND,
  ownerLabel,
  ownerNames,
  setDetailsSchema,
  toCreateSetBody,
} from "@/lib/sets/list";

describe("owner of a set", () => {
  const names = ownerNames(
    [{ user_id: "usr_m", email: "m@example.com", first_name: "Marcus", last_name: "Bell" }],
    [{ master_user_id: "usr_o", email: "olivia@example.com" }],
  );

  it("is 'You' when the caller owns the set, whatever the owner id", () => {
    expect(ownerLabel({ access: "owner", owner_user_id: "usr_m" }, names)).toBe("You");
  });

  it("is a team member's full name when the team knows them", () => {
    expect(ownerLabel({ access: "R", owner_user_id: "usr_m" }, names)).toBe("Marcus Bell");
  });

  it("is the team owner's email when only the membership names them", () => {
    expect(ownerLabel({ access: "F", owner_user_id: "usr_o" }, names)).toBe("olivia@example.com");
  });

  it("falls back to the user id for an account the caller's teams do not name", () => {
    expect(ownerLabel({ access: "M", owner_user_id: "usr_x" }, names)).toBe("usr_x");
  });

  it("prefers a member's email when they have no name", () => {
    const map = ownerNames([{ user_id: "u", email: "u@example.com", first_name: null, last_name: null }], []);
    expect(map.get("u")).toBe("u@example.com");
  });
});

describe("kind filter choices", () => {
  it("list every kind seen once, alphabetically, with 'other' always offered last", () => {
    expect(kindOptions(["luxury", "competitors", "luxury", OTHER_KIND], [])).toEqual([
      "competitors",
      "luxury",
      OTHER_KIND,
    ]);
  });

  it("keep kinds chosen in the URL even when no loaded set has them", () => {
    expect(kindOptions([], ["beach"])).toEqual(["beach", OTHER_KIND]);
  });
});

describe("name pattern in words", () => {
  it("without * means the whole name, in any letter case", () => {
    expect(namePatternMeaning("Lisbon shortlist")).toBe(
      "Sets named exactly “Lisbon shortlist” (any letter case).",
    );
  });

  it("reads a leading, trailing or surrounding * as ends with, starts with, contains", () => {
    expect(namePatternMeaning("Miami*")).toBe("Sets whose name starts with “Miami”.");
    expect(namePatternMeaning("*comps")).toBe("Sets whose name ends with “comps”.");
    expect(namePatternMeaning("*Austin*")).toBe("Sets whose name contains “Austin”.");
  });

  it("explains * as any run of characters for inner stars", () => {
    expect(namePatternMeaning("South*comps")).toContain("each * standing for any run of characters");
  });

  it("says a lone * matches every set", () => {
    expect(namePatternMeaning("*")).toMatch(/^Every set/);
  });
});

describe("no-match hint", () => {
  it("suggests surrounding a whole-name filter with * to search inside names", () => {
    expect(noMatchHint("Austin")).toContain("search for *Austin*");
  });

  it("has nothing to add for a filter that already uses *, or no name filter", () => {
    expect(noMatchHint("*Austin*")).toBeNull();
    expect(noMatchHint(null)).toBeNull();
  });
});

describe("creating a set", () => {
  it("is disabled for a read-only key, with the reason", () => {
    const permission = createSetPermission("read_only");
    expect(permission.allowed).toBe(false);
    expect(!permission.allowed && permission.reason).toMatch(/read-only/);
  });

  it("is open to any other key: everyone may build their own sets", () => {
    expect(createSetPermission("standard")).toEqual({ allowed: true });
    expect(createSetPermission(null)).toEqual({ allowed: true });
  });
});

describe("a new set's name and kind", () => {
  const check = (name: string, kind = "") => setDetailsSchema.safeParse({ name, kind });

  it("needs a name that is not only spaces", () => {
    expect(check("   ").success).toBe(false);
    expect(check(" Austin comps ").success).toBe(true);
  });

  it("refuses a kind with a comma, which the kind filter could never match", () => {
    expect(check("A", "beach,lux").success).toBe(false);
    expect(check("A", "beach lux").success).toBe(true);
  });

  it("leaves an empty kind out of the body, so the service reports 'other'", () => {
    expect(toCreateSetBody({ name: " Austin ", kind: "  " }, ["1", "2"])).toEqual({
      name: "Austin",
      listing_ids: ["1", "2"],
    });
    expect(toCreateSetBody({ name: "A", kind: " luxury " }, ["1"])).toMatchObject({ kind: "luxury" });
  });

  it("suggests the usual kinds and the caller's own, never 'other'", () => {
    const suggestions = kindSuggestions(["beach", OTHER_KIND, "luxury"]);
    expect(suggestions).toContain("beach");
    expect(suggestions).toContain("competitors");
    expect(suggestions).not.toContain(OTHER_KIND);
    expect(new Set(suggestions).size).toBe(suggestions.length);
  });
});
