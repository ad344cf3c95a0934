import { describe, expect, it } from "vitest";
import {
  customRateFormError,
  customRateFormSchema,
  emptyCustomRateForm,
  localDateTimeToIso,
  outcomeSentence,
  periodOutcomes,
  putBodyFor,
  type CustomRateFormValues,
} from "@/lib/listing/custom-rates/form";
import { periodDates } from "@/lib/listing/custom-rates/words";
import { READ_ONLY_CUSTOM_RATES_REASON } from "@/lib/listing/custom-rates/permission";
import { SvcError } from "@/lib/svc/errors";
import { customRateInput, putCustomRatesBody, type CustomRate } from "@/lib/svc/schemas/custom-rates";

const filled: CustomRateFormValues = {
  ...emptyCustomRateForm,
  start_date: "2026-12-01",
  end_date: "2026-12-05",
  price_type: "fixed",
  price_value: "180",
};

function fieldErrors(values: CustomRateFormValues): Record<string, string> {
  const result = customRateFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the custom rate form", () => {
  it("turns the inputs into the contract's period, leaving out empty optional fields", () => {
    const parsed = customRateFormSchema.parse(filled);
    expect(parsed).toEqual({
      start_date: "2026-12-01",
      end_date: "2026-12-05",
      price_type: "fixed",
      price_value: 180,
    });
    expect(customRateInput.safeParse(parsed).success).toBe(true);
  });

  it("reads minimum stay, expiry and reason when given", () => {
    const parsed = customRateFormSchema.parse({
      ...filled,
      price_type: "percent",
      price_value: "-15",
      min_stay: "3",
      expires_at: "2026-11-30T18:00",
      reason: "  Gap fill ",
    });
    expect(parsed).toMatchObject({ price_value: -15, min_stay: 3, reason: "Gap fill" });
    expect(parsed.expires_at).toBe(new Date("2026-11-30T18:00").toISOString().replace(/\.\d{3}Z$/, "Z"));
  });

  it("reads the expiry in the reader's own time zone and sends it in UTC", () => {
    const iso = localDateTimeToIso("2026-11-30T18:00")!;
    expect(iso.endsWith("Z")).toBe(true);
    expect(Date.parse(iso)).toBe(new Date(2026, 10, 30, 18, 0).getTime());
    expect(localDateTimeToIso("tomorrow")).toBeNull();
  });

  it("refuses what the service would refuse, on the same field", () => {
    expect(fieldErrors({ ...filled, price_value: "0" })).toHaveProperty("price_value");
    expect(fieldErrors({ ...filled, price_type: "percent", price_value: "-100" })).toHaveProperty(
      "price_value",
    );
    expect(fieldErrors({ ...filled, end_date: "2026-11-30" })).toHaveProperty("end_date");
    expect(fieldErrors({ ...filled, min_stay: "0" })).toHaveProperty("min_stay");
    expect(fieldErrors({ ...filled, min_stay: "366" })).toHaveProperty("min_stay");
  });

  it("asks in words for what is missing or not a number", () => {
    const errors = fieldErrors({ ...emptyCustomRateForm });
    expect(Object.keys(errors).sort()).toEqual(["end_date", "price_value", "start_date"]);
    expect(fieldErrors({ ...filled, price_value: "abc" }).price_value).toMatch(/Enter a number/);
    expect(fieldErrors({ ...filled, min_stay: "2.5" }).min_stay).toMatch(/whole number/);
    expect(fieldErrors({ ...filled, expires_at: "soon" }).expires_at).toMatch(/date and time/);
  });

  it("sends the expiry as the request's expires_at, which the PUT body schema accepts", () => {
    const period = customRateFormSchema.parse({ ...filled, expires_at: "2026-11-30T18:00" });
    const body = putBodyFor(period);
    expect(body.expires_at).toBe(period.expires_at);
    expect(body.custom_rates[0]).not.toHaveProperty("expires_at");
    expect(putCustomRatesBody.safeParse(body).success).toBe(true);
    expect(putBodyFor(customRateFormSchema.parse(filled))).not.toHaveProperty("expires_at");
  });
});

