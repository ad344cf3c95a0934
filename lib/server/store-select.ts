import { z } from "zod";
import { CLAIM_LEASE_MS, type DashboardStore } from "@/lib/server/dashboard-store";
import { openPostgresStore } from "@/lib/server/postgres-store";
import { openStore } from "@/lib/server/sqlite-store";

/**
 * Which engine holds the dashboard's store, decided in this one place: DATABASE_URL naming a
 * PostgreSQL database (postgres:// or postgresql://) selects PostgreSQL, with a pool of
 * DATABASE_POOL_SIZE connections; unset (or empty), the SQLite file under DATA_DIR, exactly as
 * before. Anything wrong with that choice at start-up is a StoreStartError: one sentence for
 * the operator, never the URL's password, never a stack trace.
 *
 * No `server-only` import: the start-up test runs it from plain Node.
 */

export class StoreStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoreStartError";
  }
}

export type StoreChoice = { engine: "sqlite" } | { engine: "postgres"; url: string; poolSize: number };

export const MALFORMED_DATABASE_URL =
  "DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database, or be left unset for the SQLite file.";
export const BAD_POOL_SIZE = "DATABASE_POOL_SIZE must be a whole number from 1 to 100.";
export const BAD_CLAIM_LEASE = "WEBHOOK_CLAIM_LEASE_SECONDS must be a whole number from 1 to 3600.";

const postgresUrl = z.string().refine((text) => {
  try {
    return ["postgres:", "postgresql:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
});
const poolSize = z.coerce.number().int().min(1).max(100).default(10);

export function storeChoiceFrom(source: Record<string, string | undefined>): StoreChoice {
  const url = source.DATABASE_URL?.trim();
  if (!url) return { engine: "sqlite" };
  if (!postgresUrl.safeParse(url).success) throw new StoreStartError(MALFORMED_DATABASE_URL);
  const size = poolSize.safeParse(source.DATABASE_POOL_SIZE?.trim() || undefined);
  if (!size.success) throw new StoreStartError(BAD_POOL_SIZE);
  return { engine: "postgres", url, poolSize: size.data };
}

const claimLeaseSeconds = z.coerce
  .number()
  .int()
  .min(1)
  .max(3600)
  .default(CLAIM_LEASE_MS / 1000);

/**
 * How long a claim on a pending webhook event lasts (dashboard-store.ts): after a crash,
 * another instance takes the dead one's claimed events once it runs out. 60 s by default;
 * WEBHOOK_CLAIM_LEASE_SECONDS shortens it where a faster take-over matters more than the
 * (rare) chance of processing a slow batch twice over.
 */
export function claimLeaseFrom(source: Record<string, string | undefined>): number {
  const lease = claimLeaseSeconds.safeParse(source.WEBHOOK_CLAIM_LEASE_SECONDS?.trim() || undefined);
  if (!lease.success) throw new StoreStartError(BAD_CLAIM_LEASE);
  return lease.data * 1000;
}

/** Where the database is, for a sentence: host and port, never the user or the password. */
function whereOf(url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname || parsed.searchParams.get("host") || "the local socket";
  return `${host}:${parsed.port || "5432"}`;
}

/** A failure to reach or prepare the database, in one sentence. */
export function startFailure(error: unknown, url: string): StoreStartError {
  const where = whereOf(url);
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "28P01" || code === "28000")
    return new StoreStartError(`PostgreSQL at ${where} refused the user or password in DATABASE_URL.`);
  if (code === "3D000")
    return new StoreStartError(`The database named in DATABASE_URL does not exist at ${where}.`);
  if (typeof code === "string" && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(code))
    return new StoreStartError(
      `The PostgreSQL database in DATABASE_URL cannot be reached at ${where} (${code}).`,
    );
  if (/timeout/i.test(message))
    return new StoreStartError(`The PostgreSQL database in DATABASE_URL did not answer in time at ${where}.`);
  // Anything else: PostgreSQL's own message, which names no credential, on one line.
  const oneLine = message.replace(/\s+/g, " ").replace(/\.$/, "");
  return new StoreStartError(`The dashboard could not prepare its PostgreSQL store at ${where}: ${oneLine}.`);
}

export interface OpenOptions {
  dataDir: string;
  sessionSecret: string;
}

/** Opens the store the environment selects; PostgreSQL's migrations are applied first. */
export function openDashboardStore(
  source: Record<string, string | undefined>,
  options: OpenOptions,
): Promise<DashboardStore> {
  return openChosenStore(storeChoiceFrom(source), claimLeaseFrom(source), options);
}

/** Opens the chosen store (env() has read the choice: lib/server/env.ts). */
export async function openChosenStore(
  choice: StoreChoice,
  claimLeaseMs: number,
  { dataDir, sessionSecret }: OpenOptions,
): Promise<DashboardStore> {
  if (choice.engine === "sqlite") return openStore({ dataDir, sessionSecret, claimLeaseMs });
  try {
    return await openPostgresStore({
      url: choice.url,
      poolSize: choice.poolSize,
      sessionSecret,
      claimLeaseMs,
    });
  } catch (error) {
    throw startFailure(error, choice.url);
  }
}

/**
 * At start-up (instrumentation.ts): a StoreStartError stops the process with its sentence and
 * exit code 1; anything else is left to propagate as before.
 */
export async function openOrStop(open: () => Promise<unknown>): Promise<void> {
  try {
    await open();
  } catch (error) {
    if (!(error instanceof StoreStartError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
