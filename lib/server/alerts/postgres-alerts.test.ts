import { beforeAll, describe } from "vitest";
import { freshDatabase, sql } from "@/test-support/pg-database";
import { alertsContract } from "@/lib/server/alerts/alerts-contract";
import { openPostgresAlerts } from "@/lib/server/alerts/postgres-alerts";

/** Alerts on a real PostgreSQL (a database of this file's own); "another instance" is a second pool. */
let url: string;
beforeAll(async () => {
  url = await freshDatabase("rd_alerts");
});

describe("the PostgreSQL alerts store keeps the alerts' rules", () => {
  alertsContract({
    open: async () => {
      const store = await openPostgresAlerts({ url, poolSize: 4 });
      await sql(url, "TRUNCATE alert_rules, alerts");
      return store;
    },
    openAnother: () => openPostgresAlerts({ url, poolSize: 4 }),
  });
});
