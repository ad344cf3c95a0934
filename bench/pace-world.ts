/**
 * The world bench:pace reads (bench/pace.ts): 1,500 listings in three currencies, each with
 * about 105 reservations from 24 months back to 12 ahead (about 157,000 in all), booked 0–300
 * days ahead (most within two months), about one in nine cancelled, longer stays at weekends,
 * written straight through the store's own writes (no backfill). Seeded: the same world on
 * both stores and on every run.
 */
import { addDays } from "../lib/format/dates";
import type { MirrorListing, MirrorReservation, MirrorStore } from "../lib/server/mirror/mirror-store";

export const ACCOUNT = "usr_bench";
export const LISTINGS = 1_500;
export const NOW = "2026-11-29T08:00:00.000Z";
const TODAY = NOW.slice(0, 10);
const DAY_MS = 86_400_000;

/** A small seeded generator: the same world on both stores and on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function world(): { listings: MirrorListing[]; reservations: Map<string, MirrorReservation[]> } {
  const next = random(2026);
  const currencies = ["USD", "EUR", "GBP"];
  const listings: MirrorListing[] = [];
  const reservations = new Map<string, MirrorReservation[]>();
  for (let l = 0; l < LISTINGS; l++) {
    const id = `lst_${l}`;
    const currency = currencies[l % 3]!;
    listings.push({
      listingId: id,
      channel: "airbnb",
      channelListingId: `ch_${l}`,
      name: `Listing ${l}`,
      marketId: `mkt_${l % 12}`,
      bedrooms: 1 + (l % 4),
      currency,
      hidden: false,
      body: { svc_id: id },
    });
    const rows: MirrorReservation[] = [];
    // Stays placed one after another from 24 months back to 12 ahead, with gaps (a vacant
    // night or more): about 135 in 36 months, those ahead only if already booked.
    let day = addDays(TODAY, -730);
    const last = addDays(TODAY, 365);
    for (let r = 0; ; r++) {
      day = addDays(day, 1 + Math.floor(next() * 8));
      if (day >= last) break;
      const weekend = [5, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
      const nights = 1 + Math.floor(next() * (weekend ? 6 : 4));
      const checkOut = addDays(day, nights);
      const lead = Math.floor(-Math.log(1 - next() * 0.999) * 35);
      const bookedAt = new Date(
        Date.parse(`${day}T00:00:00Z`) - Math.min(lead, 300) * DAY_MS + next() * DAY_MS,
      );
      const cancelAt =
        next() < 0.11 ? new Date(bookedAt.getTime() + next() * Math.max(1, lead) * DAY_MS) : null;
      // What is booked or cancelled after "now" has not happened yet: not on the books, or not cancelled.
      const canceled = cancelAt !== null && cancelAt.getTime() <= Date.parse(NOW) ? cancelAt : null;
      if (bookedAt.getTime() > Date.parse(NOW)) {
        day = checkOut;
        continue;
      }
      rows.push({
        reservationId: `${id}_r${r}`,
        status: canceled ? "Canceled" : "Accepted",
        checkIn: day,
        checkOut,
        nights,
        bookedAt: bookedAt.toISOString(),
        canceledAt: canceled?.toISOString() ?? null,
        currency,
        nightlySubtotal: next() < 0.02 ? null : Math.round(nights * (120 + next() * 260)),
        body: { reservation_id: `${id}_r${r}` },
      });
      day = checkOut;
    }
    reservations.set(id, rows);
  }
  return { listings, reservations };
}

export async function fill(store: MirrorStore, data: ReturnType<typeof world>): Promise<number> {
  const at = new Date(Date.parse(NOW) - 3_600_000);
  await store.startSync(ACCOUNT, "Bench", at);
  const [list] = await store.claimTasks(ACCOUNT, 1, 600_000, at);
  await store.finishTask(
    list!,
    { ok: true, result: { kind: "listings", listings: data.listings }, requests: 15 },
    DAY_MS,
    at,
  );
  let written = 0;
  const window = { from: addDays(TODAY, -731), to: addDays(TODAY, 366) };
  for (;;) {
    const tasks = (await store.claimTasks(ACCOUNT, 100, 600_000, at)).filter(
      (t) => t.kind === "reservations",
    );
    if (tasks.length === 0) break;
    for (const task of tasks) {
      const reservations = data.reservations.get(task.subject)!;
      await store.finishTask(
        task,
        { ok: true, result: { kind: "reservations", window, reservations }, requests: 2 },
        DAY_MS,
        at,
      );
      written += reservations.length;
    }
  }
  return written;
}
