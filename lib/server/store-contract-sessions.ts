import { describe, expect, it } from "vitest";
import type { DashboardStore } from "@/lib/server/dashboard-store";

/**
 * The store contract's part on ended sessions (store-contract.ts runs it on every engine).
 * `open` gives a fresh, empty store; the caller closes it.
 */
export function endedSessionsContract(open: () => Promise<DashboardStore>): void {
  const T0 = new Date("2026-11-21T10:00:00Z");
  const at = (ms: number) => new Date(T0.getTime() + ms);
  const HOUR = 3_600_000;
  const sid = (n: number) => `sess_${String(n).padStart(16, "0")}`;
  /** A session signed in `ago` ms before T0. */
  const session = (n: number, keyId: string | null, ago = HOUR) => ({
    sessionId: sid(n),
    keyId,
    signedInAt: T0.getTime() - ago,
  });

  describe("ended sessions", () => {
    it("a signed-out session is refused until its expiry, then forgotten", async () => {
      const store = await open();
      const ref = session(1, "tok_a");
      expect(await store.isSessionEnded(ref, T0)).toBe(false);
      await store.endSession(ref.sessionId, at(12 * HOUR), T0);
      expect(await store.isSessionEnded(ref, at(1))).toBe(true);
      expect(await store.isSessionEnded(ref, at(12 * HOUR - 1))).toBe(true);
      expect(await store.isSessionEnded(ref, at(12 * HOUR))).toBe(false);
    });

    it("ending one session leaves the others of the same key alone", async () => {
      const store = await open();
      await store.endSession(sid(1), at(HOUR), T0);
      expect(await store.isSessionEnded(session(2, "tok_a"), T0)).toBe(false);
    });

    it("a revoked key ends every session signed in with it until then, and no session of another key", async () => {
      const store = await open();
      await store.endKeySessions("tok_a", at(HOUR), T0);
      expect(await store.isSessionEnded(session(1, "tok_a"), T0)).toBe(true);
      expect(await store.isSessionEnded(session(2, "tok_a", 0), T0)).toBe(true);
      expect(await store.isSessionEnded(session(3, "tok_b"), T0)).toBe(false);
      expect(await store.isSessionEnded(session(4, null), T0)).toBe(false);
    });

    it("a session signed in with the key after its revocation (the service accepts it again) is not refused", async () => {
      const store = await open();
      await store.endKeySessions("tok_a", at(HOUR), T0);
      expect(await store.isSessionEnded(session(1, "tok_a", -1), at(1))).toBe(false);
    });

    it("ending again keeps the later expiry", async () => {
      const store = await open();
      await store.endSession(sid(1), at(2 * HOUR), T0);
      await store.endSession(sid(1), at(HOUR), T0);
      expect(await store.isSessionEnded(session(1, null), at(HOUR + 1))).toBe(true);
    });

    it("a record already past its time is not kept", async () => {
      const store = await open();
      await store.endSession(sid(1), at(-1), T0);
      expect(await store.isSessionEnded(session(1, null, 2 * HOUR), at(-2))).toBe(false);
    });

    it("refuses an id that is not a session id at the boundary", async () => {
      const store = await open();
      await expect(store.endSession("short", at(HOUR), T0)).rejects.toThrow();
      await expect(
        store.endSession("x".repeat(16) + "'; DROP TABLE sinks; --", at(HOUR), T0),
      ).rejects.toThrow();
      await expect(store.endKeySessions("", at(HOUR), T0)).rejects.toThrow();
    });
  });
}
