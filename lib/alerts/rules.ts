import { z } from "zod";

/**
 * An alert rule as the JSON interface takes it: `{"kind", "scope", "params", "delivery"}`.
 * Written strictly (`ruleInput`: every refusal a sentence naming the field, unknown fields
 * refused), read tolerantly (`readRule`: a stored rule whose scope or delivery this version
 * cannot read falls back to the whole portfolio and no delivery, never to an error).
 */

export const RULE_KINDS = [
  "behind_stly",
  "no_booking",
  "below_market",
  "at_minimum",
  "pickup_below_ly",
  "flag_gained",
  "comps_moved",
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const DELIVERY_CHOICES = ["immediate", "digest", "off"] as const;
export type DeliveryChoice = (typeof DELIVERY_CHOICES)[number];

const percent = (what: string) =>
  z
    .number({ error: `${what} must be a number of percent.` })
    .gt(0, `${what} must be more than 0 %.`)
    .max(100, `${what} can be at most 100 %.`);
const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number.` })
    .int(`${what} must be a whole number.`)
    .min(min, `${what} must be at least ${min}.`)
    .max(max, `${what} can be at most ${max}.`);
const id = (what: string) =>
  z
    .string({ error: `${what} must be an id.` })
    .trim()
    .min(1, `${what} must not be empty.`)
    .max(100, `${what} can be at most 100 characters.`);
const unknownField = (where: string) => ({
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys"
      ? `${where} has no field named ${(issue.keys ?? []).map((k) => `"${k}"`).join(", ")}.`
      : undefined,
});

export const PARAMS = {
  behind_stly: z.strictObject(
    {
      metric: z.enum(["nights", "revenue"], { error: 'Metric must be "nights" or "revenue".' }),
      percent: percent("Percent behind"),
    },
    unknownField("A behind-last-year rule"),
  ),
  no_booking: z.strictObject(
    { days: whole("Days without a booking", 1, 365) },
    unknownField("A no-booking rule"),
  ),
  below_market: z.strictObject(
    {
      window: z.union([z.literal(7), z.literal(14), z.literal(30)], {
        error: "Window must be 7, 14 or 30 nights.",
      }),
      percent: percent("Percent of the market's occupancy"),
    },
    unknownField("A below-market rule"),
  ),
  at_minimum: z.strictObject(
    { nights: whole("Nights at the minimum price", 0, 29) },
    unknownField("An at-the-minimum rule"),
  ),
  pickup_below_ly: z.strictObject(
    { percent: percent("Percent below last year") },
    unknownField("A pickup rule"),
  ),
  flag_gained: z.strictObject({}, unknownField("A flag rule, which takes no parameters,")),
  comps_moved: z.strictObject(
    { set_id: id("The set"), percent: percent("Percent the comps moved") },
    unknownField("A comps rule"),
  ),
} as const satisfies Record<RuleKind, z.ZodType>;

export type RuleParams<K extends RuleKind = RuleKind> = z.infer<(typeof PARAMS)[K]>;

/**
 * Which listings a rule watches: the Listings page's filters (managed, active only, hidden,
 * owner), a market, bedrooms, a channel, a segment or the listings associated with a set.
 * Empty: every listing of the portfolio not hidden.
 */
export const ruleScope = z.strictObject(
  {
    managed: z.boolean({ error: "Managed must be true or false." }).optional(),
    active_only: z.boolean({ error: "Active only must be true or false." }).optional(),
    hidden: z.boolean({ error: "Hidden must be true or false." }).optional(),
    owner: id("The owner").optional(),
    market_id: id("The market").optional(),
    bedrooms: id("Bedrooms").optional(),
    channel: id("The channel").optional(),
    segment_id: id("The segment").optional(),
    set_id: id("The set").optional(),
  },
  unknownField("The scope"),
);
export type RuleScope = z.infer<typeof ruleScope>;

const choice = (what: string) =>
  z.enum(DELIVERY_CHOICES, { error: `${what} must be "immediate", "digest" or "off".` });
export const ruleDelivery = z.strictObject(
  { email: choice("E-mail delivery"), webhook: choice("Webhook delivery") },
  unknownField("Delivery"),
);
export type RuleDelivery = z.infer<typeof ruleDelivery>;
export const DEFAULT_DELIVERY: RuleDelivery = { email: "digest", webhook: "off" };

/** A rule as written: its kind's params, checked against that kind. */
export type RuleBody = {
  [K in RuleKind]: { kind: K; scope: RuleScope; params: RuleParams<K>; delivery: RuleDelivery };
}[RuleKind];

const envelope = z.strictObject(
  {
    kind: z.enum(RULE_KINDS, {
      error: `Kind must be one of ${RULE_KINDS.map((k) => `"${k}"`).join(", ")}.`,
    }),
    scope: ruleScope.default({}),
    params: z.unknown().optional(),
    delivery: ruleDelivery.default(DEFAULT_DELIVERY),
    paused: z.boolean({ error: "Paused must be true or false." }).optional(),
  },
  unknownField("A rule"),
);

export interface FieldError {
  field: string;
  message: string;
}
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const fieldsOf = (issues: readonly z.core.$ZodIssue[], prefix: string[] = []): FieldError[] =>
  issues.map((issue) => ({
    field: [...prefix, ...issue.path.map(String)].join(".") || "(root)",
    message: issue.message,
  }));

/** A rule to write: strict, every refusal a sentence with the field it concerns. */
export function checkRule(input: unknown): Checked<RuleBody & { paused?: boolean }> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { ok: false, errors: [{ field: "(root)", message: "Send the rule as a JSON object." }] };
  const outer = envelope.safeParse(input);
  if (!outer.success) return { ok: false, errors: fieldsOf(outer.error.issues) };
  const { kind, params = {}, scope, delivery, paused } = outer.data;
  const inner = PARAMS[kind].safeParse(params ?? {});
  if (!inner.success) return { ok: false, errors: fieldsOf(inner.error.issues, ["params"]) };
  return {
    ok: true,
    value: {
      kind,
      scope,
      params: inner.data,
      delivery,
      ...(paused === undefined ? {} : { paused }),
    } as RuleBody & {
      paused?: boolean;
    },
  };
}

/** A stored rule read back: a part this version cannot read gives the safe default, and an unreadable kind or params null. */
export function readRule(stored: {
  kind: unknown;
  scope: unknown;
  params: unknown;
  delivery: unknown;
}): RuleBody | null {
  const kind = z.enum(RULE_KINDS).safeParse(stored.kind);
  if (!kind.success) return null;
  const params = PARAMS[kind.data].safeParse(stored.params);
  if (!params.success) return null;
  const scope = ruleScope.safeParse(stored.scope);
  const delivery = ruleDelivery.safeParse(stored.delivery);
  return {
    kind: kind.data,
    params: params.data,
    scope: scope.success ? scope.data : {},
    delivery: delivery.success ? delivery.data : { email: "off", webhook: "off" },
  } as RuleBody;
}
