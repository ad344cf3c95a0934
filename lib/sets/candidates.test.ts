import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import { MEMBER_METRIC_KEYS, MEMBER_METRIC_WINDOWS } from "@/lib/svc/schemas/kpi-lexicon";
import { CANDIDATE_RADIUS_KM_DEFAULT, CANDIDATE_RADIUS_KM_MAX } from "@/lib/svc/schemas/sets";
import {
  amenityLabel,
  candidateSearchSchema,
  candidateSearchSchemaIn,
  emptySearch,
  emptySearchIn,
  formatFact,
  formatMetric,
  ineligibleIds,
  ineligibleSentence,
  metricColumns,
  toCandidatesQuery,
  UNKNOWN,
  windowLabel,
} from "@/lib/sets/candidates";

describe("metric columns", () => {
  it("carry the chosen period's suffix, and every field exists on the member-listing object", () => {
    for (const window of MEMBER_METRIC_WINDOWS) {
      for (const column of metricColumns(window)) {
        expect(column.key.endsWith(`_${window}`)).toBe(true);
        expect(MEMBER_METRIC_KEYS).toContain(column.key);
      }
    }
  });

  it("leave the asking rate, a price of nights still for sale, out of a past period", () => {
    expect(metricColumns("30_0").map((c) => c.metric)).not.toContain("asking_rate");
    expect(metricColumns("0_30").map((c) => c.metric)).toContain("asking_rate");
    expect(metricColumns("30_0").find((c) => c.metric === "nights_percent_open")?.label).toBe(
      "Share of nights open",
    );
  });

  it("name the period in words, past or next", () => {
    expect(windowLabel("365_0")).toBe("Past 365 days");
    expect(windowLabel("0_90")).toBe("Next 90 days");
  });
});

describe("unknown values", () => {
  it("read as unknown, never 0, in every format", () => {
    for (const format of ["money", "percent", "count", "nights"] as const) {
      expect(formatMetric(null, format, "USD")).toBe(UNKNOWN);
    }
    expect(formatFact(null)).toBe(UNKNOWN);
  });

  it("a real zero stays a zero", () => {
    expect(formatMetric(0, "count", "USD")).toBe("0");
    expect(formatFact(0)).toBe("0");
  });

  it("money is shown in the listing's own currency", () => {
    expect(formatMetric(174.67, "money", "EUR")).toBe("€175");
    expect(formatMetric(51.6, "percent", "EUR")).toBe("51.6%");
  });
});

describe("amenity chips", () => {
  it("read the amenity name as words", () => {
    expect(amenityLabel("air_conditioning")).toBe("Air conditioning");
  });
});

describe("candidate search form", () => {
  const valid = (values: Partial<typeof emptySearch>) =>
    candidateSearchSchema.safeParse({ ...emptySearch, ...values }).success;

  it("near a listing needs one of my listings chosen", () => {
    expect(valid({ mode: "listing", listingId: "" })).toBe(false);
    expect(valid({ mode: "listing", listingId: "1000001" })).toBe(true);
  });

  it("near coordinates needs a latitude and a longitude within range", () => {
    expect(valid({ mode: "point", latitude: "30.27", longitude: "" })).toBe(false);
    expect(valid({ mode: "point", latitude: "95", longitude: "-97.7" })).toBe(false);
    expect(valid({ mode: "point", latitude: "30.27", longitude: "-97.74" })).toBe(true);
  });

  it("refuses a radius past the service's maximum or not above 0", () => {
    expect(valid({ listingId: "1", radiusKm: String(CANDIDATE_RADIUS_KM_MAX + 1) })).toBe(false);
    expect(valid({ listingId: "1", radiusKm: "0" })).toBe(false);
    expect(valid({ listingId: "1", radiusKm: String(CANDIDATE_RADIUS_KM_MAX) })).toBe(true);
  });

  it("asks near a listing by its svc id, with the radius always sent", () => {
    expect(toCandidatesQuery({ ...emptySearch, listingId: "1000001", radiusKm: "" })).toEqual({
      listing_id: "1000001",
      channel: "svc",
      radius_km: CANDIDATE_RADIUS_KM_DEFAULT,
    });
  });

  it("asks near a point with the bedroom count when one is chosen", () => {
    expect(
      toCandidatesQuery({
        ...emptySearch,
        mode: "point",
        latitude: "30.25",
        longitude: "-97.75",
        radiusKm: "3",
        bedrooms: "2",
      }),
    ).toEqual({ latitude: 30.25, longitude: -97.75, radius_km: 3, bedrooms: 2 });
  });
});

describe("an ineligible pick", () => {
  const refusal = (ids: string[]) =>
    new SvcError({ status: 422, code: "ineligible_listings", message: "no", details: { listing_ids: ids } });

  it("names the refused listings from the picked rows", () => {
    const sentence = ineligibleSentence(
      ["b", "a"],
      [
        { listing_id: "a", name: "Alpha Loft" },
        { listing_id: "b", name: "Beta House" },
      ],
    );
    expect(sentence).toMatch(/^“Beta House” and “Alpha Loft” are not eligible/);
    expect(sentence).toContain("Unselect them");
  });

  it("falls back to the id for a listing not among the rows", () => {
    expect(ineligibleSentence(["zz"], [])).toMatch(/^listing zz is not an eligible comparison candidate/);
  });

  it("takes the ids from a 422 ineligible_listings only", () => {
    expect(ineligibleIds(refusal(["x", "y"]))).toEqual(["x", "y"]);
    expect(ineligibleIds(new SvcError({ status: 400, code: "invalid_body", message: "no" }))).toEqual([]);
    expect(ineligibleIds(new Error("boom"))).toEqual([]);
  });
});

describe("the search radius is typed in the reader's unit and sent in kilometres", () => {
  it("starts at the service's default in miles, rounded down", () => {
    expect(emptySearchIn("mi").radiusKm).toBe("3.1");
  });

  it("converts miles to kilometres for the service", () => {
    expect(toCandidatesQuery({ ...emptySearch, listingId: "1000001", radiusKm: "10" }, "mi").radius_km).toBe(
      16.093,
    );
  });

  it("accepts the cap in miles and refuses beyond it, in miles", () => {
    const schema = candidateSearchSchemaIn("mi");
    const check = (radiusKm: string) => schema.safeParse({ ...emptySearch, listingId: "1", radiusKm });
    expect(check("31").success).toBe(true);
    const refused = check("40");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("The service searches at most 31 mi around a place.");
    expect(
      toCandidatesQuery({ ...emptySearch, listingId: "1", radiusKm: "31" }, "mi").radius_km,
    ).toBeLessThanOrEqual(50);
  });
});
