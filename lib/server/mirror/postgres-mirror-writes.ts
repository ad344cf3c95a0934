import type { PoolClient } from "pg";
import { stayDays, tasksForListings } from "@/lib/server/mirror/mirror-rows";
import type { SyncTask, TaskResult } from "@/lib/server/mirror/mirror-store";
import { writePostgresGroups } from "@/lib/server/mirror/postgres-mirror-groups";
import {
  planPostgresSetPrices,
  writePostgresSetPrices,
} from "@/lib/server/mirror/postgres-mirror-set-prices";
import { postgresTotals } from "@/lib/server/mirror/postgres-mirror-totals";

/**
 * What a finished task writes on PostgreSQL (postgres-mirror.ts), inside the finish's
 * transaction, with arrays (`unnest`): a year of nights is one statement.
 */
const json = (value: unknown) => JSON.stringify(value);

async function writeListings(
  c: PoolClient,
  accountId: string,
  listings: TaskResult & { kind: "listings" },
  readAt: Date,
  now: number,
) {
  const rows = listings.listings;
  // The night totals count every listing not hidden: those that stop counting (hidden now, or
  // leaving with their reservations) leave them, those shown again come back after the upsert.
  await postgresTotals.lock(c, accountId);
  const { rows: turning } = await c.query<{ listing_id: string; counts_now: boolean }>(
    `SELECT h.listing_id, NOT COALESCE(n.hidden, true) AS counts_now
     FROM (SELECT DISTINCT listing_id FROM mirror_reservations WHERE account_id = $1) h
     LEFT JOIN mirror_listings l ON l.account_id = $1 AND l.listing_id = h.listing_id
     LEFT JOIN unnest($2::text[], $3::bool[]) AS n(listing_id, hidden) ON n.listing_id = h.listing_id
     WHERE COALESCE(l.hidden, false) <> COALESCE(n.hidden, true)`,
    [accountId, rows.map((l) => l.listingId), rows.map((l) => l.hidden)],
  );
  await postgresTotals.change(
    c,
    accountId,
    turning.filter((t) => !t.counts_now).map((t) => t.listing_id),
    -1,
  );
  await c.query(
    `INSERT INTO mirror_listings (account_id, listing_id, channel, channel_listing_id, name, market_id, bedrooms, currency,
       hidden, seq, body, read_at)
     SELECT $1, u.*, $11::timestamptz
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $12::bool[], $9::int[],
       $10::jsonb[]) AS u
     ON CONFLICT (account_id, listing_id) DO UPDATE SET channel = excluded.channel, channel_listing_id = excluded.channel_listing_id,
       name = excluded.name, market_id = excluded.market_id, bedrooms = excluded.bedrooms, currency = excluded.currency,
       hidden = excluded.hidden,
       seq = excluded.seq, body = excluded.body, read_at = excluded.read_at`,
    [
      accountId,
      rows.map((l) => l.listingId),
      rows.map((l) => l.channel),
      rows.map((l) => l.channelListingId),
      rows.map((l) => l.name),
      rows.map((l) => l.marketId),
      rows.map((l) => l.bedrooms),
      rows.map((l) => l.currency),
      rows.map((_, i) => i),
      rows.map((l) => json(l.body)),
      readAt,
      rows.map((l) => l.hidden),
    ],
  );
  const ids = rows.map((l) => l.listingId);
  // Listings the account no longer reaches leave with everything read for them.
  for (const table of ["mirror_listings", "mirror_reservations", "mirror_nights", "mirror_flags"])
    await c.query(`DELETE FROM ${table} WHERE account_id = $1 AND NOT (listing_id = ANY($2::text[]))`, [
      accountId,
      ids,
    ]);
  const wanted = tasksForListings(rows);
  const markets = wanted.filter((t) => t.kind === "market").map((t) => t.subject);
  // Tasks the listings no longer call for leave; the account's own (listings, groups) stay.
  await c.query(
    `DELETE FROM mirror_tasks WHERE account_id = $1 AND kind NOT IN ('listings', 'groups')
       AND NOT ((kind = 'market' AND subject = ANY($3::text[])) OR (kind <> 'market' AND subject = ANY($2::text[])))`,
    [accountId, ids, markets],
  );
  await c.query(
    "DELETE FROM mirror_market_series WHERE account_id = $1 AND NOT (market_id = ANY($2::text[]))",
    [accountId, markets],
  );
  await c.query(
    `INSERT INTO mirror_tasks (account_id, kind, subject, rank, seq, due_at_ms)
     SELECT $1, * , $6::bigint FROM unnest($2::text[], $3::text[], $4::int[], $5::int[])
     ON CONFLICT (account_id, kind, subject) DO UPDATE SET seq = excluded.seq`,
    [
      accountId,
      wanted.map((t) => t.kind),
      wanted.map((t) => t.subject),
      wanted.map((t) => t.rank),
      wanted.map((t) => t.seq),
      now,
    ],
  );
  await postgresTotals.change(
    c,
    accountId,
    turning.filter((t) => t.counts_now).map((t) => t.listing_id),
    1,
  );
}

