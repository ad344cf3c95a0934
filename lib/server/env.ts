import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { hostAllowlistFrom } from "@/lib/security/host-allowlist";
import { claimLeaseFrom, storeChoiceFrom, type StoreChoice } from "@/lib/server/store-select";

/**
 * The dashboard's environment, validated once. Without SVC_BASE_URL the dashboard talks to
 * the embedded reference service on SANDBOX_PORT.
 */
const schema = z.object({
  SVC_BASE_URL: z.url().optional(),
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SVC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DASHBOARD_ORIGIN: z.url().optional(),
  /** Host names (or host:port) the dashboard answers for besides loopback; read by proxy.ts. */
  ALLOWED_HOSTS: z.string().optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  DASHBOARD_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Only read for DASHBOARD_PUBLIC_URL's default: `npm start` passes it to `next start -p`.
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The mirror's share of the key's budget a minute while someone of the account is online. */
  MIRROR_SHARE_ONLINE: z.coerce.number().min(0.05).max(0.9).default(0.3),
  /** … and while nobody is (a stored read-only key reads alone). */
  MIRROR_SHARE_IDLE: z.coerce.number().min(0.05).max(0.95).default(0.8),
  /** Months of past stays the mirror keeps. */
  MIRROR_HISTORY_MONTHS: z.coerce.number().int().min(1).max(60).default(24),
  /** Alerts by e-mail: smtp://user:pass@host:587 (smtps:// for TLS from the start); none, nothing is mailed. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// address" })
    .optional(),
  MAIL_FROM: z.string().min(3).max(300).optional(),
});

export interface DashboardEnv {
  svcBaseUrl: string;
  usingReferenceService: boolean;
  sessionSecret: string;
  sessionTtlSeconds: number;
  svcTimeoutMs: number;
  /** Extra origin allowed to write through the BFF (the public URL behind a proxy). */
  dashboardOrigin: string | null;
  dataDir: string;
  /**
   * Where the service reaches this dashboard (its webhook receiver). Null when it cannot be
   * known: a real service and no DASHBOARD_PUBLIC_URL.
   */
  dashboardPublicUrl: string | null;
  /** SQLite under DATA_DIR, or PostgreSQL: DATABASE_URL and DATABASE_POOL_SIZE (store-select.ts). */
  store: StoreChoice;
  /** WEBHOOK_CLAIM_LEASE_SECONDS, in milliseconds. */
  claimLeaseMs: number;
  /** The portfolio mirror's pace and history (lib/server/mirror). */
  mirror: { shares: { online: number; idle: number }; historyMonths: number };
  /** Alerts by e-mail (lib/server/delivery/email): null without SMTP_URL. */
  mail: { smtpUrl: string; from: string } | null;
}

/** A secret generated once and kept under DATA_DIR, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function parseEnv(source: Record<string, string | undefined>): DashboardEnv {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid dashboard environment: ${problems}`);
  }
  const e = parsed.data;
  // proxy.ts builds the allowlist itself; a bad entry is reported here, at start, by name.
  hostAllowlistFrom(blanksRemoved);
  // The store's settings have their own rules and one-sentence failures (StoreStartError),
  // kept beside the store's selection so that the start-up path can run them in plain Node.
  const store = storeChoiceFrom(blanksRemoved);
  const claimLeaseMs = claimLeaseFrom(blanksRemoved);
  return {
    svcBaseUrl: (e.SVC_BASE_URL ?? `http://127.0.0.1:${e.SANDBOX_PORT}`).replace(/\/$/, ""),
    usingReferenceService: !e.SVC_BASE_URL,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(e.DATA_DIR),
    sessionTtlSeconds: Math.round(e.SESSION_TTL_HOURS * 3600),
    svcTimeoutMs: e.SVC_TIMEOUT_MS,
    dashboardOrigin: e.DASHBOARD_ORIGIN ? new URL(e.DASHBOARD_ORIGIN).origin : null,
    dataDir: e.DATA_DIR,
    // The reference service runs on this machine, so loopback reaches the dashboard; a real
    // service needs the public address, which only the operator knows.
    dashboardPublicUrl: e.DASHBOARD_PUBLIC_URL
      ? e.DASHBOARD_PUBLIC_URL.replace(/\/+$/, "")
      : e.SVC_BASE_URL
        ? null
        : `http://127.0.0.1:${e.PORT}`,
    store,
    claimLeaseMs,
    mirror: {
      shares: { online: e.MIRROR_SHARE_ONLINE, idle: e.MIRROR_SHARE_IDLE },
      historyMonths: e.MIRROR_HISTORY_MONTHS,
    },
    mail: e.SMTP_URL
      ? {
          smtpUrl: e.SMTP_URL,
          from:
            e.MAIL_FROM ??
            `Rate Desk <alerts@${e.DASHBOARD_PUBLIC_URL ? new URL(e.DASHBOARD_PUBLIC_URL).hostname : "localhost"}>`,
        }
      : null,
  };
}

let cached: DashboardEnv | null = null;
export function env(): DashboardEnv {
  cached ??= parseEnv(process.env);
  return cached;
}
