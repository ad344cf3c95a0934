import type { DashboardStore } from "@/lib/server/dashboard-store";
import type { SeenDifference } from "@/lib/server/drift-log";

/**
 * Whether this instance can serve users, for a load balancer's readiness probe (`GET
 * /api/ready`): its store can be read, its schema is in place, and the pricing service
 * answers. Each check says what it found in a sentence; none carries an error's own text,
 * which could name a path, a host or a credential.
 */
export interface ReadinessCheck {
  name: "store" | "migrations" | "service";
  ok: boolean;
  detail: string;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
  /**
   * Where the service's answers differed from our contract since this instance started
   * (tolerated, so readiness does not depend on it): endpoint and field names, no values.
   */
  differences: SeenDifference[];
}

export async function readiness(deps: {
  /** The store, opened on first use (opening it may fail). */
  store: () => DashboardStore | Promise<DashboardStore>;
  serviceAnswers: () => Promise<boolean>;
  differences?: () => SeenDifference[];
}): Promise<Readiness> {
  let schema: boolean | null = null;
  try {
    schema = await (await deps.store()).schemaReady();
  } catch {
    schema = null;
  }
  const answers = await deps.serviceAnswers().catch(() => false);
  const checks: ReadinessCheck[] = [
    schema === null
      ? { name: "store", ok: false, detail: "The dashboard's store cannot be read." }
      : { name: "store", ok: true, detail: "The dashboard's store can be read." },
    schema === null
      ? { name: "migrations", ok: false, detail: "Not known while the store cannot be read." }
      : schema
        ? { name: "migrations", ok: true, detail: "The store's schema is in place." }
        : { name: "migrations", ok: false, detail: "The store's schema is not in place yet." },
    answers
      ? { name: "service", ok: true, detail: "The pricing service answers." }
      : { name: "service", ok: false, detail: "The pricing service cannot be reached." },
  ];
  return { ready: checks.every((c) => c.ok), checks, differences: deps.differences?.() ?? [] };
}
