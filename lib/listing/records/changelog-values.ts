import { formatAmount } from "@/lib/format/money";
import { formatDayLong, parseDay } from "@/lib/format/dates";

/**
 * Values of the listing changelog in words: setting names, and any value (money in the
 * listing's currency, percents, nights, dates, objects field by field, null as "not set").
 */

const SETTING_LABELS: Record<string, string> = {
  pricing_enabled: "Automatic posting",
  base_price: "Base price",
  base_price_adjustment: "Base price adjustment",
  min_price: "Minimum price",
  max_price: "Maximum price",
  min_stay: "Minimum stay",
  checkin_checkout: "Check-in and check-out days",
  long_term_discounts: "Long-term discounts",
  fees: "Fees",
  guests_included: "Guests included",
  nickname: "Nickname",
  fee_adjustments: "Fee adjustments",
};

const MONEY_SETTINGS = new Set(["base_price", "min_price", "max_price"]);
const MONEY_FIELDS = new Set(["cleaning_fee", "extra_guest_fee", "min_price", "max_price"]);
const PERCENT_FIELDS = new Set([
  "base_price_adjustment",
  "weekly_percent",
  "monthly_percent",
  "total_fee_percentage",
]);

/** `snake_case` → `Snake case`, for keys the dashboard has no words for. */
export function humanize(key: string): string {
  const words = key.replace(/_/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

export function settingLabel(name: string): string {
  return SETTING_LABELS[name] ?? humanize(name);
}

const money = (value: number, currency: string) => formatAmount(value, currency);

/** A value as a sentence fragment: null is "not set", never a blank or "null". */
export function formatValue(value: unknown, currency: string, key = ""): string {
  if (value === null || value === undefined) return "not set";
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number") {
    if (MONEY_SETTINGS.has(key) || MONEY_FIELDS.has(key)) return money(value, currency);
    if (PERCENT_FIELDS.has(key)) return `${value} %`;
    if (key === "min_stay") return `${value} night${value === 1 ? "" : "s"}`;
    return String(value);
  }
  if (typeof value === "string") {
    return parseDay(value) !== null ? formatDayLong(value) : value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? "none" : value.map((v) => formatValue(v, currency)).join(", ");
  }
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => `${humanize(k).toLowerCase()} ${formatValue(v, currency, k)}`,
    );
    return parts.length === 0 ? "empty" : parts.join(", ");
  }
  return String(value);
}

export const str = (value: unknown) => (typeof value === "string" ? value : null);
export const num = (value: unknown) => (typeof value === "number" ? value : null);
export const record = (value: unknown) =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** `1 Dec 2026 – 6 Dec 2026: −8 %` or `… : $120 a night`. */
export function describePeriod(period: Record<string, unknown>, currency: string): string {
  const start = str(period.start_date);
  const end = str(period.end_date);
  const dates = start && end ? `${formatDayLong(start)} – ${formatDayLong(end)}` : "Dates unknown";
  const value = num(period.price_value);
  if (value === null) return dates;
  const rate =
    period.price_type === "percent"
      ? `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value)} % on the recommendation`
      : `${money(value, currency)} a night`;
  return `${dates}: ${rate}`;
}
