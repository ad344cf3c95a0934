import { z } from "zod";

/**
 * One contract, read two ways. The interface leaves many value sets and rules unstated, so a
 * real service may send what our reference service never does. Every response schema is
 * written once, tolerant where the interface is open; the reference service checks its own
 * answers `strictly`, which closes those places again: the exact shapes we chose.
 *
 * Parsing is synchronous, so a depth counter cannot leak between two parses.
 */
let strictDepth = 0;

/** Runs a parse with the open places closed: what our reference service promises to send. */
export function strictly<T>(parse: () => T): T {
  strictDepth += 1;
  try {
    return parse();
  } finally {
    strictDepth -= 1;
  }
}

export function isStrict(): boolean {
  return strictDepth > 0;
}

/** A value the interface does not close: one of ours, or any other string the service sends. */
export type OpenValue<Known extends string> = Known | (string & {});

export type OpenSet<Known extends string> = z.ZodType<OpenValue<Known>, string> & {
  readonly options: readonly Known[];
};

/**
 * A value set the interface leaves open (channels, statuses, levels…). Read: any non-empty
 * string, so a value we have not seen is shown as it came. Strictly: only the known values.
 */
export function openSet<const Known extends readonly [string, ...string[]]>(
  options: Known,
): OpenSet<Known[number]> {
  const known = new Set<string>(options);
  const schema = z
    .string()
    .min(1)
    .superRefine((value, ctx) => {
      if (strictDepth > 0 && !known.has(value)) {
        ctx.addIssue({ code: "custom", message: `expected one of ${options.join(", ")}` });
      }
    })
    .meta({ knownValues: [...options] });
  return Object.assign(schema as unknown as z.ZodType<OpenValue<Known[number]>, string>, { options });
}

/**
 * A rule across fields that is ours, not the interface's (a reservation's `canceled_at`
 * against its status, counters adding up): refused strictly, tolerated on read, where the
 * drift check still reports it.
 */
export function ourRule<T>(check: (value: T, ctx: z.RefinementCtx<T>) => void) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    if (strictDepth > 0) check(value, ctx);
  };
}

/**
 * An object whose keys we chose exactly: strictly, another key is refused; on read, it is
 * kept. Use where an extra key would mean a shape we misunderstood.
 */
export function closedObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const known = new Set(Object.keys(shape));
  return z.looseObject(shape).superRefine((value, ctx) => {
    if (strictDepth === 0) return;
    for (const key of Object.keys(value)) {
      if (!known.has(key)) ctx.addIssue({ code: "custom", path: [key], message: "unexpected field" });
    }
  });
}
