import { describe, expect, it } from "vitest";
import {
  FOUR_PLUS_NOTE,
  MAX_OVERLAID_GROUPS,
  bedroomOptions,
  groupOf,
  bedroomsQuery,
  inChoice,
  lackingSentence,
  offersFourPlus,
  resolveChoices,
  toggleChoice,
} from "@/lib/market/bedrooms";

/** Groups as the reference service answers them for its seeded markets. */
const austin = [
  { group: "0", listing_count: 39 },
  { group: "1", listing_count: 130 },
  { group: "2", listing_count: 162 },
  { group: "3", listing_count: 161 },
  { group: "4", listing_count: 78 },
  { group: "5", listing_count: 41 },
  { group: "6+", listing_count: 17 },
] as const;
const lisbon = [
  { group: "0", listing_count: 96 },
  { group: "1", listing_count: 245 },
  { group: "2+", listing_count: 319 },
] as const;
const london = austin.filter((g) => g.group !== "6+");

const values = (options: ReturnType<typeof bedroomOptions>) => options.map((o) => o.value);

describe("the bedroom picker offers the market's own groups", () => {
  it("offers the whole market first, then each group in the service's order with its listing count", () => {
    const options = bedroomOptions(660, [...lisbon]);
    expect(values(options)).toEqual(["all", "0", "1", "2+"]);
    expect(options.map((o) => o.listingCount)).toEqual([660, 96, 245, 319]);
    expect(options.map((o) => o.label)).toEqual([
      "All listings",
      "0 bedrooms (studios)",
      "1 bedroom",
      "2+ bedrooms",
    ]);
  });

  it("offers 4+ where the market splits into 4, 5 and 6+, counted as its 4 group and saying so", () => {
    const options = bedroomOptions(628, [...austin]);
    expect(values(options)).toEqual(["all", "0", "1", "2", "3", "4", "5", "6+", "4+"]);
    const fourPlus = options.find((o) => o.value === "4+")!;
    expect(fourPlus.listingCount).toBe(78);
    expect(fourPlus.note).toBe(FOUR_PLUS_NOTE);
  });

  it("does not offer 4+ where any of 4, 5 or 6+ is missing", () => {
    expect(offersFourPlus(["0", "1", "2", "3", "4", "5"])).toBe(false);
    expect(offersFourPlus(["0", "1", "2+"])).toBe(false);
    expect(offersFourPlus(["4", "6+"])).toBe(false);
    expect(values(bedroomOptions(564, [...london]))).not.toContain("4+");
    expect(values(bedroomOptions(660, [...lisbon]))).not.toContain("4+");
  });

  it("never offers a group the market does not have", () => {
    const options = bedroomOptions(660, [...lisbon]);
    for (const missing of ["2", "3", "4", "5", "6+", "4+"]) expect(values(options)).not.toContain(missing);
  });
});

describe("a linked or typed choice is checked against the market before anything is asked", () => {
  const options = bedroomOptions(660, [...lisbon]);

  it("no choice means the whole market", () => {
    expect(resolveChoices([], options)).toEqual({ shown: ["all"], lacking: [], waiting: [] });
  });

  it("sets aside a group the market lacks and anything that is not a group", () => {
    expect(resolveChoices(["1", "6+", "seven"], options)).toEqual({
      shown: ["1"],
      lacking: ["6+", "seven"],
      waiting: [],
    });
  });

  it("sets aside 4+ in a market without the 4, 5 and 6+ split", () => {
    expect(resolveChoices(["4+"], bedroomOptions(564, [...london])).lacking).toEqual(["4+"]);
    expect(resolveChoices(["4+"], bedroomOptions(628, [...austin])).shown).toEqual(["4+"]);
  });

  it("before the market's groups are known, charts the whole market only and holds the rest back", () => {
    expect(resolveChoices(["all", "2", "3"], null)).toEqual({
      shown: ["all"],
      lacking: [],
      waiting: ["2", "3"],
    });
    expect(resolveChoices(["nine"], null).lacking).toEqual(["nine"]);
  });

  it("keeps the order asked, drops repeats and stops at the overlay cap", () => {
    const all = bedroomOptions(628, [...austin]);
    const shown = resolveChoices(["3", "1", "3", "0", "2", "4", "5"], all).shown;
    expect(shown).toEqual(["3", "1", "0", "2"]);
    expect(shown).toHaveLength(MAX_OVERLAID_GROUPS);
  });

  it("words a lacking group as the service does, naming the groups the market has", () => {
    expect(lackingSentence("Lisbon", "6+", options)).toBe(
      "Lisbon has no 6+ bedrooms group; its groups are 0, 1, 2+.",
    );
    expect(lackingSentence("Austin", "7", bedroomOptions(628, [...austin]))).toBe(
      "Austin has no 7 bedrooms group; its groups are 0, 1, 2, 3, 4, 5, 6+.",
    );
  });
});

describe("ticking and clearing groups", () => {
  it("adds a group after the others and never goes past the cap", () => {
    expect(toggleChoice(["all"], "2", true)).toEqual(["all", "2"]);
    expect(toggleChoice(["0", "1", "2", "3"], "4", true)).toEqual(["0", "1", "2", "3"]);
  });

  it("clearing the last group goes back to the whole market, never to nothing", () => {
    expect(toggleChoice(["2"], "2", false)).toEqual(["all"]);
    expect(toggleChoice(["all", "2"], "all", false)).toEqual(["2"]);
  });

  it("asks without bedrooms for the whole market and with the group otherwise", () => {
    expect(bedroomsQuery("all")).toBeUndefined();
    expect(bedroomsQuery("6+")).toBe("6+");
  });
});

describe("which of my listings a choice holds", () => {
  it("matches exact groups, gathers n+ groups, and reads 4+ as the 4 group it is answered from", () => {
    expect(inChoice("all", null)).toBe(true);
    expect(inChoice("2", 2)).toBe(true);
    expect(inChoice("2", 3)).toBe(false);
    expect(inChoice("2+", 5)).toBe(true);
    expect(inChoice("6+", 6)).toBe(true);
    expect(inChoice("6+", 5)).toBe(false);
    expect(inChoice("4+", 4)).toBe(true);
    expect(inChoice("4+", 5)).toBe(false);
    expect(inChoice("1", null)).toBe(false);
  });
});

describe("the market's group a listing falls in", () => {
  it("is its own count where the market has it, else the open-ended group below it; unknown bedrooms have none", () => {
    expect(groupOf(2, ["0", "1", "2+"])).toBe("2+");
    expect(groupOf(1, ["0", "1", "2+"])).toBe("1");
    expect(groupOf(8, ["0", "1", "2", "3", "4", "5", "6+"])).toBe("6+");
    expect(groupOf(3, ["0", "1", "2", "3", "4", "5", "6+"])).toBe("3");
    expect(groupOf(null, ["0", "1", "2+"])).toBeNull();
    expect(groupOf(7, ["0", "1"])).toBeNull();
  });
});
