import { addDays } from "@/lib/format/dates";
import type {
  MirrorListing,
  MirrorReservation,
  MirrorStore,
  TaskResult,
} from "@/lib/server/mirror/mirror-store";

/**
 * A small mirror written through the store's own writes, for the evaluation's tests: each read
 * is finished as the sync would finish it. Imported by tests only.
 */
export const ACCOUNT = "usr_owner";
export const NOW = new Date("2026-11-29T08:00:00.000Z");
export const TODAY = "2026-11-29";
const DAY = 86_400_000;

let tick = 0;
/** Finishes the account's task of that kind and subject with `result` (made due first when read before). */
export async function put(store: MirrorStore, kind: TaskResult["kind"], subject: string, result: TaskResult) {
  if (kind !== "groups")
    await store.markDue(ACCOUNT, kind, [subject], new Date(NOW.getTime() - DAY + tick * 1000));
  for (let i = 0; i < 50; i++) {
    const at = new Date(NOW.getTime() - DAY + ++tick * 1000);
    const task = (await store.claimTasks(ACCOUNT, 1000, 1, at)).find(
      (t) => t.kind === kind && t.subject === subject,
    );
    if (task) {
      await store.finishTask(task, { ok: true, result, requests: 1 }, DAY, at);
      return;
    }
  }
  throw new Error(`no ${kind} task for ${subject}`);
}

export const listing = (
  id: string,
  extra: Partial<MirrorListing> = {},
  body: Record<string, unknown> = {},
): MirrorListing => ({
  listingId: id,
  channel: "airbnb",
  channelListingId: `ch_${id}`,
  name: `Listing ${id}`,
  marketId: "mkt_a",
  bedrooms: 2,
  currency: "USD",
  hidden: false,
  body: { svc_id: id, access_level: "owner", owner_user: { id: ACCOUNT }, ...body },
  ...extra,
});

export const stay = (
  id: string,
  checkIn: string,
  nights: number,
  bookedAt: string,
  canceledAt: string | null = null,
): MirrorReservation => ({
  reservationId: id,
  status: canceledAt ? "Canceled" : "Accepted",
  checkIn,
  checkOut: addDays(checkIn, nights),
  nights,
  bookedAt,
  canceledAt,
  currency: "USD",
  nightlySubtotal: nights * 100,
  body: { reservation_id: id },
});

export const reservations = (rows: MirrorReservation[]): TaskResult => ({
  kind: "reservations",
  window: { from: addDays(TODAY, -730), to: addDays(TODAY, 366) },
  reservations: rows,
});

/** 365 nights from today: `price(i)` and booked when `booked(i)`. */
export function calendar(
  price: (i: number) => number,
  booked: (i: number) => boolean = () => false,
): TaskResult {
  return {
    kind: "nights",
    window: { from: TODAY, to: addDays(TODAY, 364) },
    currency: "USD",
    nights: Array.from({ length: 365 }, (_, i) => {
      const date = addDays(TODAY, i);
      const isBooked = booked(i);
      const body = { date, price: price(i), is_booked: isBooked, available: !isBooked };
      return {
        date,
        price: price(i),
        recommendedPrice: null,
        minStay: 1,
        booked: isBooked,
        blocked: false,
        body,
      };
    }),
  };
}

/** The market's occupancy, every night at `occupancy` percent. */
export function market(occupancy: number): TaskResult {
  const points = Array.from({ length: 400 }, (_, i) => ({
    date: addDays(TODAY, i - 30),
    value: occupancy,
    p25: null,
    p50: occupancy,
    p75: null,
  }));
  return {
    kind: "market",
    series: [
      {
        bedrooms: "all:occupancy",
        body: { market_id: "mkt_a", bedrooms: null, metric: "occupancy", currency: "USD", points },
      },
    ],
  };
}
