import { z } from "zod";
import * as apiKeys from "@/lib/svc/schemas/api-keys";
import * as calendar from "@/lib/svc/schemas/calendar";
import * as common from "@/lib/svc/schemas/common";
import * as customRates from "@/lib/svc/schemas/custom-rates";
import * as kpis from "@/lib/svc/schemas/kpis";
import * as listingChangelog from "@/lib/svc/schemas/listing-changelog";
import * as listingExtras from "@/lib/svc/schemas/listing-extras";
import * as listings from "@/lib/svc/schemas/listings";
import * as marketReport from "@/lib/svc/schemas/market-report";
import * as notifications from "@/lib/svc/schemas/notifications";
import * as preferencesBatch from "@/lib/svc/schemas/preferences-batch";
import * as preferencesExtras from "@/lib/svc/schemas/preferences-extras";
import * as preferences from "@/lib/svc/schemas/preferences";
import * as reservations from "@/lib/svc/schemas/reservations";
import * as segments from "@/lib/svc/schemas/segments";
import * as setAnalytics from "@/lib/svc/schemas/set-analytics";
import * as sets from "@/lib/svc/schemas/sets";
import * as team from "@/lib/svc/schemas/team";
import * as usage from "@/lib/svc/schemas/usage";
import * as webhooks from "@/lib/svc/schemas/webhooks";

/**
 * The contract's zod schemas as OpenAPI 3.1 components (JSON Schema 2020-12), written by zod
 * itself. A schema exported from `schemas/` keeps its export name (`listing` → `Listing`), so
 * one shape is written once and referenced; a module missing from this list still documents
 * correctly, its shapes inline.
 */
const MODULES: ReadonlyArray<Record<string, unknown>> = [
  common,
  apiKeys,
  calendar,
  customRates,
  kpis,
  listingChangelog,
  listingExtras,
  listings,
  marketReport,
  notifications,
  preferencesBatch,
  preferencesExtras,
  preferences,
  reservations,
  segments,
  setAnalytics,
  sets,
  team,
  usage,
  webhooks,
];

export type JsonSchema = { [key: string]: unknown };
export type Io = "input" | "output";

const REF_PREFIX = "#/components/schemas/";
const SHARED = "__shared";

/** JSON Schema's and OpenAPI's formats; zod names others (`starts_with`) whose rule is in `pattern`. */
const FORMATS = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
  "int32",
  "int64",
  "float",
  "double",
  "password",
]);

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function isZod(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value && "def" in (value as z.ZodType)._zod;
}

/** The exported schemas by component name, in module order. */
function namedExports(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Set<string>();
  for (const schemaModule of MODULES) {
    for (const [exportName, value] of Object.entries(schemaModule)) {
      if (!isZod(value) || names.has(value)) continue;
      let name = pascal(exportName);
      for (let n = 2; taken.has(name); n++) name = `${pascal(exportName)}${n}`;
      names.set(value, name);
      taken.add(name);
    }
  }
  return names;
}

/**
 * Tidies what zod writes, per node: open value sets (a string with a custom check carrying
 * `knownValues`) list those values as examples, since other values may come; zod's safe-integer
 * bounds are dropped as noise, and so are formats of zod's own naming (the pattern beside them
 * holds the rule); an answer's object no longer forbids unknown keys, because the
 * client strips them and the interface may add fields (a strict object still forbids them).
 */
function tidy(io: Io) {
  return ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }) => {
    const known = jsonSchema.knownValues;
    if (Array.isArray(known)) {
      delete jsonSchema.knownValues;
      jsonSchema.examples ??= known;
      const sentence = `Known values: ${known.join(", ")}; others may appear.`;
      jsonSchema.description = jsonSchema.description ? `${jsonSchema.description} ${sentence}` : sentence;
    }
    if (typeof jsonSchema.format === "string" && !FORMATS.has(jsonSchema.format)) delete jsonSchema.format;
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    const def = zodSchema._zod.def;
    if (io === "output" && def.type === "object" && jsonSchema.additionalProperties === false) {
      const catchall = (def as z.core.$ZodObjectDef).catchall;
      if (!catchall || catchall._zod.def.type !== "never") delete jsonSchema.additionalProperties;
    }
  };
}

/** Every `$ref` string under a node, rewritten by `rename`. */
function rewriteRefs(node: unknown, rename: (ref: string) => string): void {
  if (Array.isArray(node)) return node.forEach((child) => rewriteRefs(child, rename));
  if (typeof node !== "object" || node === null) return;
  const record = node as JsonSchema;
  for (const [key, value] of Object.entries(record)) {
    if (key === "$ref" && typeof value === "string") record[key] = rename(value);
    else rewriteRefs(value, rename);
  }
}

