import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldWords, formParseOptions, humanizeFieldName } from "@/lib/forms/error-map";

/** The first message the forms' map gives for `value` under `schema`. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value, formParseOptions);
  return result.success ? undefined : result.error.issues[0]!.message;
}

describe("field names in words", () => {
  it("humanises snake_case and camelCase names", () => {
    expect(humanizeFieldName("minimum_nights")).toBe("Minimum nights");
    expect(humanizeFieldName("nameContains")).toBe("Name contains");
    expect(humanizeFieldName("name")).toBe("Name");
  });

  it("takes a field's words from the override table where humanising reads poorly", () => {
    expect(fieldWords(["min_price"])?.label).toBe("Minimum price");
    expect(fieldWords(["apiKey"])?.label).toBe("API key");
    expect(fieldWords(["end_date"])?.label).toBe("End date");
  });

  it("names a list entry by its list, and a nested field by its own name", () => {
    expect(fieldWords(["tags", 3])?.label).toBe("Tags");
    expect(fieldWords(["fees", "cleaning_fee"])?.label).toBe("Cleaning fee");
    expect(fieldWords([])).toBeNull();
  });
});

describe("each zod issue in a sentence", () => {
  const form = (shape: z.ZodRawShape) => z.object(shape);

  it("too long a text: the field can be at most N characters", () => {
    expect(messageOf(form({ name: z.string().max(80) }), { name: "x".repeat(81) })).toBe(
      "Name can be at most 80 characters.",
    );
  });

  it("an empty text: the field cannot be empty; a longer minimum in characters", () => {
    expect(messageOf(form({ name: z.string().min(1) }), { name: "" })).toBe("Name cannot be empty.");
    expect(messageOf(form({ label: z.string().min(3) }), { label: "ab" })).toBe(
      "Label needs at least 3 characters.",
    );
  });

  it("too large a number: the limit with thousands separators", () => {
    expect(messageOf(form({ min_price: z.number().max(1_000_000) }), { min_price: 99_999_999_999 })).toBe(
      "Minimum price must be at most 1,000,000.",
    );
    expect(messageOf(form({ weekly_percent: z.number().lt(100) }), { weekly_percent: 100 })).toBe(
      "Weekly discount must be below 100 %.",
    );
  });

  it("too small a number: at least, or above for an exclusive limit", () => {
    expect(messageOf(form({ min_stay: z.number().min(1) }), { min_stay: 0 })).toBe(
      "Minimum stay must be at least 1.",
    );
    expect(messageOf(form({ base_price: z.number().positive() }), { base_price: -5 })).toBe(
      "Base price must be above 0.",
    );
  });

  it("not a number: an amount for money, a whole number for counts and integers", () => {
    expect(messageOf(form({ min_price: z.number() }), { min_price: Number.NaN })).toBe("Enter an amount.");
    expect(messageOf(form({ guests_included: z.number() }), { guests_included: Number.NaN })).toBe(
      "Enter a whole number.",
    );
    expect(messageOf(form({ nights: z.number().int() }), { nights: 2.5 })).toBe("Enter a whole number.");
    expect(messageOf(form({ latitude: z.number() }), { latitude: Number.NaN })).toBe("Enter a number.");
  });

  it("a missing value names the field", () => {
    expect(messageOf(form({ email: z.string() }), {})).toBe("Email address is missing.");
  });

  it("a list with too few or too many entries", () => {
    expect(messageOf(form({ checkin_days: z.array(z.string()).min(1) }), { checkin_days: [] })).toBe(
      "Choose at least one check-in day.",
    );
    expect(messageOf(form({ tags: z.array(z.string()).max(2) }), { tags: ["a", "b", "c"] })).toBe(
      "Tags can hold at most 2.",
    );
  });

  it("formats: an email address and a web address by example", () => {
    expect(messageOf(form({ email: z.email() }), { email: "nope" })).toBe(
      "Enter an email address, such as name@example.com.",
    );
    expect(messageOf(form({ url: z.url() }), { url: "nope" })).toBe(
      "Enter a web address, such as https://example.com/hooks.",
    );
  });

  it("a value outside a list of choices asks to choose one", () => {
    expect(messageOf(form({ level: z.enum(["R", "E"]) }), { level: "X" })).toBe(
      "Choose one of the offered values for level.",
    );
  });

  it("a message the schema words itself wins over the map", () => {
    expect(messageOf(form({ name: z.string().min(1, "Give the set a name.") }), { name: "" })).toBe(
      "Give the set a name.",
    );
  });

  it("an issue without a field still reads as a sentence", () => {
    expect(messageOf(z.number().max(10), 11)).toBe("Enter 10 or less.");
    expect(messageOf(z.string().max(5), "too long")).toBe("Use at most 5 characters.");
  });
});
