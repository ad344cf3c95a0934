import { describe, expect, it } from "vitest";
import { byRank, inWords, isKnown, knownOr, labelOf, rankOf, wordsOf } from "@/lib/display/open-values";

const labels = { airbnb: "Airbnb", booking_com: "Booking.com" } as const;

describe("a value we do not know is shown as it came, in words", () => {
  it("inWords turns separators into spaces and capitalises the first letter", () => {
    expect(inWords("expedia")).toBe("Expedia");
    expect(inWords("pending_review")).toBe("Pending review");
    expect(inWords("flags.resolved")).toBe("Flags resolved");
    expect(inWords("  a--b__c ")).toBe("A b c");
  });

  it("inWords never gives an empty label for a value made of separators only", () => {
    expect(inWords("__")).toBe("__");
  });

  it("knownOr gives our entry where known, else the fallback built from the raw value", () => {
    expect(knownOr(labels, "airbnb", () => "x")).toBe("Airbnb");
    expect(knownOr(labels, "expedia", (raw) => `raw ${raw}`)).toBe("raw expedia");
  });

  it("labelOf and wordsOf say an unknown value in words, never blank or undefined", () => {
    expect(labelOf(labels, "booking_com")).toBe("Booking.com");
    expect(labelOf(labels, "expedia")).toBe("Expedia");
    const words = wordsOf(
      { active: { label: "Active", meaning: "Compared." } },
      "pending",
      "a member status",
    );
    expect(words.label).toBe("Pending");
    expect(words.meaning).toContain('"pending"');
  });
});

describe("isKnown", () => {
  it("knows the map's own keys only: prototype keys are not values we know", () => {
    expect(isKnown(labels, "airbnb")).toBe(true);
    expect(isKnown(labels, "expedia")).toBe(false);
    for (const key of ["toString", "constructor", "hasOwnProperty", "__proto__", "valueOf"]) {
      expect(isKnown(labels, key)).toBe(false);
      expect(labelOf(labels, key)).toBe(inWords(key));
    }
  });
});

describe("sorting open values", () => {
  const order = ["active", "suggested", "inactive"] as const;

  it("rankOf puts the known values in our order and every unknown one after them", () => {
    expect(rankOf(order, "active")).toBe(0);
    expect(rankOf(order, "inactive")).toBe(2);
    expect(rankOf(order, "pending")).toBe(3);
    expect(rankOf(order, "archived")).toBe(3);
  });

  it("byRank sorts known values in our order, then unknown ones by their raw text", () => {
    const sorted = ["pending", "inactive", "archived", "active", "suggested"].sort(byRank(order));
    expect(sorted).toEqual(["active", "suggested", "inactive", "archived", "pending"]);
  });
});
