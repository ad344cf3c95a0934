import type { EndpointDef, HttpMethod } from "@/lib/svc/endpoint";
import { endpointList, type EndpointId } from "@/lib/svc/endpoints";

/**
 * Matches a method and a raw (still percent-encoded) path against the contract table.
 * Used by the BFF allowlist and the reference service, so both accept exactly the same
 * paths. Anything that could escape a path (`..`, encoded dots or slashes, `//`) is refused.
 */
export type MatchedEndpoint = EndpointDef & { id: EndpointId };

export type PathMatch =
  | { kind: "match"; endpoint: MatchedEndpoint; params: Record<string, string> }
  | { kind: "method_not_allowed"; allowed: HttpMethod[] }
  | { kind: "not_found" };

type Compiled = { endpoint: MatchedEndpoint; segments: Array<{ param: string } | { literal: string }> };

const compiled: Compiled[] = endpointList.map((endpoint) => ({
  endpoint,
  segments: endpoint.path
    .split("/")
    .slice(1)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? { param: param[1]! } : { literal: segment };
    }),
}));

/** Splits and decodes a raw path, or null when it is not a plain, safe path. */
export function safeSegments(rawPath: string): string[] | null {
  if (!rawPath.startsWith("/") || rawPath.includes("//") || rawPath.includes("\\")) return null;
  const raw = rawPath.slice(1).replace(/\/$/, "").split("/");
  const decoded: string[] = [];
  for (const segment of raw) {
    if (segment === "") return null;
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (value === "." || value === ".." || /[/\\\u0000-\u001f]/.test(value)) return null;
    decoded.push(value);
  }
  return decoded;
}

/** Static segments outrank parameters: `/listings/kpis` wins over `/listings/{listing_id}`. */
function specificity(entry: Compiled): string {
  return entry.segments.map((s) => ("literal" in s ? "0" : "1")).join("");
}

const bySpecificity = [...compiled].sort((a, b) => specificity(a).localeCompare(specificity(b)));

export function matchPath(method: string, rawPath: string): PathMatch {
  const segments = safeSegments(rawPath);
  if (!segments) return { kind: "not_found" };
  const allowed: HttpMethod[] = [];
  let best: { entry: Compiled; params: Record<string, string> } | null = null;
  for (const entry of bySpecificity) {
    if (entry.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = entry.segments.every((s, i) => {
      if ("literal" in s) return s.literal === segments[i];
      params[s.param] = segments[i]!;
      return true;
    });
    if (!fits) continue;
    if (entry.endpoint.method === method.toUpperCase()) {
      if (!best) best = { entry, params };
    } else if (!allowed.includes(entry.endpoint.method)) {
      allowed.push(entry.endpoint.method);
    }
  }
  if (best) return { kind: "match", endpoint: best.entry.endpoint, params: best.params };
  return allowed.length ? { kind: "method_not_allowed", allowed } : { kind: "not_found" };
}
