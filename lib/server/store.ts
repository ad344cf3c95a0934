import "server-only";
import type { DashboardStore } from "@/lib/server/dashboard-store";
import { env } from "@/lib/server/env";
import { processSingletonOpening } from "@/lib/server/process-singleton";
import { openChosenStore } from "@/lib/server/store-select";

/**
 * The dashboard's own store (sessions ended, webhook sinks and inbox): SQLite under DATA_DIR,
 * or PostgreSQL when DATABASE_URL names one (store-select.ts). Opened once per process, on
 * first use; PostgreSQL applies its migrations first. Everything that keeps data builds on
 * this module, and it imports nothing that uses it.
 */
export const dashboardStore: () => Promise<DashboardStore> = processSingletonOpening(
  "dashboard-store",
  () => {
    const { dataDir, sessionSecret, store: choice, claimLeaseMs } = env();
    return openChosenStore(choice, claimLeaseMs, { dataDir, sessionSecret });
  },
);
