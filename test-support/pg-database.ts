/**
 * A database of its own for one test file, on the run's cluster (pg-global-setup.ts): files
 * run in parallel forks, and each sees only its own tables. Imported by test files only.
 */
import { randomBytes } from "node:crypto";
import pg, { type QueryResultRow } from "pg";
import { inject } from "vitest";

/** Creates an empty database and answers its URL. */
export async function freshDatabase(prefix = "rd"): Promise<string> {
  const admin = inject("pgUrl");
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the database at `url` with a connection of its own. */
export async function sql<R extends QueryResultRow = QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}
