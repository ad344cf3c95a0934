import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/format/dates";
import { nightsIn, onTheBooks, stayDays } from "@/lib/pace/definitions";
import type { MirrorNight, MirrorStore } from "@/lib/server/mirror/mirror-store";
import {
  DAY,
  LEASE,
  listingRow,
  ok,
  startedOn,
  T0,
  WINDOW,
  type MirrorContractOptions,
} from "@/lib/server/mirror/mirror-contract-support";
import {
  LISTINGS,
  visibleReservations,
  writtenReservations,
  type HeldReservation,
} from "@/lib/server/mirror/mirror-contract-pace";

/**
 * The per-listing reads of every listing at once (the triage score's, the alerts' daily
 * pass's) keep the pace definitions (lib/pace/definitions.ts) over the reservations fast-check
 * makes, and hand back the calendar's typed columns as written; on SQLite and PostgreSQL.
 */
export function mirrorByListingContract({ open }: Pick<MirrorContractOptions, "open">) {
  let store: MirrorStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const scopeArb = fc.option(fc.subarray([...LISTINGS], { minLength: 1 }), { freq: 3 });
  const inScope = (reservations: HeldReservation[], listings: readonly string[] | null) =>
    listings === null
      ? visibleReservations(reservations)
      : reservations.filter((r) => listings.includes(r.listingId));
  const instantNear = (instant: string | null, ms: number, hours: number) =>
    instant === null
      ? new Date(Date.parse("2026-01-01T00:00:00.000Z") + hours * 3_600_000).toISOString()
      : new Date(Date.parse(instant) + ms).toISOString();

  describe("the listings' nights in several periods at once", () => {
    it("are each listing's nights on the books in each period, at any instant, the definitions' own", async () => {
      const reservations = await writtenReservations(store);
      const question = fc.record({
        i: fc.integer({ min: 0, max: reservations.length - 1 }),
        before: fc.integer({ min: 0, max: 40 }),
        periods: fc.array(
          fc.record({ offset: fc.integer({ min: 0, max: 30 }), length: fc.integer({ min: 1, max: 120 }) }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        when: fc.constantFrom("now", "booked", "canceled", "anywhere"),
        ms: fc.constantFrom(-1, 0, 1),
        hours: fc.integer({ min: -24 * 60, max: 24 * 520 }),
      });
      await fc.assert(
        fc.asyncProperty(question, scopeArb, async (q, listings) => {
          const r = reservations[q.i]!;
          const from = addDays(r.checkIn, -q.before);
          const periods = q.periods.map((p) => ({
            from: addDays(from, p.offset),
            to: addDays(from, p.offset + p.length),
          }));
          const at =
            q.when === "now"
              ? null
              : instantNear(
                  q.when === "booked" ? r.bookedAt : q.when === "canceled" ? r.canceledAt : null,
                  q.ms,
                  q.hours,
                );
          const answer = await store.listingNights("usr_owner", periods, {
            ...(at === null ? {} : { at }),
            ...(listings === null ? {} : { listings }),
          });
          const expected = LISTINGS.flatMap((listingId) => {
            const stays = inScope(reservations, listings).filter(
              (s) => s.listingId === listingId && stayDays(s) > 0 && onTheBooks(s, at),
            );
            const nights = periods.map((p) => stays.reduce((sum, s) => sum + nightsIn(s, p), 0));
            return nights.some((n) => n > 0) ? [{ listingId, nights }] : [];
          });
          expect(answer).toEqual(expected);
        }),
        { numRuns: 120, seed: 41 },
      );
    });

    it("asked for no period, answer nothing", async () => {
      await writtenReservations(store);
      expect(await store.listingNights("usr_owner", [])).toEqual([]);
    });
  });

  describe("the listings' recent bookings", () => {
    it("count each listing's bookings made in (from, to] that still stand, with the newest, the definitions' own", async () => {
      const reservations = await writtenReservations(store);
      const question = fc.record({
        i: fc.integer({ min: 0, max: reservations.length - 1 }),
        edge: fc.constantFrom("from", "to", "inside"),
        ms: fc.constantFrom(-1, 0, 1),
        days: fc.integer({ min: 1, max: 120 }),
      });
      await fc.assert(
        fc.asyncProperty(question, scopeArb, async (q, listings) => {
          const booked = reservations[q.i]!.bookedAt ?? "2026-06-01T12:00:00.000Z";
          const span = q.days * DAY;
          const end =
            q.edge === "to"
              ? Date.parse(booked) + q.ms
              : q.edge === "from"
                ? Date.parse(booked) + span + q.ms
                : Date.parse(booked) + span / 2;
          const window = { from: new Date(end - span).toISOString(), to: new Date(end).toISOString() };
          const answer = await store.recentBookings(
            "usr_owner",
            window,
            listings === null ? {} : { listings },
          );
          const within = (s: HeldReservation) =>
            s.bookedAt !== null &&
            Date.parse(s.bookedAt) > Date.parse(window.from) &&
            Date.parse(s.bookedAt) <= Date.parse(window.to);
          const expected = LISTINGS.flatMap((listingId) => {
            const standing = inScope(reservations, listings).filter(
              (s) => s.listingId === listingId && stayDays(s) > 0 && onTheBooks(s, null) && within(s),
            );
            if (standing.length === 0) return [];
            const newest = standing
              .map((s) => s.bookedAt!)
              .sort()
              .at(-1)!;
            return [{ listingId, bookings: standing.length, newestBookedAt: newest }];
          });
          expect(answer).toEqual(expected);
        }),
        { numRuns: 120, seed: 43 },
      );
    });
  });

  describe("the listings' calendar nights as typed columns", () => {
    const night = (date: string, typed: Partial<MirrorNight> = {}): MirrorNight => ({
      date,
      price: 100,
      recommendedPrice: 90,
      minStay: 1,
      booked: false,
      blocked: false,
      body: { date, price: 100 },
      ...typed,
    });

    /** a holds three nights (one unpriced, one the calendar says nothing of), b misses one, h is hidden. */
    async function written() {
      await startedOn(store, [listingRow("a"), listingRow("b"), { ...listingRow("h"), hidden: true }]);
      const held: Record<string, MirrorNight[]> = {
        a: [
          night("2026-12-03", { booked: true }),
          night("2026-12-01", { price: null }),
          night("2026-12-02", { price: 87.5, booked: null, blocked: null }),
        ],
        b: [night("2026-12-01"), night("2026-12-03", { blocked: true })],
        h: ["2026-12-01", "2026-12-02", "2026-12-03"].map((d) => night(d, { price: 240 })),
      };
      for (;;) {
        const tasks = (await store.claimTasks("usr_owner", 20, LEASE, T0)).filter((t) => t.kind === "nights");
        if (tasks.length === 0) break;
        for (const t of tasks)
          await store.finishTask(
            t,
            ok({ kind: "nights", window: WINDOW, currency: "EUR", nights: held[t.subject]! }),
            DAY,
            T0,
          );
      }
    }

    it("hand back each named listing whose calendar holds every night of the range, its nights in date order", async () => {
      await written();
      const range = { from: "2026-12-01", to: "2026-12-03" };
      expect(await store.calendarNights("usr_owner", ["a", "b", "h", "zz"], range)).toEqual([
        {
          listingId: "a",
          currency: "EUR",
          readAt: T0.toISOString(),
          nights: [
            { date: "2026-12-01", price: null, booked: false, blocked: false },
            { date: "2026-12-02", price: 87.5, booked: null, blocked: null },
            { date: "2026-12-03", price: 100, booked: true, blocked: false },
          ],
        },
        {
          listingId: "h",
          currency: "EUR",
          readAt: T0.toISOString(),
          nights: ["2026-12-01", "2026-12-02", "2026-12-03"].map((date) => ({
            date,
            price: 240,
            booked: false,
            blocked: false,
          })),
        },
      ]);
      // b holds the range's first and last nights only; a one-night range of its own it holds.
      expect(
        (await store.calendarNights("usr_owner", ["b"], { from: "2026-12-03", to: "2026-12-03" }))[0]?.nights,
      ).toEqual([{ date: "2026-12-03", price: 100, booked: false, blocked: true }]);
      expect(await store.calendarNights("usr_owner", [], range)).toEqual([]);
      // Without ids: every listing the mirror holds for the account, the hidden one too.
      expect(await store.calendarNights("usr_owner", null, range)).toEqual(
        await store.calendarNights("usr_owner", ["a", "b", "h"], range),
      );
      expect((await store.calendarNights("usr_owner", null, range)).map((c) => c.listingId)).toEqual([
        "a",
        "h",
      ]);
    });

    it("are the calendars' own listings and dates, without the bodies", async () => {
      await written();
      const range = { from: "2026-12-01", to: "2026-12-02" };
      const whole = await store.calendars("usr_owner", ["a", "b", "h"], range);
      const typed = await store.calendarNights("usr_owner", ["a", "b", "h"], range);
      expect(typed.map((c) => [c.listingId, c.readAt, c.nights.map((n) => n.date)])).toEqual(
        whole.map((c) => [c.listingId, c.readAt, c.nights.map((n) => (n as { date: string }).date)]),
      );
    });
  });
}
