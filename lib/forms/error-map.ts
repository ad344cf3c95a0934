import type { z } from "zod";
import { formatDecimal } from "@/lib/format/numbers";

/**
 * The one error map of the dashboard's forms: zod's own messages ("Too big: expected string to
 * have <=80 characters") become sentences that name the field in words and the limit in words
 * ("Name can be at most 80 characters."). Messages a schema words itself win over this map
 * (zod's precedence), so the best forms keep their own sentences; this map only words what
 * nothing else did. Passed per parse (`formParseOptions`, `zodFormResolver`), never through a
 * global `z.config`, so the contract, the BFF's and the reference service's answers keep
 * their own wording. Framework-free: unit tests and the BFF use it without React.
 */

/** How a field reads, and what its number is when it is one (for "Enter an amount."). */
interface FieldWords {
  label: string;
  kind?: "money" | "count" | "percent";
  /** One item of a list field, for "Choose at least one check-in day." */
  item?: string;
}

/**
 * Fields whose name does not read well humanised ("min_price" → "Min price"), or whose number
 * is money or a count. Keyed by the last named step of the issue's path.
 */
export const FIELD_WORDS: Readonly<Record<string, FieldWords>> = {
  apiKey: { label: "API key" },
  base_price: { label: "Base price", kind: "money" },
  base_price_adjustment: { label: "Base price adjustment", kind: "percent" },
  min_price: { label: "Minimum price", kind: "money" },
  max_price: { label: "Maximum price", kind: "money" },
  min_stay: { label: "Minimum stay", kind: "count" },
  price_value: { label: "Price" },
  cleaning_fee: { label: "Cleaning fee", kind: "money" },
  extra_guest_fee: { label: "Extra guest fee", kind: "money" },
  guests_included: { label: "Guests included", kind: "count" },
  weekly_percent: { label: "Weekly discount", kind: "percent" },
  monthly_percent: { label: "Monthly discount", kind: "percent" },
  total_fee_percentage: { label: "Total fee percentage", kind: "percent" },
  checkin_days: { label: "Check-in days", item: "check-in day" },
  checkout_days: { label: "Check-out days", item: "check-out day" },
  radius_km: { label: "Radius" },
  radiusKm: { label: "Radius" },
  bedrooms_min: { label: "Fewest bedrooms", kind: "count" },
  bedrooms_max: { label: "Most bedrooms", kind: "count" },
  bedroomsMin: { label: "Fewest bedrooms", kind: "count" },
  bedroomsMax: { label: "Most bedrooms", kind: "count" },
  segment_ids: { label: "Segments", item: "segment" },
  event_types: { label: "Events", item: "event" },
  url: { label: "Web address" },
  email: { label: "Email address" },
  body: { label: "Note" },
  expires_at: { label: "Expiry" },
  start_date: { label: "Start date" },
  end_date: { label: "End date" },
  start_month: { label: "Start month" },
  end_month: { label: "End month" },
};

/** "minimum_nights" → "Minimum nights", "nameContains" → "Name contains". */
export function humanizeFieldName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The field an issue is about: the last named step of its path (an index names no field). */
function fieldOf(path: readonly PropertyKey[] | undefined): string | null {
  for (let i = (path?.length ?? 0) - 1; i >= 0; i--) {
    const step = path![i];
    if (typeof step === "string") return step;
  }
  return null;
}

export function fieldWords(path: readonly PropertyKey[] | undefined): FieldWords | null {
  const field = fieldOf(path);
  if (field === null) return null;
  return FIELD_WORDS[field] ?? { label: humanizeFieldName(field) };
}

function limit(value: number | bigint, kind: FieldWords["kind"]): string {
  const text = formatDecimal(value, { maxDigits: 4 });
  return kind === "percent" ? `${text} %` : text;
}

/** `subject` starts the sentence, or a field-less sentence is used. */
function sentence(field: FieldWords | null, withField: (label: string) => string, without: string): string {
  return field ? withField(field.label) : without;
}