/** Names of the components a node refers to. */
export function refsOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => refsOf(child, into));
  else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(REF_PREFIX)) {
        into.add(value.slice(REF_PREFIX.length));
      } else refsOf(value, into);
    }
  }
  return into;
}

/**
 * Converts every named export plus `extra` (schemas the endpoints use, with a name to give
 * any that has none) in one zod registry conversion, so shared schemas become references.
 * Returns the component of each name and the name given to each schema.
 */
function convert(io: Io, extra: Array<[z.ZodType, string]>) {
  const registry = z.registry<{ id: string }>();
  const nameOf = new Map<z.ZodType, string>();
  const taken = new Set<string>();
  const add = (schema: z.ZodType, wanted: string) => {
    if (nameOf.has(schema)) return;
    let name = wanted;
    for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`;
    nameOf.set(schema, name);
    taken.add(name);
    registry.add(schema, { id: name });
  };
  for (const [schema, name] of namedExports()) add(schema, name);
  for (const [schema, name] of extra) add(schema, name);
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    cycles: "ref",
    reused: "inline",
    uri: (id) => `${REF_PREFIX}${id}`,
    override: tidy(io),
  });
  const components: Record<string, JsonSchema> = {};
  // Cycles and schemas carrying a global `id` land in one shared bag; lift them beside the rest.
  const shared = (schemas[SHARED] as JsonSchema | undefined)?.$defs as Record<string, JsonSchema> | undefined;
  for (const [id, schema] of Object.entries({ ...schemas, ...shared })) {
    if (id === SHARED) continue;
    // A component is not a document of its own: no dialect, and no `$id` (a fragment is not one).
    const component = { ...(schema as JsonSchema) };
    delete component.$schema;
    delete component.$id;
    components[id] = component;
  }
  const sharedRef = `${REF_PREFIX}${SHARED}#/$defs/`;
  rewriteRefs(components, (ref) =>
    ref.startsWith(sharedRef) ? REF_PREFIX + ref.slice(sharedRef.length) : ref,
  );
  return { components, nameOf };
}

export interface ContractSchemas {
  /** Component name of a schema read as a request (`input`) or an answer (`output`). */
  name(schema: z.ZodType, io: Io): string;
  /** The component itself, for callers that unfold it (query parameters). */
  component(name: string): JsonSchema;
  /** Every component, input and output names merged; prune to those referenced. */
  components: Record<string, JsonSchema>;
}

/**
 * Both readings of the contract: requests as zod accepts them, answers as zod produces them.
 * A schema reads the same both ways unless it has defaults, transforms or objects; where the
 * two differ, the request reading is named `…Input`.
 */
export function contractSchemas(
  inputs: Array<[z.ZodType, string]>,
  outputs: Array<[z.ZodType, string]>,
): ContractSchemas {
  const input = convert("input", inputs);
  const output = convert("output", outputs);
  const text = (schema: JsonSchema | undefined) => JSON.stringify(schema ?? null);

  // A name reads the same both ways when its text is equal and so is everything it refers to.
  const same = new Set(
    Object.keys(input.components).filter(
      (id) => id in output.components && text(input.components[id]) === text(output.components[id]),
    ),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const id of [...same]) {
      if ([...refsOf(input.components[id])].some((ref) => !same.has(ref))) {
        same.delete(id);
        changed = true;
      }
    }
  }
  const taken = new Set([...Object.keys(input.components), ...Object.keys(output.components)]);
  const renamed = new Map<string, string>();
  for (const id of Object.keys(input.components)) {
    if (same.has(id) || !(id in output.components)) continue;
    let name = `${id}Input`;
    for (let n = 2; taken.has(name); n++) name = `${id}Input${n}`;
    taken.add(name);
    renamed.set(id, name);
  }
  const inputName = (id: string) => renamed.get(id) ?? id;
  const components: Record<string, JsonSchema> = { ...output.components };
  for (const [id, schema] of Object.entries(input.components)) {
    if (same.has(id)) continue;
    const copy = structuredClone(schema);
    rewriteRefs(copy, (ref) =>
      ref.startsWith(REF_PREFIX) ? REF_PREFIX + inputName(ref.slice(REF_PREFIX.length)) : ref,
    );
    components[inputName(id)] = copy;
  }
  return {
    name(schema, io) {
      const id = (io === "input" ? input : output).nameOf.get(schema);
      if (id === undefined) throw new Error("A schema the contract did not register.");
      return io === "input" ? inputName(id) : id;
    },
    component(name) {
      const found = components[name];
      if (!found) throw new Error(`No component ${name}.`);
      return found;
    },
    components,
  };
}

export const schemaRef = (name: string) => ({ $ref: `${REF_PREFIX}${name}` });
