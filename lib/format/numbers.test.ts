import { describe, expect, it } from "vitest";
import {
  EMPTY,
  formatAmount,
  formatCompact,
  formatCount,
  formatCounted,
  formatDecimal,
  formatCurrency,
  formatPercent,
  formatSignedAmount,
  currencyFormatter,
  numberFormat,
  orEmpty,
} from "@/lib/format/numbers";

describe("a value we do not know", () => {
  it("reads unknown, never 0 or a blank", () => {
    expect(EMPTY).toBe("unknown");
    expect(orEmpty(null, formatCount)).toBe("unknown");
    expect(orEmpty(undefined, formatCount)).toBe("unknown");
  });

  it("a number that is not finite is not a figure either", () => {
    expect(orEmpty(Number.NaN, formatCount)).toBe("unknown");
    expect(orEmpty(Number.POSITIVE_INFINITY, formatCount)).toBe("unknown");
  });

  it("a known value is formatted, 0 included", () => {
    expect(orEmpty(0, formatCount)).toBe("0");
    expect(orEmpty(1234, formatCount)).toBe("1,234");
    expect(orEmpty("x", (s) => s.toUpperCase())).toBe("X");
  });
});

describe("money", () => {
  it("keeps the currency's own minor unit by default", () => {
    expect(formatCurrency(1234.5, "USD")).toBe("$1,234.50");
    expect(formatCurrency(1234.5, "EUR")).toBe("€1,234.50");
    expect(formatCurrency(1234, "JPY")).toBe("¥1,234");
  });

  it("whole units when told, rounded", () => {
    expect(formatCurrency(215.4, "USD", { maxDigits: 0 })).toBe("$215");
    expect(formatCurrency(215.5, "USD", { maxDigits: 0 })).toBe("$216");
    expect(formatCurrency(12_000, "GBP", { maxDigits: 0 })).toBe("£12,000");
  });

  it("fixed digits keep their trailing zeros", () => {
    expect(formatCurrency(98, "USD", { minDigits: 2, maxDigits: 2 })).toBe("$98.00");
  });

  it("cents only when the amount has them", () => {
    expect(formatCurrency(72, "USD", { centsIfAny: true })).toBe("$72");
    expect(formatCurrency(150.39, "USD", { centsIfAny: true })).toBe("$150.39");
    expect(formatCurrency(278.5, "USD", { centsIfAny: true })).toBe("$278.50");
  });

  it("compact for axes and small cells", () => {
    expect(formatCurrency(245, "USD", { compact: true, minDigits: 0, maxDigits: 1 })).toBe("$245");
    expect(formatCurrency(1234, "EUR", { compact: true, minDigits: 0, maxDigits: 1 })).toBe("€1.2K");
  });

  it("negative amounts keep their sign", () => {
    expect(formatCurrency(-3, "USD", { maxDigits: 0 })).toBe("-$3");
  });

  it("a money formatter for a grid formats like formatCurrency", () => {
    const money = currencyFormatter("USD", { maxDigits: 0 });
    expect(money(215.4)).toBe("$215");
    expect(money(1999.6)).toBe("$2,000");
  });
});

describe("amounts of the listing records", () => {
  it("whole amounts without cents, others with them, null unknown", () => {
    expect(formatAmount(72, "USD")).toBe("$72");
    expect(formatAmount(150.39, "USD")).toBe("$150.39");
    expect(formatAmount(null, "USD")).toBe("unknown");
  });

  it("signed parts of a sum use a true minus sign", () => {
    expect(formatSignedAmount(9.02, "USD")).toBe("+$9.02");
    expect(formatSignedAmount(-3, "USD")).toBe("−$3");
    expect(formatSignedAmount(0, "USD")).toBe("$0");
  });
});

describe("counts, decimals, percentages and compact figures", () => {
  it("counts group thousands", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1_234_567)).toBe("1,234,567");
  });

  it("decimals keep up to 3 digits unless told", () => {
    expect(formatDecimal(1234.56789)).toBe("1,234.568");
    expect(formatDecimal(2.345, { maxDigits: 1 })).toBe("2.3");
    expect(formatDecimal(2.5, { maxDigits: 0 })).toBe("3");
    // Whole numbers, small and large, signed, with and without fixed decimals, as Intl writes them.
    for (const value of [0, -0, 7, -7, 42, 999, -999, 1000, -1000, 123456])
      for (const options of [{}, { maxDigits: 0 }, { maxDigits: 1 }, { minDigits: 1, maxDigits: 1 }])
        expect(formatDecimal(value, options)).toBe(
          new Intl.NumberFormat("en-US", {
            ...(options.minDigits === undefined ? {} : { minimumFractionDigits: options.minDigits }),
            ...(options.maxDigits === undefined ? {} : { maximumFractionDigits: options.maxDigits }),
          }).format(value),
        );
    expect(formatDecimal(0.12345, { maxDigits: 4 })).toBe("0.1235");
    expect(formatDecimal(10n)).toBe("10");
  });

  it("percentages are given in percent, with or without a space", () => {
    expect(formatPercent(61.55, { maxDigits: 1 })).toBe("61.6%");
    expect(formatPercent(40, { maxDigits: 1 })).toBe("40%");
    expect(formatPercent(12.345, { maxDigits: 2, spaced: true })).toBe("12.35 %");
  });

  it("compact figures for axis ticks", () => {
    expect(formatCompact(950)).toBe("950");
    expect(formatCompact(1234)).toBe("1.2K");
    expect(formatCompact(3_400_000)).toBe("3.4M");
    expect(formatCompact(1234, { maxDigits: 0 })).toBe("1K");
  });
});

describe("the formats are made once", () => {
  it("the same options give the same format, other options another", () => {
    expect(numberFormat({ maximumFractionDigits: 1 })).toBe(numberFormat({ maximumFractionDigits: 1 }));
    expect(numberFormat({ maximumFractionDigits: 1 })).not.toBe(numberFormat({ maximumFractionDigits: 2 }));
  });

  it("one currency's format is not another's", () => {
    expect(formatCurrency(5, "USD", { maxDigits: 0 })).toBe("$5");
    expect(formatCurrency(5, "EUR", { maxDigits: 0 })).toBe("€5");
  });
});

describe("a count with its noun", () => {
  it("one is singular, any other count plural, with the count's separators", () => {
    expect(formatCounted(1, "night")).toBe("1 night");
    expect(formatCounted(0, "night")).toBe("0 nights");
    expect(formatCounted(12345, "reservation")).toBe("12,345 reservations");
    expect(formatCounted(-1, "night")).toBe("-1 night");
    expect(formatCounted(2, "person", "people")).toBe("2 people");
  });
});
