import type { SandboxContext } from "../../context";
import { converter, requireKnownCurrency } from "../fx";
import type { SetRow } from "../sets/access";

/** The currency an analytics answer is in (query `currency`, default the set's) and a converter. */
export function targetCurrency(ctx: SandboxContext, set: SetRow, requested: string | undefined) {
  const currency = requested ?? set.currency;
  requireKnownCurrency(ctx, currency, "currency");
  return { currency, convert: converter(ctx) };
}
