import type { z } from "zod";

/**
 * Walks a JSON value beside the schema that reads it, wherever the schema's shape is plain
 * (objects, arrays, records, and the wrappers around them), and rebuilds the value with what
 * `visit` returns at each place. Unions are left to the parse: which option applies is its
 * business. Used to find fields the schema does not name, and by tests to make an answer
 * drift the way a real service might.
 */
export type Visit = (place: {
  schema: z.ZodType | null;
  value: unknown;
  path: readonly PropertyKey[];
}) => unknown;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
  catchall?: z.ZodType;
};
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(["optional", "nullable", "default", "readonly", "catch", "nonoptional", "prefault"]);

/** The schema under wrappers and pipes: where the value's own shape is read. */
export function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in && def.out) {
      // A preprocess is a pipe from a transform: the shape is its output's.
      current = defOf(def.in).type === "transform" ? def.out : def.in;
    } else return current;
  }
}

export function walkAnswer(
  schema: z.ZodType | null,
  value: unknown,
  visit: Visit,
  path: PropertyKey[] = [],
): unknown {
  const inner = schema ? unwrapped(schema) : null;
  const def = inner ? defOf(inner) : null;
  // A node is rebuilt only when something under it changed: a walk that only looks is cheap.
  let rebuilt = value;
  if (Array.isArray(value)) {
    const element = def?.type === "array" ? (def.element ?? null) : null;
    const items = value.map((item, index) => walkAnswer(element, item, visit, [...path, index]));
    if (items.some((item, index) => item !== value[index])) rebuilt = items;
  } else if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const entries = Object.entries(record).map(([key, item]) => {
      const field =
        def?.type === "object"
          ? (def.shape?.[key] ?? def.catchall ?? null)
          : def?.type === "record"
            ? (def.valueType ?? null)
            : null;
      return [key, walkAnswer(field, item, visit, [...path, key])] as const;
    });
    if (entries.some(([key, item]) => item !== record[key])) rebuilt = Object.fromEntries(entries);
  }
  return visit({ schema: inner, value: rebuilt, path });
}
