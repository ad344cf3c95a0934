import type Database from "better-sqlite3";
import { Hono } from "hono";
import { ServiceClock } from "./clock";
import type { SandboxConfig } from "./config";
import type { RouteTable, RuntimeState, SandboxContext } from "./context";
import { openDatabase } from "./data/db";
import { SCHEMA_SQL } from "./data/schema";
import { seedDatabase } from "./data/seed";
import { seedSnapshot } from "./data/snapshot";
import { ApiError } from "./domain/api-error";
import { createDispatcher, type RequestRecord } from "./dispatch";
import { createUsageRecorder } from "./domain/usage/recorder";
import { createDeliveryEngine, type DeliveryEngine } from "./domain/webhooks/engine";
import { apiKeyRoutes } from "./routes/api-keys";
import { setRoutes } from "./routes/sets";
import { setAnalyticsRoutes } from "./routes/set-analytics";
import { listingKpiRoutes } from "./routes/listing-kpis";
import { segmentRoutes } from "./routes/segments";
import { listingCalendarRoutes } from "./routes/listing-calendars";
import { listingRecordRoutes } from "./routes/listing-records";
import { preferenceRoutes } from "./routes/preferences";
import { marketReportRoutes } from "./routes/market-report";
import { teamRoutes } from "./routes/team";
import { notificationRoutes } from "./routes/notifications";
import { sandboxControls } from "./routes/controls";
import { listingSyncRoutes } from "./routes/listing-sync";
import { listingRoutes } from "./routes/listings";
import { tagRoutes } from "./routes/tags";
import { usageRoutes } from "./routes/usage";
import { webhookRoutes } from "./routes/webhooks";
import { buildOpenApiDocument, type OpenApiDocument } from "../lib/svc/openapi";

/** Every group's router. A contract endpoint no router handles yet answers 501. */
export const routes: RouteTable = {
  ...listingRoutes,
  ...tagRoutes,
  ...listingSyncRoutes,
  ...apiKeyRoutes,
  ...webhookRoutes,
  ...usageRoutes,
  ...setRoutes,
  ...setAnalyticsRoutes,
  ...listingKpiRoutes,
  ...segmentRoutes,
  ...listingCalendarRoutes,
  ...listingRecordRoutes,
  ...preferenceRoutes,
  ...marketReportRoutes,
  ...teamRoutes,
  ...notificationRoutes,
};

/** Built on first request and kept: the table does not change while the service runs. */
let openApi: OpenApiDocument | undefined;

export interface Sandbox {
  app: Hono;
  ctx: SandboxContext;
  engine: DeliveryEngine;
  reset(): void;
  close(): void;
}

function freshState(): RuntimeState {
  return { rateWindows: new Map(), writesInProgress: new Set(), lastUsedWritten: new Map() };
}

/** Drops every table and seeds again: the same seed gives the same world. */
function reseed(db: Database.Database, seed: string, clock: ServiceClock) {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .all() as Array<{ name: string }>;
  db.pragma("foreign_keys = OFF");
  db.transaction(() => {
    for (const { name } of tables) db.exec(`DROP TABLE IF EXISTS "${name}"`);
  })();
  db.pragma("foreign_keys = ON");
  db.exec(SCHEMA_SQL);
  seedDatabase(db, { seed, today: clock.today(), nowMs: clock.nowMs() });
}

export function createSandbox(
  config: SandboxConfig,
  options: { onRequest?: (record: RequestRecord) => void } = {},
): Sandbox {
  const db = openDatabase(config.dbPath);
  const offset = db.prepare(`SELECT value FROM meta WHERE key = 'clock_offset_ms'`).get() as
    { value: string } | undefined;
  const clock = new ServiceClock(offset ? Number(offset.value) : 0);
  const ctx: SandboxContext = { db, clock, config, state: freshState() };
  const seeded = db.prepare(`SELECT 1 FROM meta WHERE key = 'seed'`).get();
  if (!seeded) reseed(db, config.seed, clock);

  const snapshot = seedSnapshot();
  const reset = () => {
    const key = `${config.seed} ${clock.today()} ${Math.floor(clock.nowMs() / 60_000)}`;
    if (!snapshot.restore(db, key)) {
      reseed(db, config.seed, clock);
      snapshot.keep(db, key);
    }
    ctx.state = freshState();
    // The clock stays where it is: resetting data does not move time.
    db.prepare(`INSERT INTO meta (key, value) VALUES ('clock_offset_ms', ?)`).run(String(clock.offset));
  };

  const usage = createUsageRecorder(ctx);
  const engine = createDeliveryEngine(ctx);
  // Advancing the clock runs whatever falls due: batch windows and retries.
  clock.onAdvance(() => engine.runDue());

  const app = new Hono();
  // Every answer says the time on the service clock, which tests move: clients learn from it
  // how far the service's clock is from theirs, and read X-RateLimit-Reset on it. (Node's
  // server adds a Date of the machine's clock only when an answer has none.)
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Date", clock.now().toUTCString());
  });
  app.route("/_sandbox", sandboxControls(ctx, reset));
  // The contract as OpenAPI, built from the table this service routes by: for viewers and
  // fuzzers, so it asks no key and spends no rate limit.
  app.get("/openapi.json", (c) => c.json((openApi ??= buildOpenApiDocument())));
  app.all(
    "*",
    createDispatcher(ctx, routes, (record) => {
      usage.record(record);
      options.onRequest?.(record);
    }),
  );
  app.onError((error, c) => {
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(500, "internal_error", "The reference service failed to answer this request.");
    if (!(error instanceof ApiError)) console.error("[sandbox]", error.message);
    return c.json(apiError.body(), apiError.status as 400, apiError.headers);
  });
  return {
    app,
    ctx,
    engine,
    reset,
    close: () => {
      engine.stop();
      db.close();
    },
  };
}
