import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAlertTrigger, listingsOfRead } from "@/lib/server/alerts/trigger";

/** When rules are evaluated: writes coalesced per account, one more after a write mid-evaluation, daily. */
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the evaluation trigger", () => {
  it("a burst of mirror writes for an account is evaluated once after the quiet time, each account apart", async () => {
    const evaluated: string[] = [];
    const trigger = createAlertTrigger({
      evaluate: async (a) => void evaluated.push(a),
      accounts: async () => [],
      debounceMs: 3000,
    });
    for (let i = 0; i < 20; i++) trigger.mirrorWrote("usr_a");
    trigger.mirrorWrote("usr_b");
    expect(evaluated).toEqual([]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(evaluated.sort()).toEqual(["usr_a", "usr_b"]);
    trigger.mirrorWrote("usr_a");
    await vi.advanceTimersByTimeAsync(3000);
    expect(evaluated.filter((a) => a === "usr_a")).toHaveLength(2);
    trigger.stop();
  });

  it("a write during an evaluation brings one more evaluation after it, never two at once", async () => {
    let running = 0;
    let most = 0;
    let count = 0;
    let release = () => {};
    const trigger = createAlertTrigger({
      evaluate: async () => {
        running += 1;
        most = Math.max(most, running);
        count += 1;
        await new Promise<void>((resolve) => (release = resolve));
        running -= 1;
      },
      accounts: async () => [],
      debounceMs: 1000,
    });
    trigger.mirrorWrote("usr_a");
    await vi.advanceTimersByTimeAsync(1000);
    trigger.mirrorWrote("usr_a");
    await vi.advanceTimersByTimeAsync(1000);
    trigger.mirrorWrote("usr_a");
    await vi.advanceTimersByTimeAsync(1000);
    expect(count).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(count).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(count).toBe(2);
    expect(most).toBe(1);
    trigger.stop();
  });

  it("the writes of the quiet time name the listings evaluated; a write naming none has every listing evaluated", async () => {
    const calls: Array<readonly string[] | undefined> = [];
    const trigger = createAlertTrigger({
      evaluate: async (_a, listings) => void calls.push(listings),
      accounts: async () => [],
      debounceMs: 1000,
    });
    trigger.mirrorWrote("usr_a", ["l2"]);
    trigger.mirrorWrote("usr_a", ["l1", "l2"]);
    await vi.advanceTimersByTimeAsync(1000);
    trigger.mirrorWrote("usr_a", ["l3"]);
    trigger.mirrorWrote("usr_a");
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([["l1", "l2"], undefined]);
    expect(listingsOfRead("reservations", "l9")).toEqual(["l9"]);
    expect(listingsOfRead("market", "mkt_1")).toBeUndefined();
    expect(listingsOfRead("listings", "")).toBeUndefined();
    trigger.stop();
  });

  it("once a day, every account with an active rule is evaluated with no write", async () => {
    const evaluated: string[] = [];
    const trigger = createAlertTrigger({
      evaluate: async (a, listings) => void evaluated.push(`${a} ${listings ?? "every listing"}`),
      accounts: async () => ["usr_a", "usr_b"],
      debounceMs: 1000,
      dailyMs: 86_400_000,
    });
    await vi.advanceTimersByTimeAsync(86_400_000 + 1000);
    expect(evaluated.sort()).toEqual(["usr_a every listing", "usr_b every listing"]);
    trigger.stop();
  });
});
