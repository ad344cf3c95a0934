import type { SandboxContext } from "../context";
import { ApiError } from "./api-error";

/** Units of each currency per 1 USD, as seeded (fx_rates). */
export function fxRates(ctx: SandboxContext): ReadonlyMap<string, number> {
  const rows = ctx.db.prepare(`SELECT currency, per_usd FROM fx_rates`).all() as Array<{
    currency: string;
    per_usd: number;
  }>;
  return new Map(rows.map((r) => [r.currency, r.per_usd]));
}

/**
 * A converter between the seeded currencies, rounding to cents. Read the rates once per
 * request and convert many values with it.
 */
export function converter(ctx: SandboxContext): (amount: number, from: string, to: string) => number {
  const rates = fxRates(ctx);
  return (amount, from, to) => {
    if (from === to) return amount;
    const fromRate = rates.get(from);
    const toRate = rates.get(to);
    if (fromRate === undefined || toRate === undefined) {
      throw new Error(`No exchange rate between ${from} and ${to}`);
    }
    return Math.round((amount / fromRate) * toRate * 100) / 100;
  };
}

/** Whether the service can convert into a currency. */
export function knownCurrency(ctx: SandboxContext, currency: string): boolean {
  return fxRates(ctx).has(currency);
}

/** A currency the service cannot convert into answers 400 naming the field. */
export function requireKnownCurrency(ctx: SandboxContext, currency: string, field = "currency"): void {
  if (knownCurrency(ctx, currency)) return;
  const known = [...fxRates(ctx).keys()].sort();
  throw new ApiError(400, "invalid_query", `The service cannot convert into ${currency}.`, {
    fields: [{ field, message: `expected one of ${known.join(", ")}` }],
  });
}
