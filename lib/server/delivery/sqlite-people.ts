import type { PeopleStore } from "@/lib/server/delivery/people-store";
import { digestOf, personOf, type DigestRow, type PersonRow } from "@/lib/server/delivery/people-rows";
import { openDashboardFile } from "@/lib/server/sqlite-schema";

/**
 * The people who receive alerts by e-mail, and their digests, on SQLite: in the dashboard's
 * own file (`<DATA_DIR>/dashboard.db`), on a connection of their own. The rules:
 * `people-store.ts`. A claim is `INSERT ... ON CONFLICT DO NOTHING` on the digest's primary
 * key: two processes on one file claim a day once.
 */
export function openSqlitePeople(dataDir: string, fileName = "dashboard.db"): PeopleStore {
  const db = openDashboardFile(dataDir, fileName);
  const at = (d: Date) => d.toISOString();

  const q = {
    person: db.prepare<[string, string], PersonRow>(
      "SELECT * FROM delivery_people WHERE account_id = ? AND person_id = ?",
    ),
    save: db.prepare(
      `INSERT INTO delivery_people (account_id, person_id, label, email, time_zone, digest_time, digest, immediate, created_at, updated_at)
       VALUES (@account, @person, @label, @email, @zone, @time, @digest, @immediate, @now, @now)
       ON CONFLICT (account_id, person_id) DO UPDATE SET label = excluded.label, email = excluded.email,
         time_zone = excluded.time_zone, digest_time = excluded.digest_time, digest = excluded.digest,
         immediate = excluded.immediate, updated_at = excluded.updated_at`,
    ),
    people: db.prepare<[string], PersonRow>(
      "SELECT * FROM delivery_people WHERE account_id = ? ORDER BY created_at, person_id",
    ),
    digestPeople: db.prepare<[], PersonRow>(
      "SELECT * FROM delivery_people WHERE digest = 1 ORDER BY account_id, person_id",
    ),
    claim: db.prepare(
      `INSERT INTO delivery_digests (account_id, person_id, local_date, claimed_at, cutoff)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    since: db.prepare<[string, string, string], { cutoff: string }>(
      `SELECT cutoff FROM delivery_digests
       WHERE account_id = ? AND person_id = ? AND local_date < ?
         AND error IS NULL AND (sent_at IS NOT NULL OR alert_count = 0)
       ORDER BY local_date DESC LIMIT 1`,
    ),
    finish: db.prepare(
      `UPDATE delivery_digests SET alert_count = ?, sent_at = ?, error = ?, attempts = ?
       WHERE account_id = ? AND person_id = ? AND local_date = ?`,
    ),
    last: db.prepare<[string, string], DigestRow>(
      `SELECT * FROM delivery_digests WHERE account_id = ? AND person_id = ?
       ORDER BY local_date DESC LIMIT 1`,
    ),
  };

  return {
    async findPerson(accountId, personId) {
      const row = q.person.get(accountId, personId);
      return row ? personOf(row) : null;
    },
    async savePerson(accountId, personId, label, s, now = new Date()) {
      q.save.run({
        account: accountId,
        person: personId,
        label,
        email: s.email,
        zone: s.timeZone,
        time: s.digestTime,
        digest: s.digest ? 1 : 0,
        immediate: s.immediate ? 1 : 0,
        now: at(now),
      });
      return personOf(q.person.get(accountId, personId)!);
    },
    async people(accountId) {
      return q.people.all(accountId).map(personOf);
    },
    async digestPeople() {
      return q.digestPeople.all().map(personOf);
    },
    async claimDigest(accountId, personId, localDate, cutoff, now = new Date()) {
      return db
        .transaction(() => {
          const took = q.claim.run(accountId, personId, localDate, at(now), at(cutoff)).changes > 0;
          if (!took) return null;
          return { since: q.since.get(accountId, personId, localDate)?.cutoff ?? null };
        })
        .immediate();
    },
    async finishDigest(accountId, personId, localDate, o) {
      q.finish.run(
        o.alertCount,
        o.sentAt ? at(o.sentAt) : null,
        o.error,
        o.attempts,
        accountId,
        personId,
        localDate,
      );
    },
    async lastDigest(accountId, personId) {
      const row = q.last.get(accountId, personId);
      return row ? digestOf(row) : null;
    },
    async close() {
      db.close();
    },
  };
}
