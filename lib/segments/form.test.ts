import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import type { Segment } from "@/lib/svc/schemas/segments";
import {
  emptyForm,
  filterOfForm,
  formOf,
  placeSaveError,
  segmentFormSchema,
  toSegmentBody,
} from "@/lib/segments/form";

const messages = (values: unknown) => {
  const parsed = segmentFormSchema.safeParse(values);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

const segment: Segment = {
  id: "seg_1",
  name: "Family homes",
  description: null,
  filter_backend: { bedrooms_min: 3, tags_any: ["family"], vendor_score: { min: 4 } },
  default_status: "active",
  listing_count: 4,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
};

const badRequest = (fields: Array<{ field: string; message: string }>) =>
  new SvcError({ status: 400, code: "invalid_body", message: "Invalid.", details: { fields } });

describe("the segment form's rules in words", () => {
  it("refuses a name of 0 or more than 120 characters with a sentence, not a validator's text", () => {
    expect(messages({ ...emptyForm(), name: "   " })).toEqual({ name: "Give the segment a name." });
    expect(messages({ ...emptyForm(), name: "a".repeat(121) })).toEqual({
      name: "Keep the name to 120 characters.",
    });
    expect(messages({ ...emptyForm(), name: "a".repeat(120) })).toEqual({});
  });

  it("checks the builder's fields in builder view and the JSON text in JSON view, not both", () => {
    const upsideDown = {
      ...emptyForm(),
      name: "x",
      builder: { ...emptyForm().builder, bedroomsMin: "3", bedroomsMax: "1" },
    };
    expect(messages(upsideDown)).toEqual({
      "builder.bedroomsMax": "The bedroom range is upside down: the maximum (1) is below the minimum (3).",
    });
    expect(messages({ ...upsideDown, mode: "json" })).toEqual({});
    expect(messages({ ...emptyForm(), name: "x", mode: "json", json: "{oops" })).toEqual({
      json: expect.stringMatching(/^This is not valid JSON\./),
    });
    expect(
      messages({ ...emptyForm(), name: "x", mode: "json", json: '{"bedrooms_min": 4, "bedrooms_max": 2}' }),
    ).toEqual({
      json: "The bedroom range is upside down: bedrooms_max (2) is below bedrooms_min (4).",
    });
  });
});

describe("from the form to the request", () => {
  it("an edit opens in the builder with the keys it does not know kept aside", () => {
    const { values, kept } = formOf(segment);
    expect(values.builder.bedroomsMin).toBe("3");
    expect(values.builder.tagsAny).toBe("family");
    expect(kept).toEqual({ vendor_score: { min: 4 } });
    expect(JSON.parse(values.json)).toEqual(segment.filter_backend);
  });

  it("sends the builder's filter with the kept keys, a trimmed name and no empty description", () => {
    const { values, kept } = formOf(segment);
    const body = toSegmentBody(
      { ...values, name: "  Big family homes ", builder: { ...values.builder, bedroomsMin: "4" } },
      kept,
    );
    expect(body).toEqual({
      name: "Big family homes",
      description: null,
      default_status: "active",
      filter_backend: { bedrooms_min: 4, tags_any: ["family"], vendor_score: { min: 4 } },
    });
  });

  it("sends the JSON view's object as written", () => {
    const { values, kept } = formOf(segment);
    const json = '{"channels": ["vrbo"], "future_key": true}';
    expect(filterOfForm({ ...values, mode: "json", json }, kept)).toEqual({
      channels: ["vrbo"],
      future_key: true,
    });
    expect(filterOfForm({ ...values, mode: "json", json: "{" }, kept)).toBeNull();
  });
});

describe("a refusal from the service goes next to the field it names", () => {
  it("an unknown market typed in the JSON view goes to the JSON view, in words", () => {
    const placed = placeSaveError(
      badRequest([{ field: "filter_backend.market_ids", message: "unknown market mkt_nowhere" }]),
      "json",
      [],
    );
    expect(placed).toEqual([
      {
        place: "json",
        message: "The service knows no market mkt_nowhere. Pick markets from the list, or check the id.",
      },
    ]);
  });

  it("a known key goes to its builder field; a kept key to the note about kept keys", () => {
    const error = badRequest([
      { field: "filter_backend.bedrooms_min", message: "Too small: expected number to be >=0" },
      { field: "filter_backend.vendor_score", message: "not a filter the service knows" },
    ]);
    expect(placeSaveError(error, "builder", ["vendor_score"])).toEqual([
      {
        place: "builder.bedroomsMin",
        message: "The service refused “bedrooms_min”: it takes a whole number of bedrooms from 0 to 50.",
      },
      {
        place: "root.kept",
        message:
          "The service does not apply a condition named “vendor_score”. Remove it in the JSON view, or keep it for a service that knows it.",
      },
    ]);
  });

  it("the name goes to the name field; anything but a 400 is left to the form's own sentence", () => {
    expect(placeSaveError(badRequest([{ field: "name", message: "Too big" }]), "builder", [])).toEqual([
      { place: "name", message: "The service refused the name. Give 1 to 120 characters." },
    ]);
    expect(
      placeSaveError(new SvcError({ status: 403, code: "read_only_key", message: "No." }), "builder", []),
    ).toEqual([]);
  });
});
