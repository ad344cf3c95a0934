import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { endpointList } from "@/lib/svc/endpoints";
import { queryToObject, serializeQuery } from "@/lib/svc/query";

/**
 * The BFF forwards the query it parsed, serialised again. That is only
 * faithful if, for every endpoint, serialising a parsed query and parsing it again gives the
 * same query: checked here over generated queries, for the whole contract table.
 */

type Def = { type: string; innerType?: ZodLike; entries?: Record<string, string> };
type ZodLike = { _zod: { def: Def } };

/** The enum values a parameter accepts (through optional wrappers), to make parses likely. */
function enumValues(schema: ZodLike): string[] {
  const def = schema._zod.def;
  if (def.type === "enum" && def.entries) return Object.values(def.entries);
  return def.innerType ? enumValues(def.innerType) : [];
}

const WIRE_VALUES = [
  "1",
  "2",
  "0",
  "25",
  "100",
  "-3",
  "12.5",
  "true",
  "false",
  "svc",
  "airbnb",
  "EUR",
  "USD",
  "2026-01-15",
  "2026-02-28",
  "2026-01",
  "2026-03",
  "2026-Q1",
  "2026-01-15T10:00:00Z",
  "usr_1",
  "a,b",
  "beach",
  " spaced ",
  "%",
  "x&y=z",
];

describe("every query the contract parses serialises back to the same query", () => {
  for (const endpoint of endpointList) {
    const shape = (endpoint.query as unknown as { shape: Record<string, ZodLike> }).shape;
    const keys = Object.keys(shape);
    if (keys.length === 0) continue;
    it(`${endpoint.id}`, () => {
      const value = (key: string) => fc.constantFrom(...enumValues(shape[key]!), ...WIRE_VALUES);
      // A few parameters at a time, so that a fair share of the queries is valid.
      const raw = fc
        .uniqueArray(fc.constantFrom(...keys), { maxLength: 4 })
        .chain((chosen) => fc.record(Object.fromEntries(chosen.map((k) => [k, value(k)]))));
      let parsed = 0;
      fc.assert(
        fc.property(raw, (query) => {
          const first = (endpoint.query as z.ZodType).safeParse(queryToObject(new URLSearchParams(query)));
          if (!first.success) return;
          parsed += 1;
          const wire = serializeQuery(first.data as Record<string, unknown>);
          const again = (endpoint.query as z.ZodType).safeParse(queryToObject(wire));
          expect(again.success).toBe(true);
          expect(again.data).toEqual(first.data);
        }),
        { numRuns: 1000, seed: 15 },
      );
      // Not vacuous: some generated queries were valid and went through the round trip.
      expect(parsed).toBeGreaterThan(0);
    });
  }
});
