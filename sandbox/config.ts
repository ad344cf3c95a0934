import { z } from "zod";

/** docs/interface-decisions.md §8: the reference service's environment. */
const envSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  SANDBOX_DB: z.string().min(1).default(".data/sandbox.db"),
  SANDBOX_SEED: z.string().min(1).default("2026"),
  SANDBOX_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SANDBOX_WRITE_LATENCY_MS: z.coerce.number().int().min(0).default(150),
  SANDBOX_USAGE_READ_CAP: z.coerce.number().int().min(1).default(50_000),
  SANDBOX_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
});

export type SandboxConfig = {
  port: number;
  dbPath: string;
  seed: string;
  rateLimitPerMinute: number;
  writeLatencyMs: number;
  usageReadCap: number;
  /** Real-time limit on one webhook attempt (the interface's 15 s). */
  webhookTimeoutMs: number;
};

export function readSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid reference service environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.SANDBOX_PORT,
    dbPath: e.SANDBOX_DB,
    seed: e.SANDBOX_SEED,
    rateLimitPerMinute: e.SANDBOX_RATE_LIMIT_PER_MINUTE,
    writeLatencyMs: e.SANDBOX_WRITE_LATENCY_MS,
    usageReadCap: e.SANDBOX_USAGE_READ_CAP,
    webhookTimeoutMs: e.SANDBOX_WEBHOOK_TIMEOUT_MS,
  };
}

/** Settings for tests: fast writes, an in-memory database. */
export function testSandboxConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return {
    port: 0,
    dbPath: ":memory:",
    seed: "2026",
    rateLimitPerMinute: 1000,
    writeLatencyMs: 0,
    usageReadCap: 50_000,
    webhookTimeoutMs: 15_000,
    ...overrides,
  };
}
