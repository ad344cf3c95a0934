import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { MALFORMED_DATABASE_URL } from "@/lib/server/store-select";

/** The store's settings are read with the rest of the environment, by the same rules as store-select. */
const base = { SESSION_SECRET: "s".repeat(32), DATA_DIR: "/tmp/rd-env-test" };

describe("the dashboard environment's store settings", () => {
  it("without DATABASE_URL the store is the SQLite file and a claim lasts 60 s", () => {
    const env = parseEnv(base);
    expect(env.store).toEqual({ engine: "sqlite" });
    expect(env.claimLeaseMs).toBe(60_000);
  });

  it("DATABASE_URL, DATABASE_POOL_SIZE and WEBHOOK_CLAIM_LEASE_SECONDS are read together", () => {
    const env = parseEnv({
      ...base,
      DATABASE_URL: "postgres://rates@db.internal:5432/rates",
      DATABASE_POOL_SIZE: "4",
      WEBHOOK_CLAIM_LEASE_SECONDS: "5",
    });
    expect(env.store).toEqual({
      engine: "postgres",
      url: "postgres://rates@db.internal:5432/rates",
      poolSize: 4,
    });
    expect(env.claimLeaseMs).toBe(5_000);
  });

  it("a malformed DATABASE_URL is refused with the store's one sentence", () => {
    expect(() => parseEnv({ ...base, DATABASE_URL: "mysql://db/rates" })).toThrow(MALFORMED_DATABASE_URL);
  });
});
