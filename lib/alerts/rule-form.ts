import { z } from "zod";
import {
  PARAMS,
  ruleDelivery,
  ruleScope,
  type RuleBody,
  type RuleKind,
  type RuleScope,
} from "@/lib/alerts/rules";
import type { RuleView } from "@/lib/alerts/queries";
import type { PaceScope } from "@/lib/pace/scope";

/**
 * The rule dialog's model: the server's own pieces (`PARAMS`, `ruleScope`, `ruleDelivery` of
 * lib/alerts/rules.ts) under one discriminated union, so the form refuses what the server
 * would, in the server's sentences, before sending.
 */
const variant = <K extends RuleKind>(kind: K) =>
  z.object({ kind: z.literal(kind), params: PARAMS[kind], scope: ruleScope, delivery: ruleDelivery });

export const ruleFormSchema = z.discriminatedUnion("kind", [
  variant("behind_stly"),
  variant("no_booking"),
  variant("below_market"),
  variant("at_minimum"),
  variant("pickup_below_ly"),
  variant("flag_gained"),
  variant("comps_moved"),
]);
export type RuleFormValues = z.input<typeof ruleFormSchema>;

/** Each kind's name in the kind select. */
export const KIND_LABELS: Record<RuleKind, string> = {
  behind_stly: "A stay month behind last year",
  no_booking: "No new booking",
  below_market: "Occupancy below the market's",
  at_minimum: "Nights at the minimum price",
  pickup_below_ly: "Pickup below last year's",
  flag_gained: "A listing gained a flag",
  comps_moved: "The comps' prices moved",
};

/** A new rule's params when its kind is chosen: the examples the rules' own words give. */
export function defaultParams(kind: RuleKind): RuleBody["params"] {
  switch (kind) {
    case "behind_stly":
      return { metric: "nights", percent: 15 };
    case "no_booking":
      return { days: 14 };
    case "below_market":
      return { window: 14, percent: 80 };
    case "at_minimum":
      return { nights: 5 };
    case "pickup_below_ly":
      return { percent: 20 };
    case "flag_gained":
      return {};
    case "comps_moved":
      return { set_id: "", percent: 10 };
  }
}

export const NEW_RULE: RuleFormValues = {
  kind: "behind_stly",
  params: { metric: "nights", percent: 15 },
  scope: {},
  delivery: { email: "digest", webhook: "off" },
};

/** A listed rule as the form's starting values (what the list holds, read tolerantly). */
export function formValuesOf(rule: RuleView): RuleFormValues {
  return {
    kind: rule.kind,
    params: rule.params,
    scope: rule.scope,
    delivery: rule.delivery,
  } as RuleFormValues;
}

/** A rule's scope as Pace's filters take it, and back (only what narrows is kept). */
export function toPaceScope(scope: RuleScope): PaceScope {
  return {
    managed: scope.managed ?? true,
    activeOnly: scope.active_only ?? false,
    hidden: scope.hidden ?? false,
    owner: scope.owner ?? null,
    market: scope.market_id ?? null,
    bedrooms: scope.bedrooms ?? null,
    channel: scope.channel ?? null,
    segment: scope.segment_id ?? null,
    set: scope.set_id ?? null,
  };
}

export function fromPaceScope(scope: PaceScope): RuleScope {
  const out: RuleScope = {};
  if (!scope.managed) out.managed = false;
  if (scope.activeOnly) out.active_only = true;
  if (scope.hidden) out.hidden = true;
  if (scope.owner) out.owner = scope.owner;
  if (scope.market) out.market_id = scope.market;
  if (scope.bedrooms) out.bedrooms = scope.bedrooms;
  if (scope.channel) out.channel = scope.channel;
  if (scope.segment) out.segment_id = scope.segment;
  if (scope.set) out.set_id = scope.set;
  return out;
}

type Named = ReadonlyArray<{ id: string; name: string }>;
export interface ScopeNames {
  owners: Named;
  markets: Named;
  segments: Named;
  sets: Named;
}

/** The scope in words, naming what the page can name: "The whole portfolio" when empty. */
export function scopeWords(scope: Record<string, unknown>, names?: ScopeNames): string {
  const name = (list: Named | undefined, id: unknown) =>
    typeof id === "string" ? (list?.find((x) => x.id === id)?.name ?? id) : null;
  const parts: string[] = [];
  if (typeof scope.market_id === "string") parts.push(`market ${name(names?.markets, scope.market_id)}`);
  if (typeof scope.bedrooms === "string")
    parts.push(scope.bedrooms === "0" ? "studios" : `${scope.bedrooms} bedrooms`);
  if (typeof scope.channel === "string") parts.push(`channel ${scope.channel}`);
  if (typeof scope.segment_id === "string") parts.push(`segment ${name(names?.segments, scope.segment_id)}`);
  if (typeof scope.set_id === "string") parts.push(`associated with ${name(names?.sets, scope.set_id)}`);
  if (typeof scope.owner === "string") parts.push(`owned by ${name(names?.owners, scope.owner)}`);
  if (scope.managed === false) parts.push("own listings only");
  if (scope.active_only === true) parts.push("active only");
  if (scope.hidden === true) parts.push("hidden ones included");
  return parts.length === 0 ? "The whole portfolio" : `Listings: ${parts.join(", ")}`;
}

const DELIVERY_WORDS: Record<string, string> = {
  immediate: "immediately",
  digest: "in the morning digest",
  off: "off",
};
/** "E-mail in the morning digest; webhook off". */
export function deliveryWords(delivery: { email: string; webhook: string }): string {
  const word = (choice: string) => DELIVERY_WORDS[choice] ?? choice;
  return `E-mail ${word(delivery.email)}; webhook ${word(delivery.webhook)}`;
}
