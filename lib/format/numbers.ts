/**
 * Numbers in words, shared by every feature: money, counts, percentages, decimals and compact
 * figures, and the one word for a value we do not know. Every number format of the dashboard
 * comes from here, so that a page reads its figures like the next one and no page builds its
 * own formatter.
 *
 * Formats are made on first use and kept per option set: building an `Intl.NumberFormat`
 * costs far more than formatting with one (a grid prints hundreds of cells), and the first one
 * a page builds loads the engine's locale data, which should not happen while a module loads.
 */

/** Every figure is written in US English: "$1,234.50", "1.2K". */
export const NUMBER_LOCALE = "en-US";

/**
 * A value the service could have given but did not (null: not known). Never 0, which would be
 * a real figure, and never a blank, which reads as a page still loading. docs/interface.md:
 * "no value where null (unknown) is allowed … reads it as unknown, never 0".
 */
export const EMPTY = "unknown";

/**
 * `format(value)`, or `EMPTY` when there is no value: null, undefined, or a number that is
 * not finite (NaN is not a figure anyone can read).
 */
export function orEmpty<T>(value: T | null | undefined, format: (value: T) => string): string {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === "number" && !Number.isFinite(value)) return EMPTY;
  return format(value);
}

const formats = new Map<string, Intl.NumberFormat>();

/** The shared format for `options`, made once. */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, options);
    formats.set(key, format);
  }
  return format;
}

export interface DigitOptions {
  /** Fewest fraction digits: trailing zeros are kept up to it. */
  minDigits?: number;
  /** Most fraction digits; the rest is rounded. */
  maxDigits?: number;
}

/**
 * Only the digits asked for: an option left out keeps the format's own default (a currency's
 * minor unit, or up to 3 digits for a plain number), as `Intl` resolves it.
 */
function digits({ minDigits, maxDigits }: DigitOptions): Intl.NumberFormatOptions {
  const options: Intl.NumberFormatOptions = {};
  if (minDigits !== undefined) options.minimumFractionDigits = minDigits;
  if (maxDigits !== undefined) options.maximumFractionDigits = maxDigits;
  return options;
}

export interface MoneyOptions extends DigitOptions {
  /**
   * Cents only when the amount has them: "$72", "$150.39". Takes the place of `minDigits` and
   * `maxDigits`.
   */
  centsIfAny?: boolean;
  /** Short form for an axis or a small cell: "$1.2K". */
  compact?: boolean;
}

function currencyOptions(currency: string, options: MoneyOptions, whole: boolean): Intl.NumberFormatOptions {
  return {
    style: "currency",
    currency,
    ...(options.compact ? { notation: "compact" } : {}),
    ...digits(options.centsIfAny ? { minDigits: whole ? 0 : 2, maxDigits: whole ? 0 : 2 } : options),
  };
}

/**
 * An amount in `currency` (an ISO 4217 code): "$1,234.50" by default, with the currency's own
 * minor unit; `{ maxDigits: 0 }` for whole units ("$215").
 */
export function formatCurrency(value: number, currency: string, options: MoneyOptions = {}): string {
  return numberFormat(currencyOptions(currency, options, Number.isInteger(value))).format(value);
}

/**
 * `formatCurrency` for one currency, the format looked up once: for a grid that prints
 * hundreds of amounts.
 */
export function currencyFormatter(currency: string, options: MoneyOptions = {}): (value: number) => string {
  if (options.centsIfAny) return (value) => formatCurrency(value, currency, options);
  const format = numberFormat(currencyOptions(currency, options, false));
  return (value) => format.format(value);
}

/**
 * Money as the listing workspace's records show it: whole amounts without cents ("$72"),
 * others with them ("$150.39"); null is `EMPTY`.
 */
export function formatAmount(value: number | null, currency: string): string {
  return orEmpty(value, (v) => formatCurrency(v, currency, { centsIfAny: true }));
}

/** A signed amount for a part of a sum: "+$9.02", "−$3" (a true minus sign), "$0". */
export function formatSignedAmount(value: number, currency: string): string {
  if (value === 0) return formatAmount(0, currency);
  return `${value > 0 ? "+" : "−"}${formatAmount(Math.abs(value), currency)}`;
}

/** Plain-number formats by their digits: a queue of a thousand rows formats tens of thousands. */
const decimals = new Map<string, Intl.NumberFormat>();

/** A plain number with thousands separators: "1,234.5" (up to 3 decimals unless told). */
export function formatDecimal(value: number | bigint, { minDigits, maxDigits }: DigitOptions = {}): string {
  // A small whole number reads the same in every format without fixed decimals: "42", "-7".
  if (
    typeof value === "number" &&
    Number.isInteger(value) &&
    !Object.is(value, -0) &&
    Math.abs(value) < 1000 &&
    !minDigits
  )
    return String(value);
  const key = `${minDigits}:${maxDigits}`;
  let format = decimals.get(key);
  if (!format) decimals.set(key, (format = numberFormat(digits({ minDigits, maxDigits }))));
  return format.format(value);
}

/** A count: "12,345". */
export function formatCount(value: number): string {
  return formatDecimal(value);
}

/** A count with its noun: "1 night", "12,345 nights" (the plural is the noun and an "s" unless given). */
export function formatCounted(value: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(value)} ${Math.abs(value) === 1 ? noun : plural}`;
}

export interface PercentOptions extends DigitOptions {
  /** "61.5 %" rather than "61.5%", where a page writes its units apart. */
  spaced?: boolean;
}

/** A value already in percent (61.5, not 0.615): "61.5%". */
export function formatPercent(value: number, options: PercentOptions = {}): string {
  return `${formatDecimal(value, options)}${options.spaced ? " %" : "%"}`;
}

/** A short figure for an axis tick: "950", "1.2K", "3.4M" (one decimal at most unless told). */
export function formatCompact(value: number, options: DigitOptions = {}): string {
  return numberFormat({ notation: "compact", ...digits({ maxDigits: 1, ...options }) }).format(value);
}
