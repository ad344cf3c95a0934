import pg, { type Pool } from "pg";
import type { PeopleStore } from "@/lib/server/delivery/people-store";
import { digestOf, personOf, type DigestRow, type PersonRow } from "@/lib/server/delivery/people-rows";
import { migrate } from "@/lib/server/postgres-schema";
import { retryingStaleConnections } from "@/lib/server/postgres-support";

/**
 * The people who receive alerts by e-mail, and their digests, on PostgreSQL (migration 8 of
 * `postgres-schema.ts`), on a small pool of their own. A claim is `INSERT ... ON CONFLICT DO
 * NOTHING` on the digest's primary key: of several instances claiming a person's day at once,
 * only the one whose row went in sends.
 */
export async function openPostgresPeople(options: { url: string; poolSize: number }): Promise<PeopleStore> {
  const pool = retryingStaleConnections(
    new pg.Pool({ connectionString: options.url, max: options.poolSize, idleTimeoutMillis: 30_000 }),
  );
  pool.on("error", (error) =>
    console.error("An idle PostgreSQL connection of the e-mail delivery failed:", error.message),
  );
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return postgresPeople(pool);
}

function postgresPeople(pool: Pool): PeopleStore {
  const person = async (accountId: string, personId: string) => {
    const { rows } = await pool.query<PersonRow>(
      "SELECT * FROM delivery_people WHERE account_id = $1 AND person_id = $2",
      [accountId, personId],
    );
    return rows[0] ? personOf(rows[0]) : null;
  };
  return {
    findPerson: person,
    async savePerson(accountId, personId, label, s, now = new Date()) {
      const { rows } = await pool.query<PersonRow>(
        `INSERT INTO delivery_people (account_id, person_id, label, email, time_zone, digest_time, digest, immediate, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (account_id, person_id) DO UPDATE SET label = excluded.label, email = excluded.email,
           time_zone = excluded.time_zone, digest_time = excluded.digest_time, digest = excluded.digest,
           immediate = excluded.immediate, updated_at = excluded.updated_at
         RETURNING *`,
        [accountId, personId, label, s.email, s.timeZone, s.digestTime, s.digest, s.immediate, now],
      );
      return personOf(rows[0]!);
    },
    async people(accountId) {
      const { rows } = await pool.query<PersonRow>(
        "SELECT * FROM delivery_people WHERE account_id = $1 ORDER BY created_at, person_id",
        [accountId],
      );
      return rows.map(personOf);
    },
    async digestPeople() {
      const { rows } = await pool.query<PersonRow>(
        "SELECT * FROM delivery_people WHERE digest ORDER BY account_id, person_id",
      );
      return rows.map(personOf);
    },
    async claimDigest(accountId, personId, localDate, cutoff, now = new Date()) {
      const claimed = await pool.query(
        `INSERT INTO delivery_digests (account_id, person_id, local_date, claimed_at, cutoff)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [accountId, personId, localDate, now, cutoff],
      );
      if ((claimed.rowCount ?? 0) === 0) return null;
      const { rows } = await pool.query<{ cutoff: Date }>(
        `SELECT cutoff FROM delivery_digests
         WHERE account_id = $1 AND person_id = $2 AND local_date < $3
           AND error IS NULL AND (sent_at IS NOT NULL OR alert_count = 0)
         ORDER BY local_date DESC LIMIT 1`,
        [accountId, personId, localDate],
      );
      return { since: rows[0] ? rows[0].cutoff.toISOString() : null };
    },
    async finishDigest(accountId, personId, localDate, o) {
      await pool.query(
        `UPDATE delivery_digests SET alert_count = $4, sent_at = $5, error = $6, attempts = $7
         WHERE account_id = $1 AND person_id = $2 AND local_date = $3`,
        [accountId, personId, localDate, o.alertCount, o.sentAt, o.error, o.attempts],
      );
    },
    async lastDigest(accountId, personId) {
      const { rows } = await pool.query<DigestRow>(
        `SELECT * FROM delivery_digests WHERE account_id = $1 AND person_id = $2
         ORDER BY local_date DESC LIMIT 1`,
        [accountId, personId],
      );
      return rows[0] ? digestOf(rows[0]) : null;
    },
    async close() {
      await pool.end();
    },
  };
}