describe("a refused write", () => {
  it("puts a 400 naming a period field next to that field, with the service's sentence", () => {
    const error = new SvcError({
      status: 400,
      code: "invalid_body",
      message: "Invalid custom_rates.0.end_date: the period ends before today (2026-11-21).",
      details: {
        fields: [{ field: "custom_rates.0.end_date", message: "the period ends before today (2026-11-21)" }],
      },
    });
    expect(customRateFormError(error)).toEqual({
      field: "end_date",
      message: "the period ends before today (2026-11-21)",
    });
  });

  it("puts the request's expires_at refusal next to the expiry", () => {
    const error = new SvcError({
      status: 400,
      code: "invalid_body",
      message: "x",
      details: {
        fields: [{ field: "expires_at", message: "expires_at is not after the service's current time" }],
      },
    });
    expect(customRateFormError(error)?.field).toBe("expires_at");
  });

  it("says a read-only key's 403 in the page's words, and anything else at the form's root", () => {
    const readOnly = new SvcError({ status: 403, code: "read_only_key", message: "Read-only key." });
    expect(customRateFormError(readOnly)).toEqual({ field: "root", message: READ_ONLY_CUSTOM_RATES_REASON });
    const forbidden = new SvcError({ status: 403, code: "forbidden", message: "Viewers cannot change it." });
    expect(customRateFormError(forbidden)).toEqual({ field: "root", message: "Viewers cannot change it." });
    expect(customRateFormError(new Error("boom"))).toBeNull();
  });
});

const period = (start_date: string, end_date: string, extra: Partial<CustomRate> = {}): CustomRate => ({
  start_date,
  end_date,
  price_type: "percent",
  price_value: -11,
  currency: "USD",
  min_price: 132,
  max_price: null,
  min_stay: null,
  reason: "Fill the gap",
  expires_at: null,
  ...extra,
});

describe("what a write did to the periods in force", () => {
  const before = [
    period("2026-11-28", "2026-12-02"),
    period("2026-12-23", "2026-12-26", { price_type: "fixed", price_value: 278 }),
  ];

  it("reads a split from the service's answer: the parts outside the written dates, same rate", () => {
    const written = period("2026-11-30", "2026-11-30", {
      price_type: "fixed",
      price_value: 150,
      reason: null,
      min_price: null,
    });
    const after = [
      period("2026-11-28", "2026-11-29"),
      written,
      period("2026-12-01", "2026-12-02"),
      before[1]!,
    ];
    const outcomes = periodOutcomes(before, { start_date: "2026-11-30", end_date: "2026-11-30" }, after);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.period).toBe(before[0]);
    expect(outcomes[0]!.parts).toEqual([after[0], after[2]]);
  });

  it("says a wholly covered period was replaced by a write or removed by a delete", () => {
    const range = { start_date: "2026-12-20", end_date: "2026-12-31" };
    const [outcome] = periodOutcomes(before, range, [before[0]!]);
    expect(outcome!.parts).toEqual([]);
    expect(outcomeSentence(outcome!, "put", "USD")).toMatch(/was replaced by the new rate\.$/);
    expect(outcomeSentence(outcome!, "delete", "USD")).toMatch(/was removed\.$/);
  });

  it("leaves out periods the written dates did not touch", () => {
    expect(periodOutcomes(before, { start_date: "2027-01-10", end_date: "2027-01-12" }, before)).toEqual([]);
  });

  it("tells a split in one sentence naming the period, its rate and its parts", () => {
    const outcome = {
      period: before[0]!,
      parts: [period("2026-11-28", "2026-11-29"), period("2026-12-01", "2026-12-02")],
    };
    expect(outcomeSentence(outcome, "put", "USD")).toBe(
      `The period ${periodDates(before[0]!)} (11% below the recommendation) was split into ${periodDates(outcome.parts[0]!)} and ${periodDates(outcome.parts[1]!)}.`,
    );
    const one = { period: before[0]!, parts: [outcome.parts[0]!] };
    expect(outcomeSentence(one, "delete", "USD")).toMatch(/was split: .* remains\.$/);
  });
});
