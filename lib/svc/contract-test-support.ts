/**
 * Shared fixtures of the contract-table tests (contract-*.test.ts): the endpoint tables they
 * read and small schema probes. No test framework here.
 */
import type { z } from "zod";
import type { EndpointDef } from "@/lib/svc/endpoint";
import { listingDataEndpoints } from "@/lib/svc/endpoints/listing-data";
import { listingOperationEndpoints } from "@/lib/svc/endpoints/listing-operations";
import { marketReportEndpoints } from "@/lib/svc/endpoints/market-report";
import { notificationEndpoints } from "@/lib/svc/endpoints/notifications";
import { preferenceEndpoints } from "@/lib/svc/endpoints/preferences";
import { segmentEndpoints } from "@/lib/svc/endpoints/segments";
import { setEndpoints } from "@/lib/svc/endpoints/sets";
import { teamEndpoints } from "@/lib/svc/endpoints/team";
import { usageEndpoints } from "@/lib/svc/endpoints/usage";
import { webhookEndpoints } from "@/lib/svc/endpoints/webhooks";
import { strictly } from "@/lib/svc/schemas/reading";

// ------------------------------------------------------------------ schema probes
// The probes read strictly: these tests hold the exact shapes our reference service sends.
// How the client reads a service that differs is held by read-answer.test.ts and drift.

export function accepts(schema: z.ZodType, value: unknown): boolean {
  return strictly(() => schema.safeParse(value)).success;
}
/** The same probe as `accepts`, under the name the group tests use. */
export const ok = accepts;

export function issuePaths(schema: z.ZodType, value: unknown): string[] {
  const result = strictly(() => schema.safeParse(value));
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

export const TS = "2026-11-21T09:00:00Z";

/** A copy of an object without one key. */
export function without(value: object, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value };
  delete copy[key];
  return copy;
}

// ------------------------------------------------------------------ listing data and preferences

/** The listing data, listing operations and preferences endpoints, by id. */
export const table: Record<string, EndpointDef> = {
  ...listingDataEndpoints,
  ...listingOperationEndpoints,
  ...preferenceEndpoints,
};

// ------------------------------------------------------------------ the other groups

export const groupTables = {
  sets: setEndpoints,
  segments: segmentEndpoints,
  market_report: marketReportEndpoints,
  team: teamEndpoints,
  notifications: notificationEndpoints,
  webhooks: webhookEndpoints,
  usage: usageEndpoints,
} as const;

/** Every endpoint of the groups of `groupTables`, with its id. */
export const rows: Array<EndpointDef & { id: string }> = Object.values(groupTables).flatMap((table) =>
  Object.entries(table).map(([id, def]) => ({ ...(def as EndpointDef), id })),
);

export const byId = (id: string) => {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error(`no endpoint ${id}`);
  return row;
};
