import { describe, expect, it } from "vitest";
import type { AttemptResult, WebhookOutStore } from "@/lib/server/delivery/webhook/webhook-store";

/**
 * The rules every WebhookOutStore keeps, run on SQLite (`sqlite-webhook.test.ts`) and on
 * PostgreSQL (`postgres-webhook.test.ts`). "Another instance" is a second store on the same
 * database.
 */
export interface WebhookContractOptions {
  open: () => Promise<WebhookOutStore>;
  openAnother: () => Promise<WebhookOutStore>;
}

const T0 = new Date("2026-11-29T08:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const FIELDS = {
  url: "https://hooks.example.com/rate-desk",
  enabled: true,
  digestTime: "07:30",
  timeZone: "Europe/Paris",
};
const sealed = (text: string) => () => Buffer.from(text);
const failed = (attempt: number, attemptedAt: Date, next: Date | null): AttemptResult => ({
  attempt,
  attemptedAt: attemptedAt.toISOString(),
  responseStatus: 503,
  responseBody: "busy",
  error: null,
  durationMs: 12,
  nextAttemptAt: next,
  state: next ? "pending" : "failed",
});

export function webhookContract({ open, openAnother }: WebhookContractOptions) {
  describe("the endpoint", () => {
    it("is made once per account with its secret; a change keeps the secret; rotate replaces it", async () => {
      const store = await open();
      expect(await store.endpoint("usr_a")).toBeNull();
      const made = await store.saveEndpoint("usr_a", FIELDS, sealed("one"), T0);
      expect(made).toMatchObject({ accountId: "usr_a", ...FIELDS, createdAt: T0.toISOString() });
      expect(made.sealedSecret.toString()).toBe("one");
      const changed = await store.saveEndpoint(
        "usr_a",
        { ...FIELDS, enabled: false, url: "http://127.0.0.1:9/x" },
        sealed("two"),
        at(60),
      );
      expect(changed).toMatchObject({
        enabled: false,
        url: "http://127.0.0.1:9/x",
        createdAt: T0.toISOString(),
      });
      expect(changed.sealedSecret.toString()).toBe("one");
      const rotated = await store.rotateSecret("usr_a", Buffer.from("three"), at(120));
      expect(rotated?.sealedSecret.toString()).toBe("three");
      expect(rotated?.secretRotatedAt).toBe(at(120).toISOString());
      expect(await store.rotateSecret("usr_b", Buffer.from("x"), at(120))).toBeNull();
      await store.saveEndpoint("usr_b", FIELDS, sealed("b"), T0);
      expect((await store.enabledEndpoints()).map((e) => e.accountId)).toEqual(["usr_b"]);
    });
  });

  describe("messages and their attempts", () => {
    it("a message is due at once, leased to one caller, and after a failure due again at its retry time", async () => {
      const store = await open();
      const other = await openAnother();
      await store.saveEndpoint("usr_a", FIELDS, sealed("s"), T0);
      const message = await store.addMessage("usr_a", "alert.fired", '{"type":"alert.fired"}', T0);
      expect(message).toMatchObject({ state: "pending", attempts: [], nextAttemptAt: T0.toISOString() });
      expect(message.id).toMatch(/^msg_/);

      const [first] = await store.claimDue(at(1), 60_000, 10);
      expect(first).toMatchObject({
        id: message.id,
        attempt: 1,
        url: FIELDS.url,
        body: '{"type":"alert.fired"}',
      });
      expect(first!.sealedSecret.toString()).toBe("s");
      // Leased: neither this caller nor another instance gets it again before the lease ends.
      expect(await other.claimDue(at(2), 60_000, 10)).toEqual([]);
      await store.recordAttempt(message.id, failed(1, at(1), at(31)));
      expect(await other.claimDue(at(30), 60_000, 10)).toEqual([]);
      const [second] = await other.claimDue(at(31), 60_000, 10);
      expect(second).toMatchObject({ id: message.id, attempt: 2 });

      await other.recordAttempt(message.id, {
        ...failed(2, at(31), null),
        responseStatus: 200,
        state: "succeeded",
      });
      expect(await store.claimDue(at(10_000), 60_000, 10)).toEqual([]);
      const [listed] = await store.listMessages("usr_a");
      expect(listed).toMatchObject({ id: message.id, state: "succeeded", nextAttemptAt: null });
      expect(listed!.attempts.map((a) => [a.attempt, a.responseStatus])).toEqual([
        [1, 503],
        [2, 200],
      ]);
      expect(listed!.attempts[0]).toMatchObject({ responseBody: "busy", durationMs: 12, error: null });
      await other.close();
    });

    it("a message is claimed alone when named, and only while it is due and not leased", async () => {
      const store = await open();
      await store.saveEndpoint("usr_a", FIELDS, sealed("s"), T0);
      const first = await store.addMessage("usr_a", "alert.fired", "{}", T0);
      const test = await store.addMessage("usr_a", "alert.test", "{}", at(1));
      expect((await store.claimDue(at(2), 60_000, 10, test.id)).map((d) => d.id)).toEqual([test.id]);
      expect(await store.claimDue(at(3), 60_000, 10, test.id)).toEqual([]);
      expect((await store.claimDue(at(3), 60_000, 10)).map((d) => d.id)).toEqual([first.id]);
    });

    it("a lease that ran out (its worker stopped) is taken by another caller", async () => {
      const store = await open();
      const other = await openAnother();
      await store.saveEndpoint("usr_a", FIELDS, sealed("s"), T0);
      const message = await store.addMessage("usr_a", "alert.test", "{}", T0);
      expect(await store.claimDue(T0, 60_000, 10)).toHaveLength(1);
      expect(await other.claimDue(at(59), 60_000, 10)).toEqual([]);
      expect((await other.claimDue(at(60), 60_000, 10)).map((d) => d.id)).toEqual([message.id]);
      await other.close();
    });

    it("a message to a disabled endpoint waits; a given-up message is failed and never due again", async () => {
      const store = await open();
      await store.saveEndpoint("usr_a", { ...FIELDS, enabled: false }, sealed("s"), T0);
      const message = await store.addMessage("usr_a", "alert.test", "{}", T0);
      expect(await store.claimDue(at(1), 60_000, 10)).toEqual([]);
      await store.saveEndpoint("usr_a", FIELDS, sealed("s"), T0);
      expect(await store.claimDue(at(1), 60_000, 10)).toHaveLength(1);
      await store.recordAttempt(message.id, failed(6, at(1), null));
      expect(await store.claimDue(at(100_000), 60_000, 10)).toEqual([]);
      expect((await store.listMessages("usr_a"))[0]).toMatchObject({ state: "failed", nextAttemptAt: null });
    });

    it("lists an account's messages newest first, no other account's", async () => {
      const store = await open();
      const older = await store.addMessage("usr_a", "alert.test", "{}", T0);
      const newer = await store.addMessage("usr_a", "alert.fired", "{}", at(5));
      await store.addMessage("usr_b", "alert.fired", "{}", at(6));
      expect((await store.listMessages("usr_a")).map((m) => m.id)).toEqual([newer.id, older.id]);
      expect((await store.listMessages("usr_a", 1)).map((m) => m.id)).toEqual([newer.id]);
    });
  });

  describe("one digest per account and local day", () => {
    it("the first claim of a day makes the digest; every other claim of that day, from any instance, makes nothing", async () => {
      const store = await open();
      const other = await openAnother();
      expect(await store.digestClaimed("usr_a", "2026-11-29")).toBe(false);
      const claims = await Promise.all([
        store.claimDigest("usr_a", "2026-11-29", '{"n":1}', T0),
        other.claimDigest("usr_a", "2026-11-29", '{"n":2}', T0),
      ]);
      const made = claims.filter((c) => c !== false);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ type: "alerts.digest", digestDate: "2026-11-29", state: "pending" });
      expect(await other.digestClaimed("usr_a", "2026-11-29")).toBe(true);
      expect(await store.claimDigest("usr_a", "2026-11-29", "{}", at(60))).toBe(false);
      // An empty day is claimed too, and makes no message.
      expect(await store.claimDigest("usr_a", "2026-11-30", null, at(86_400))).toBeNull();
      expect(await store.claimDigest("usr_b", "2026-11-29", "{}", T0)).toMatchObject({ accountId: "usr_b" });
      expect((await store.listMessages("usr_a")).map((m) => m.digestDate)).toEqual(["2026-11-29"]);
      await other.close();
    });
  });
}
