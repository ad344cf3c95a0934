import { expect } from "vitest";
import type {
  MirrorListing,
  MirrorReservation,
  MirrorStore,
  TaskOutcome,
} from "@/lib/server/mirror/mirror-store";

/** What the mirror's contract suites share (mirror-contract.ts, mirror-contract-rows.ts). */
export interface MirrorContractOptions {
  /** A store on an empty database. */
  open: () => Promise<MirrorStore>;
  /** A second store on the same database: another instance. */
  openAnother: () => Promise<MirrorStore>;
}

export const T0 = new Date("2026-11-27T10:00:00Z");
export const later = (ms: number) => new Date(T0.getTime() + ms);
export const DAY = 24 * 60 * 60 * 1000;
export const LEASE = 60_000;

export const listingRow = (
  id: string,
  marketId = "mkt_austin",
  extra: Record<string, unknown> = {},
): MirrorListing => ({
  listingId: id,
  channel: "airbnb",
  channelListingId: `ch_${id}`,
  name: `Listing ${id}`,
  marketId,
  bedrooms: 2,
  currency: "USD",
  hidden: false,
  body: { svc_id: id, name: `Listing ${id}`, ...extra },
});
export const reservationRow = (id: string, checkIn = "2026-12-01"): MirrorReservation => ({
  reservationId: id,
  status: "Accepted",
  checkIn,
  checkOut: "2026-12-04",
  nights: 3,
  bookedAt: "2026-10-01T09:00:00.000Z",
  canceledAt: null,
  currency: "USD",
  nightlySubtotal: 450,
  body: { reservation_id: id, nightly_subtotal: 450 },
});
export const ok = (result: Extract<TaskOutcome, { ok: true }>["result"], requests = 1): TaskOutcome => ({
  ok: true,
  result,
  requests,
});
export const WINDOW = { from: "2024-11-27", to: "2027-11-27" };

/** Starts the account and finishes its listings read with the given listings. */
export async function startedOn(store: MirrorStore, listings: MirrorListing[], account = "usr_owner") {
  await store.startSync(account, "Olivia Hart", T0);
  const [task] = await store.claimTasks(account, 1, LEASE, T0);
  expect(task!.kind).toBe("listings");
  expect(await store.finishTask(task!, ok({ kind: "listings", listings }, 2), DAY, T0)).toBe(true);
}

/**
 * A shown listing and a hidden one, each with one December stay read: December's unscoped
 * books, which count the shown one's 3 nights only (a schema upgrade's tests compare them).
 */
export const DECEMBER = [{ from: "2026-12-01", to: "2027-01-01" }];
export async function withTwoStays(store: MirrorStore) {
  await startedOn(store, [listingRow("a"), { ...listingRow("h"), hidden: true }]);
  const tasks = await store.claimTasks("usr_owner", 10, LEASE, T0);
  for (const task of tasks.filter((t) => t.kind === "reservations"))
    await store.finishTask(
      task,
      ok({ kind: "reservations", window: WINDOW, reservations: [reservationRow(`r_${task.subject}`)] }),
      DAY,
      T0,
    );
  const books = await store.stayFigures("usr_owner", DECEMBER);
  expect(books[0]!.map((f) => f.nights)).toEqual([3]);
  return books;
}
