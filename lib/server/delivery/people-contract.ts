import { describe, expect, it } from "vitest";
import type { DeliverySettings } from "@/lib/alerts/delivery-settings";
import type { PeopleStore } from "@/lib/server/delivery/people-store";

/**
 * The rules every PeopleStore keeps, run on SQLite (`sqlite-people.test.ts`) and on
 * PostgreSQL (`postgres-people.test.ts`). "Another instance" is a second store on the same
 * database.
 */
export interface PeopleContractOptions {
  open: () => Promise<PeopleStore>;
  openAnother: () => Promise<PeopleStore>;
}

const T0 = new Date("2026-11-29T06:00:00.000Z");
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const PARIS: DeliverySettings = {
  email: "anna@example.com",
  timeZone: "Europe/Paris",
  digestTime: "07:00",
  digest: true,
  immediate: true,
};

export function peopleContract({ open, openAnother }: PeopleContractOptions) {
  describe("people", () => {
    it("each person of an account keeps their own settings, saved again in place", async () => {
      const store = await open();
      expect(await store.findPerson("usr_a", "tok_1")).toBeNull();
      const anna = await store.savePerson("usr_a", "tok_1", "Anna", PARIS, T0);
      expect(anna).toMatchObject({
        accountId: "usr_a",
        personId: "tok_1",
        settings: PARIS,
        createdAt: T0.toISOString(),
      });
      const ben = { ...PARIS, email: "ben@example.com", timeZone: "America/New_York", digest: false };
      await store.savePerson("usr_a", "tok_2", "Ben", ben, at(1));
      await store.savePerson("usr_b", "tok_3", "Cleo", PARIS, at(2));
      const changed = await store.savePerson(
        "usr_a",
        "tok_1",
        "Anna",
        { ...PARIS, digestTime: "06:30" },
        at(3),
      );
      expect(changed).toMatchObject({ createdAt: T0.toISOString(), updatedAt: at(3).toISOString() });
      expect(changed.settings.digestTime).toBe("06:30");
      expect((await store.people("usr_a")).map((p) => [p.personId, p.settings.email])).toEqual([
        ["tok_1", "anna@example.com"],
        ["tok_2", "ben@example.com"],
      ]);
      expect((await store.digestPeople()).map((p) => `${p.accountId}/${p.personId}`)).toEqual([
        "usr_a/tok_1",
        "usr_b/tok_3",
      ]);
      await store.close();
    });
  });

  describe("digests", () => {
    it("a person's day is claimed once; the next day starts where the last delivered one stopped", async () => {
      const store = await open();
      const first = await store.claimDigest("usr_a", "tok_1", "2026-11-29", at(0), at(0));
      expect(first).toEqual({ since: null });
      expect(await store.claimDigest("usr_a", "tok_1", "2026-11-29", at(1), at(1))).toBeNull();
      // Another person's day, and another account's, are theirs.
      expect(await store.claimDigest("usr_a", "tok_2", "2026-11-29", at(0), at(0))).toEqual({ since: null });
      await store.finishDigest("usr_a", "tok_1", "2026-11-29", {
        alertCount: 3,
        sentAt: at(0.01),
        error: null,
        attempts: 1,
      });
      expect(await store.lastDigest("usr_a", "tok_1")).toMatchObject({
        localDate: "2026-11-29",
        cutoff: at(0).toISOString(),
        alertCount: 3,
        sentAt: at(0.01).toISOString(),
        error: null,
        attempts: 1,
      });
      expect(await store.claimDigest("usr_a", "tok_1", "2026-11-30", at(24), at(24))).toEqual({
        since: at(0).toISOString(),
      });
      // A day that failed is not where the next starts: its alerts go in the next digest.
      await store.finishDigest("usr_a", "tok_1", "2026-11-30", {
        alertCount: 2,
        sentAt: null,
        error: "The mail server refused the message.",
        attempts: 3,
      });
      expect(await store.lastDigest("usr_a", "tok_1")).toMatchObject({ sentAt: null, attempts: 3 });
      expect(await store.claimDigest("usr_a", "tok_1", "2026-12-01", at(48), at(48))).toEqual({
        since: at(0).toISOString(),
      });
      expect(await store.lastDigest("usr_b", "tok_1")).toBeNull();
      await store.close();
    });

    it("two instances claiming the same days at once claim each one once", async () => {
      const one = await open();
      const two = await openAnother();
      const days = Array.from({ length: 20 }, (_, i) => `2026-12-${String(i + 1).padStart(2, "0")}`);
      const claims = await Promise.all(
        days.flatMap((d) => [one, two].map((s) => s.claimDigest("usr_a", "tok_1", d, T0, T0))),
      );
      expect(claims.filter((c) => c !== null)).toHaveLength(20);
      await one.close();
      await two.close();
    });
  });
}
