import { describe, expect, it } from "vitest";
import {
  builderIssues,
  fieldsOf,
  joinFilter,
  knownOf,
  parseBedrooms,
  parseTags,
  readJsonText,
  splitFilter,
  toJsonText,
  type FilterObject,
} from "@/lib/segments/filter";

/** The builder's round trip: read a filter into the fields, write the fields back. */
function roundTrip(filter: FilterObject): FilterObject {
  const { known, kept } = splitFilter(filter);
  return joinFilter({ known: knownOf(fieldsOf(known)), kept });
}

describe("the filter builder keeps what it does not know", () => {
  it("writes back every key the reference service evaluates unchanged", () => {
    const filter = {
      market_ids: ["mkt_mia", "mkt_aus"],
      channels: ["airbnb", "vrbo"],
      bedrooms_min: 2,
      bedrooms_max: 3,
      tags_any: ["pool", "beach"],
      tags_all: ["family"],
      is_active: true,
      is_hidden: false,
      pricing_tiers: ["Pro Flex"],
      name_contains: "Loft",
    };
    expect(roundTrip(filter)).toEqual(filter);
    expect(roundTrip({})).toEqual({});
  });

  it("round-trips keys it does not know, with nested values, untouched", () => {
    const filter = {
      bedrooms_min: 1,
      min_rating: 4.5,
      amenities: { any: ["pool"], none: ["stairs"] },
      owner: null,
    };
    const { known, kept } = splitFilter(filter);
    expect(known).toEqual({ bedrooms_min: 1 });
    expect(kept).toEqual({ min_rating: 4.5, amenities: { any: ["pool"], none: ["stairs"] }, owner: null });
    expect(roundTrip(filter)).toEqual(filter);
  });

  it("keeps a known key whose value the builder cannot show exactly as written", () => {
    const filter = {
      bedrooms_min: "three",
      channels: ["airbnb", "expedia"],
      market_ids: [],
      is_active: "yes",
    };
    const { known, kept } = splitFilter(filter);
    expect(known).toEqual({});
    expect(kept).toEqual(filter);
    expect(roundTrip(filter)).toEqual(filter);
  });

  it("a builder edit changes only its own key and keeps the others", () => {
    const { known, kept } = splitFilter({ tags_any: ["pool"], vendor_flag: "x", bedrooms_max: "many" });
    const fields = { ...fieldsOf(known), bedroomsMin: "2", channels: ["vrbo" as const] };
    expect(joinFilter({ known: knownOf(fields), kept })).toEqual({
      channels: ["vrbo"],
      bedrooms_min: 2,
      bedrooms_max: "many",
      tags_any: ["pool"],
      vendor_flag: "x",
    });
  });

  it("leaves a condition out when its field is empty (the service refuses empty lists)", () => {
    const fields = fieldsOf({ market_ids: ["mkt_mia"], tags_all: ["a"], is_hidden: true });
    const cleared = { ...fields, marketIds: [], tagsAll: " , ", hidden: "any" as const };
    expect(knownOf(cleared)).toEqual({});
  });
});

describe("the builder's fields", () => {
  it("reads tags typed with commas, each once, trimmed", () => {
    expect(parseTags(" pool, beach ,pool,, ")).toEqual(["pool", "beach"]);
  });

  it("reads a bedroom bound as a whole number 0..50, empty as none", () => {
    expect(parseBedrooms("")).toBeUndefined();
    expect(parseBedrooms(" 3 ")).toBe(3);
    expect(parseBedrooms("0")).toBe(0);
    expect(parseBedrooms("2.5")).toBeNull();
    expect(parseBedrooms("-1")).toBeNull();
    expect(parseBedrooms("51")).toBeNull();
    expect(parseBedrooms("two")).toBeNull();
  });

  it("says in words when the bedroom range is upside down or a bound is not a number", () => {
    const base = fieldsOf({});
    expect(builderIssues(base)).toEqual({});
    expect(builderIssues({ ...base, bedroomsMin: "4", bedroomsMax: "2" }).bedroomsMax).toBe(
      "The bedroom range is upside down: the maximum (2) is below the minimum (4).",
    );
    expect(builderIssues({ ...base, bedroomsMin: "x" }).bedroomsMin).toMatch(
      /^Give a whole number of bedrooms/,
    );
    expect(builderIssues({ ...base, nameContains: "a".repeat(121) }).nameContains).toBe(
      "Keep the name part to 120 characters.",
    );
  });
});

describe("the JSON view", () => {
  it("shows the filter as indented JSON and reads it back", () => {
    const filter = { tags_any: ["pool"], custom: { deep: [1, 2] } };
    const reading = readJsonText(toJsonText(filter));
    expect(reading).toEqual({ ok: true, filter });
  });

  it("says in its own words what is wrong with malformed JSON or a value that is not an object", () => {
    const malformed = readJsonText('{"tags_any": ["pool",}');
    expect(malformed.ok).toBe(false);
    if (!malformed.ok) {
      expect(malformed.message).toMatch(/^This is not valid JSON\./);
      // No engine text ("Unexpected token…", "position 12") reaches the page.
      expect(malformed.message).not.toMatch(/Unexpected|position|token/i);
    }
    for (const text of ["[]", "null", '"pool"', "3"]) {
      const reading = readJsonText(text);
      expect(reading.ok).toBe(false);
      if (!reading.ok) expect(reading.message).toMatch(/must be a JSON object/);
    }
    const empty = readJsonText("  ");
    expect(empty.ok).toBe(false);
  });
});