const FORMATS: Readonly<Record<string, string>> = {
  email: "Enter an email address, such as name@example.com.",
  url: "Enter a web address, such as https://example.com/hooks.",
  date: "Enter a date.",
  datetime: "Enter a date and time.",
  uuid: "This is not a valid identifier.",
};

/** Empty, as a form gives an untouched field. */
const isBlank = (input: unknown) => input === undefined || input === null || input === "";

export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  const field = fieldWords(issue.path);
  const kind = field?.kind;
  switch (issue.code) {
    case "invalid_type": {
      if (isBlank(issue.input) && issue.expected !== "number" && issue.expected !== "int")
        return sentence(field, (l) => `${l} is missing.`, "Fill in this field.");
      if (issue.expected === "int" || kind === "count") return "Enter a whole number.";
      if (issue.expected === "number") return kind === "money" ? "Enter an amount." : "Enter a number.";
      return sentence(field, (l) => `${l} is not valid.`, "This value is not valid.");
    }
    case "too_big": {
      const max = limit(issue.maximum, kind);
      if (issue.origin === "string")
        return sentence(
          field,
          (l) => `${l} can be at most ${max} characters.`,
          `Use at most ${max} characters.`,
        );
      if (issue.origin === "array" || issue.origin === "set")
        return sentence(field, (l) => `${l} can hold at most ${max}.`, `Choose at most ${max}.`);
      return issue.inclusive
        ? sentence(field, (l) => `${l} must be at most ${max}.`, `Enter ${max} or less.`)
        : sentence(field, (l) => `${l} must be below ${max}.`, `Enter less than ${max}.`);
    }
    case "too_small": {
      const min = limit(issue.minimum, kind);
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1
          ? sentence(field, (l) => `${l} cannot be empty.`, "Fill in this field.")
          : sentence(
              field,
              (l) => `${l} needs at least ${min} characters.`,
              `Use at least ${min} characters.`,
            );
      if (issue.origin === "array" || issue.origin === "set") {
        if (Number(issue.minimum) <= 1)
          return field?.item
            ? `Choose at least one ${field.item}.`
            : sentence(field, (l) => `${l}: choose at least one.`, "Choose at least one.");
        return sentence(field, (l) => `${l}: choose at least ${min}.`, `Choose at least ${min}.`);
      }
      return issue.inclusive
        ? sentence(field, (l) => `${l} must be at least ${min}.`, `Enter ${min} or more.`)
        : sentence(field, (l) => `${l} must be above ${min}.`, `Enter more than ${min}.`);
    }
    case "not_multiple_of":
      return sentence(
        field,
        (l) => `${l} must be a multiple of ${formatDecimal(issue.divisor, { maxDigits: 4 })}.`,
        `Enter a multiple of ${formatDecimal(issue.divisor, { maxDigits: 4 })}.`,
      );
    case "invalid_format":
      if (issue.format === "starts_with" && "prefix" in issue)
        return sentence(field, (l) => `${l} must start with ${issue.prefix}.`, `Start with ${issue.prefix}.`);
      return (
        FORMATS[issue.format] ??
        sentence(field, (l) => `${l} is not in the expected form.`, "This value is not in the expected form.")
      );
    case "invalid_value":
      return sentence(
        field,
        (l) => `Choose one of the offered values for ${l.toLowerCase()}.`,
        "Choose one of the offered values.",
      );
    case "unrecognized_keys":
      return `The form does not know ${issue.keys.map((k) => humanizeFieldName(k).toLowerCase()).join(", ")}.`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
      return sentence(field, (l) => `${l} is not valid.`, "This value is not valid.");
    default:
      return undefined;
  }
};

/** Parse options of every form: `schema.safeParse(values, formParseOptions)`. */
export const formParseOptions = { error: formErrorMap } as const;
