import type { z } from "zod";

/**
 * Reads a service answer tolerantly, per field and per row. A numeric string where a number
 * belongs is read as the number; a row of a list that still cannot be read is set aside and
 * named, so the rest of the answer is shown. Only an answer whose failure is not inside any
 * list (its envelope, its header fields) fails as a whole.
 */
export interface SkippedRow {
  /** Where the list sits in the answer (`""` for a bare list, else e.g. `groups.pending`). */
  list: string;
  index: number;
  /** The row's own id where it has one, to name it to the user. */
  id: string | null;
  /** What was wrong, field by field, in zod's words (no values). */
  problems: string[];
}

export type ReadResult<T> =
  | {
      ok: true;
      data: T;
      skipped: SkippedRow[];
      /** Paths of numbers that came as numeric strings. */
      coerced: string[];
      /** Paths of fields that were absent where null (unknown) is allowed: read as null. */
      missing: string[];
    }
  | { ok: false; issues: z.core.$ZodIssue[] };

type Path = readonly PropertyKey[];

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
/** Each pass repairs everything it can see; nested failures surface one level per pass. */
const MAX_PASSES = 10;
const ID_FIELDS = ["id", "listing_id", "reservation_id", "svc_id", "token_id", "user_id", "date"];

export function pathText(path: Path): string {
  return path.map(String).join(".");
}

function valueAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** zod reports a union's failure once, with each option's issues inside. */
function withNested(issues: readonly z.core.$ZodIssue[], prefix: Path = []): z.core.$ZodIssue[] {
  const out: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    out.push({ ...issue, path } as z.core.$ZodIssue);
    if (issue.code === "invalid_union") {
      for (const option of issue.errors) out.push(...withNested(option, path));
    }
  }
  return out;
}

/**
 * An absent field is tried as null: where the contract allows null (the interface's "null
 * when unknown"), an absent value means the same. Where it does not, the try is undone and
 * the row is set aside instead.
 */
function fillMissing(
  root: unknown,
  issue: z.core.$ZodIssue,
  filled: Set<string>,
  refused: Set<string>,
): boolean {
  if (issue.path.length === 0) return false;
  const parent = valueAt(root, issue.path.slice(0, -1));
  if (parent === null || typeof parent !== "object" || Array.isArray(parent)) return false;
  const key = issue.path[issue.path.length - 1]!;
  const record = parent as Record<PropertyKey, unknown>;
  const at = pathText(issue.path);
  if (record[key] === undefined && !filled.has(at) && !refused.has(at)) {
    record[key] = null;
    filled.add(at);
    return true;
  }
  if (record[key] === null && filled.has(at)) {
    delete record[key];
    filled.delete(at);
    refused.add(at);
    return true;
  }
  return false;
}

function coerceNumber(root: unknown, issue: z.core.$ZodIssue): boolean {
  if (issue.code !== "invalid_type" || issue.expected !== "number" || issue.path.length === 0) return false;
  const parent = valueAt(root, issue.path.slice(0, -1));
  const key = issue.path[issue.path.length - 1]!;
  if (parent === null || typeof parent !== "object") return false;
  const raw = (parent as Record<PropertyKey, unknown>)[key];
  if (typeof raw !== "string" || !NUMERIC.test(raw)) return false;
  (parent as Record<PropertyKey, unknown>)[key] = Number(raw);
  return true;
}

/** The innermost list row an issue lies in, if any. */
function rowOf(root: unknown, path: Path): { list: Path; index: number; rest: Path } | null {
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const key = path[i];
    if (typeof key !== "number") continue;
    const list = path.slice(0, i);
    if (Array.isArray(valueAt(root, list))) return { list, index: key, rest: path.slice(i + 1) };
  }
  return null;
}

function idOf(row: unknown): string | null {
  if (row === null || typeof row !== "object") return null;
  for (const field of ID_FIELDS) {
    const value = (row as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number") return String(value);
  }
  return null;
}

export function problemText(rest: Path, issue: z.core.$ZodIssue): string {
  const field = rest.length > 0 ? pathText(rest) : "the row";
  const missing = issue.code === "invalid_type" && /received undefined/.test(issue.message);
  return `${field}: ${missing ? "missing" : issue.message}`;
}

export function readAnswer<T>(schema: z.ZodType<T>, json: unknown): ReadResult<T> {
  // Most answers read at once: only one that does not is copied and repaired.
  const first = schema.safeParse(json);
  if (first.success) return { ok: true, data: first.data, skipped: [], coerced: [], missing: [] };
  // The copy is ours to repair: a caller may hand a value it still holds.
  const value: unknown = json !== null && typeof json === "object" ? structuredClone(json) : json;
  const skipped: SkippedRow[] = [];
  const coerced: string[] = [];
  const filled = new Set<string>();
  const refused = new Set<string>();
  let last: z.core.$ZodIssue[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const parsed = pass === 0 ? first : schema.safeParse(value);
    if (parsed.success) return { ok: true, data: parsed.data, skipped, coerced, missing: [...filled] };
    last = parsed.error.issues;
    let repaired = false;
    for (const issue of withNested(last)) {
      if (coerceNumber(value, issue)) {
        coerced.push(pathText(issue.path));
        repaired = true;
      } else if (fillMissing(value, issue, filled, refused)) {
        repaired = true;
      }
    }
    if (repaired) continue;
    const rows = new Map<string, { list: Path; byIndex: Map<number, string[]> }>();
    for (const issue of last) {
      const row = rowOf(value, issue.path);
      if (!row) continue;
      const key = pathText(row.list);
      const entry = rows.get(key) ?? { list: row.list, byIndex: new Map<number, string[]>() };
      entry.byIndex.set(row.index, [...(entry.byIndex.get(row.index) ?? []), problemText(row.rest, issue)]);
      rows.set(key, entry);
    }
    // A failure outside every list cannot be set aside: the answer fails as a whole.
    if (rows.size === 0 || last.some((issue) => rowOf(value, issue.path) === null)) {
      return { ok: false, issues: last };
    }
    for (const { list, byIndex } of rows.values()) {
      const array = valueAt(value, list) as unknown[];
      for (const index of [...byIndex.keys()].sort((a, b) => b - a)) {
        skipped.push({ list: pathText(list), index, id: idOf(array[index]), problems: byIndex.get(index)! });
        array.splice(index, 1);
      }
    }
  }
  return { ok: false, issues: last };
}
