import type { z } from "zod";
import { defOf, walkAnswer } from "@/lib/svc/answer-walk";
import { readAnswer } from "@/lib/svc/read-answer";
import { strictly } from "@/lib/svc/schemas/reading";

/**
 * How an answer differs from what our reference service would send: the places the client
 * tolerated (a value outside a set we know, a rule of ours broken, an extra field, a numeric
 * string, a row set aside) or an answer it could not read at all. Each difference names a
 * field, with list indices folded to `[]`, and never carries a value from the answer.
 */
export type DifferenceKind =
  "extra field" | "missing field" | "numeric string" | "row set aside" | "not as ours" | "unreadable";

export interface Difference {
  field: string;
  kind: DifferenceKind;
  /** What differed, in zod's words or ours; no value from the answer. */
  detail: string;
}

/** At most this many differences per answer: enough to name what changed, bounded in cost. */
const MAX_DIFFERENCES = 50;

const folded = (path: readonly PropertyKey[]) =>
  path.map((key) => (typeof key === "number" ? "[]" : String(key))).join(".") || "(answer)";

const foldedText = (path: string) => folded(path.split(".").map((k) => (/^\d+$/.test(k) ? 0 : k)));

/** Keys the answer has that the schema does not name, anywhere a schema's shape is plain. */
function extraKeys(schema: z.ZodType, value: unknown, out: Set<string>): void {
  walkAnswer(schema, value, ({ schema: here, value: node, path }) => {
    if (here && defOf(here).type === "object" && node && typeof node === "object" && !Array.isArray(node)) {
      const shape = defOf(here).shape ?? {};
      for (const key of Object.keys(node)) {
        if (!Object.hasOwn(shape, key) && out.size < MAX_DIFFERENCES) out.add(folded([...path, key]));
      }
    }
    return node;
  });
}

export function differences(schema: z.ZodType, answer: unknown): Difference[] {
  const found: Difference[] = [];
  const read = readAnswer(schema, answer);
  if (!read.ok) {
    for (const issue of read.issues.slice(0, MAX_DIFFERENCES)) {
      found.push({ field: folded(issue.path), kind: "unreadable", detail: issue.message });
    }
    return found;
  }
  for (const path of read.coerced) {
    found.push({ field: foldedText(path), kind: "numeric string", detail: "a number sent as a string" });
  }
  for (const path of read.missing) {
    found.push({ field: foldedText(path), kind: "missing field", detail: "absent: read as unknown" });
  }
  for (const row of read.skipped) {
    for (const problem of row.problems) {
      found.push({ field: `${row.list || "(list)"}.[]`, kind: "row set aside", detail: problem });
    }
  }
  const strict = strictly(() => schema.safeParse(answer));
  if (!strict.success) {
    for (const issue of strict.error.issues.slice(0, MAX_DIFFERENCES)) {
      found.push({ field: folded(issue.path), kind: "not as ours", detail: issue.message });
    }
  }
  const extras = new Set<string>();
  extraKeys(schema, answer, extras);
  for (const field of extras)
    found.push({ field, kind: "extra field", detail: "a field our contract does not name" });
  return dedupe(found).slice(0, MAX_DIFFERENCES);
}

/** Fields of a body the schema does not name (`tags.0.colour`, list indices folded). */
export function unknownFields(schema: z.ZodType, body: unknown): string[] {
  const out = new Set<string>();
  extraKeys(schema, body, out);
  return [...out];
}

function dedupe(list: Difference[]): Difference[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.kind} ${d.field} ${d.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
