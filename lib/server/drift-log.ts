import type { EndpointDef } from "@/lib/svc/endpoint";
import { differences, type Difference } from "@/lib/svc/differences";
import { processSingleton } from "@/lib/server/process-singleton";

/**
 * What the real service sends that ours would not, seen since this instance started: each
 * difference is logged once per endpoint and field (no key, no value from the answer), and
 * listed by `GET /api/ready`, so an operator learns that the service has changed.
 */
export interface SeenDifference extends Difference {
  endpoint: string;
  firstSeenAt: string;
  count: number;
}

/** Bounded: a service that differs everywhere must not grow this without end. */
const MAX_KINDS = 500;

export function createDriftLog(log: (line: string) => void = (line) => console.warn(line)) {
  const seen = new Map<string, SeenDifference>();
  return {
    note(endpoint: string, found: readonly Difference[], now = new Date()) {
      for (const difference of found) {
        const key = `${endpoint} ${difference.kind} ${difference.field} ${difference.detail}`;
        const known = seen.get(key);
        if (known) {
          known.count += 1;
          continue;
        }
        if (seen.size >= MAX_KINDS) return;
        seen.set(key, { ...difference, endpoint, firstSeenAt: now.toISOString(), count: 1 });
        log(`[drift] ${endpoint}: ${difference.field}: ${difference.kind} (${difference.detail})`);
      }
    },
    list: (): SeenDifference[] => [...seen.values()].map((d) => ({ ...d })),
  };
}

export type DriftLog = ReturnType<typeof createDriftLog>;

export const driftLog = (): DriftLog => processSingleton("drift-log", () => createDriftLog());

/**
 * Compares a 2xx answer with the contract after it has been passed on: the browser reads it
 * tolerantly on its own, and this costs the user no time (it runs after the response).
 */
export function checkAnswerLater(endpoint: EndpointDef, payload: ArrayBuffer | null): void {
  if (!payload || payload.byteLength === 0) return;
  setImmediate(() => {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(payload));
    } catch {
      driftLog().note(`${endpoint.method} ${endpoint.path}`, [
        { field: "(answer)", kind: "unreadable", detail: "the answer is not JSON" },
      ]);
      return;
    }
    driftLog().note(`${endpoint.method} ${endpoint.path}`, differences(endpoint.response, json));
  });
}
