/**
 * Who calls the service, when and how, for the seeded week of request history
 * (extras/usage-history.ts): one profile per persona key, the hours people work, the endpoint
 * mix a dashboard, a reporting job and a channel manager make, and each endpoint's speed.
 */
import type { ApiKeyRow, Persona } from "./types";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** A contract route pattern, its share of a profile's traffic (relative weight). */
export type RouteWeight = readonly [method: Method, route: string, weight: number];

/** Hourly shape of a working day, UTC hours 0–23 (1 = the busiest hour). */
const OFFICE_HOURS = [
  0.04, 0.03, 0.03, 0.03, 0.04, 0.06, 0.12, 0.3, 0.7, 1, 1, 0.95, 0.65, 0.9, 1, 0.95, 0.85, 0.6, 0.35, 0.2,
  0.14, 0.1, 0.07, 0.05,
] as const;

/** Share of a weekday's traffic on Saturday and Sunday (0 = Sunday … 6 = Saturday). */
const WEEKDAY_FACTOR = [0.18, 1, 1, 1, 0.97, 0.85, 0.25] as const;

export function officeWeight(weekday: number, hour: number): number {
  return (WEEKDAY_FACTOR[weekday] ?? 1) * (OFFICE_HOURS[hour] ?? 0);
}

/** What a person at the dashboard asks for, most to least often. */
const DASHBOARD_MIX: readonly RouteWeight[] = [
  ["GET", "/listings", 14],
  ["GET", "/notifications", 9],
  ["GET", "/listings/{listing_id}", 10],
  ["GET", "/listings/{listing_id}/price_calendar", 8],
  ["GET", "/listings/kpis", 6],
  ["GET", "/listings/{listing_id}/kpis", 5],
  ["GET", "/preferences/{listing_id}", 5],
  ["GET", "/listings/{listing_id}/kpis/monthly", 4],
  ["GET", "/listings/{listing_id}/price_recommendations", 3],
  ["GET", "/listings/{listing_id}/custom_rates", 3],
  ["GET", "/listings/{listing_id}/reservations", 3],
  ["GET", "/sets", 3],
  ["POST", "/preferences/{listing_id}/preview", 2],
  ["GET", "/listings/{listing_id}/flags", 2],
  ["GET", "/sets/{set_id}", 2],
  ["GET", "/listings/{listing_id}/notes", 1.5],
  ["GET", "/sets/{set_id}/listings", 1.5],
  ["GET", "/sets/{set_id}/aggregated_metrics", 1.5],
  ["GET", "/market_report", 1.5],
  ["PUT", "/preferences/{listing_id}", 1.2],
  ["GET", "/sets/{set_id}/price_calendar", 1.2],
  ["GET", "/market_report/{market_id}/time_series", 1],
  ["GET", "/segments", 1],
  ["PUT", "/listings/{listing_id}/custom_rates", 0.8],
  ["GET", "/teams/members", 0.4],
  ["POST", "/listings/{listing_id}/notes", 0.3],
  ["GET", "/api_keys", 0.3],
  ["GET", "/usage", 0.3],
  ["GET", "/webhooks", 0.3],
];

const READS_ONLY = DASHBOARD_MIX.filter(([method]) => method === "GET");

/** The nightly report job of a read-only key: the portfolio, its ranking, then each listing's months. */
export const REPORT_MIX: readonly RouteWeight[] = [
  ["GET", "/listings", 2],
  ["GET", "/listings/kpis", 1],
  ["GET", "/listings/{listing_id}/kpis/monthly", 12],
];

/** The route a report job loops over, one call per listing: the one its bursts hit. */
export const REPORT_LOOP_ROUTE = "/listings/{listing_id}/kpis/monthly";

/** Every quarter of an hour a channel manager pushes rates and reads back what was posted. */
export const SYNC_MIX: readonly RouteWeight[] = [
  ["POST", "/listings/{listing_id}/sync", 3],
  ["GET", "/listings/{listing_id}/last_posted_prices", 3],
  ["GET", "/listings", 1],
];

export type Rhythm = "office" | "nightly" | "sync";

export interface KeyProfile {
  rhythm: Rhythm;
  /** Office rhythm: requests in the busiest hour of a weekday. Nightly and sync: requests per run. */
  volume: number;
  mix: readonly RouteWeight[];
}

/** Profiles by `persona:kind`; a persona key without one has no seeded traffic. */
const PROFILES: Readonly<Record<string, KeyProfile>> = {
  "owner:standard": { rhythm: "office", volume: 95, mix: DASHBOARD_MIX },
  "owner:read_only": { rhythm: "nightly", volume: 45, mix: REPORT_MIX },
  "owner:channel_integration": { rhythm: "sync", volume: 3, mix: SYNC_MIX },
  "manager:standard": { rhythm: "office", volume: 34, mix: DASHBOARD_MIX },
  "editor:standard": { rhythm: "office", volume: 22, mix: DASHBOARD_MIX },
  "restricted_editor:standard": { rhythm: "office", volume: 10, mix: DASHBOARD_MIX },
  "viewer:standard": { rhythm: "office", volume: 8, mix: READS_ONLY },
  "viewer:read_only": { rhythm: "nightly", volume: 14, mix: REPORT_MIX },
  "outsider:standard": { rhythm: "office", volume: 6, mix: DASHBOARD_MIX },
};

export function profileOf(persona: Persona, kind: ApiKeyRow["kind"]): KeyProfile | undefined {
  return PROFILES[`${persona}:${kind}`];
}

/** The one endpoint that is clearly slow: the set price calendar computes every comp's nights. */
export const SLOW_ROUTE = "/sets/{set_id}/price_calendar";

/** Median latency in milliseconds of a successful answer. */
export function medianLatencyMs(method: Method, route: string): number {
  if (route === SLOW_ROUTE) return 1650;
  if (method !== "GET") return 190; // writes wait for the write path
  if (route.startsWith("/market_report/")) return 240;
  if (route === "/listings" || route === "/listings/kpis") return 95;
  if (route === "/usage") return 120;
  if (route.includes("/kpis") || route.includes("calendar")) return 65;
  return 38;
}

/** Chance that an answer is an error other than a 429, and which. */
export function errorStatus(method: Method, draw: number): number | null {
  if (method === "GET") return draw < 0.006 ? 404 : draw < 0.009 ? 400 : null;
  return draw < 0.015 ? 400 : draw < 0.022 ? 422 : draw < 0.026 ? 409 : null;
}
