import { z } from "zod";
import type { SandboxContext } from "../context";
import type { SimulateResult } from "./simulate/common";
import { flagCleared, flagGained } from "./simulate/flags";
import { pricingRun, ratesPosted } from "./simulate/pricing";
import { RESERVATION_ACTIONS, reservation } from "./simulate/reservations";
import { setSync } from "./simulate/set-sync";

export type { SimulateResult } from "./simulate/common";

const id = z.string().min(1);

/**
 * docs/interface-decisions.md §8: what `/_sandbox/simulate` can make happen. Ids are svc ids. Every
 * event goes through recordEvent; the answer says what fired (`emitted`, `events_recorded`).
 */
export const simulateBody = z.discriminatedUnion("event", [
  z.object({ event: z.literal("pricing_run"), market_id: id }),
  z.object({ event: z.literal("rates_posted"), listing_id: id, source: z.enum(["automatic", "app"]) }),
  z.object({
    event: z.literal("reservation"),
    listing_id: id,
    action: z.enum(RESERVATION_ACTIONS),
    /** Targets one reservation of the listing; by default its next upcoming one that stands. */
    reservation_id: id.optional(),
  }),
  z.object({ event: z.literal("flag"), listing_id: id, code: id }),
  z.object({ event: z.literal("flag_cleared"), listing_id: id, code: id }),
  z.object({ event: z.literal("set_sync"), set_id: id }),
]);
export type SimulateBody = z.infer<typeof simulateBody>;

export function simulate(ctx: SandboxContext, body: SimulateBody): SimulateResult {
  switch (body.event) {
    case "pricing_run":
      return pricingRun(ctx, body.market_id);
    case "rates_posted":
      return ratesPosted(ctx, body.listing_id, body.source);
    case "reservation":
      return reservation(ctx, body.listing_id, body.action, body.reservation_id);
    case "flag":
      return flagGained(ctx, body.listing_id, body.code);
    case "flag_cleared":
      return flagCleared(ctx, body.listing_id, body.code);
    case "set_sync":
      return setSync(ctx, body.set_id);
  }
}
