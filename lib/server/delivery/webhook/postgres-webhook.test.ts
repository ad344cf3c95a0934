import { beforeAll, describe } from "vitest";
import { freshDatabase, sql } from "@/test-support/pg-database";
import { webhookContract } from "@/lib/server/delivery/webhook/webhook-contract";
import { openPostgresWebhook } from "@/lib/server/delivery/webhook/postgres-webhook";

/** The outgoing webhook on a real PostgreSQL (a database of this file's own); "another instance" is a second pool. */
let url: string;
beforeAll(async () => {
  url = await freshDatabase("rd_webhook_out");
});

describe("the PostgreSQL outgoing webhook store", () => {
  webhookContract({
    open: async () => {
      const store = await openPostgresWebhook({ url, poolSize: 4 });
      await sql(
        url,
        "TRUNCATE alert_webhook_endpoints, alert_webhook_messages, alert_webhook_attempts, alert_webhook_digests",
      );
      return store;
    },
    openAnother: () => openPostgresWebhook({ url, poolSize: 4 }),
  });
});