export async function writeResult(
  c: PoolClient,
  task: SyncTask,
  result: TaskResult,
  readAt: Date,
  now: number,
) {
  const { accountId, subject } = task;
  switch (result.kind) {
    case "listings":
      return writeListings(c, accountId, result, readAt, now);
    case "reservations": {
      const r = result.reservations;
      // The listing's standing nights leave the totals with its old reservations and come back with the new.
      await postgresTotals.lock(c, accountId);
      const counts = await postgresTotals.counted(c, accountId, subject);
      if (counts) await postgresTotals.change(c, accountId, [subject], -1);
      await c.query("DELETE FROM mirror_reservations WHERE account_id = $1 AND listing_id = $2", [
        accountId,
        subject,
      ]);
      await c.query(
        `INSERT INTO mirror_reservations (account_id, listing_id, reservation_id, status, check_in, check_out, stay_days, nights,
           booked_at, canceled_at, currency, nightly_subtotal, body, read_at)
         SELECT $1, $2, * , $14::timestamptz FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $13::int[], $7::int[],
           $8::timestamptz[], $9::timestamptz[], $10::text[], $11::float8[], $12::jsonb[])
         ON CONFLICT DO NOTHING`,
        [
          accountId,
          subject,
          r.map((x) => x.reservationId),
          r.map((x) => x.status),
          r.map((x) => x.checkIn),
          r.map((x) => x.checkOut),
          r.map((x) => x.nights),
          r.map((x) => x.bookedAt),
          r.map((x) => x.canceledAt),
          r.map((x) => x.currency),
          r.map((x) => x.nightlySubtotal),
          r.map((x) => json(x.body)),
          r.map(stayDays),
          readAt,
        ],
      );
      if (counts) await postgresTotals.change(c, accountId, [subject], 1);
      return;
    }
    case "nights": {
      const n = result.nights;
      await c.query("DELETE FROM mirror_nights WHERE account_id = $1 AND listing_id = $2", [
        accountId,
        subject,
      ]);
      await c.query(
        `INSERT INTO mirror_nights (account_id, listing_id, currency, read_at, date, price, recommended_price, min_stay, booked, blocked, body)
         SELECT $1, $2, $3, $4::timestamptz, * FROM unnest($5::text[], $6::float8[], $7::float8[], $8::int[], $9::bool[], $10::bool[], $11::jsonb[])
         ON CONFLICT DO NOTHING`,
        [
          accountId,
          subject,
          result.currency,
          readAt,
          n.map((x) => x.date),
          n.map((x) => x.price),
          n.map((x) => x.recommendedPrice),
          n.map((x) => x.minStay),
          n.map((x) => x.booked),
          n.map((x) => x.blocked),
          n.map((x) => json(x.body)),
        ],
      );
      return;
    }
    case "flags":
      await c.query(
        `INSERT INTO mirror_flags (account_id, listing_id, body, read_at) VALUES ($1, $2, $3::jsonb, $4)
         ON CONFLICT (account_id, listing_id) DO UPDATE SET body = excluded.body, read_at = excluded.read_at`,
        [accountId, subject, json(result.flags), readAt],
      );
      return;
    case "market":
      await c.query("DELETE FROM mirror_market_series WHERE account_id = $1 AND market_id = $2", [
        accountId,
        subject,
      ]);
      await c.query(
        `INSERT INTO mirror_market_series (account_id, market_id, bedrooms, body, read_at)
         SELECT $1, $2, * , $5::timestamptz FROM unnest($3::text[], $4::jsonb[]) ON CONFLICT DO NOTHING`,
        [
          accountId,
          subject,
          result.series.map((s) => s.bedrooms),
          result.series.map((s) => json(s.body)),
          readAt,
        ],
      );
      return;
    case "groups":
      await writePostgresGroups(c, accountId, result.groups, readAt);
      return planPostgresSetPrices(c, accountId, result.groups, now);
    case "set_prices":
      return writePostgresSetPrices(c, accountId, subject, result.prices, readAt);
  }
}
