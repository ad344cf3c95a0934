import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import {
  answerFromError,
  SYNC_PAID_PLAN_REASON,
  SYNC_READ_ONLY_REASON,
  SYNC_VIEWER_REASON,
  syncState,
  type SyncInputs,
} from "@/lib/listing/header/sync-state";

const NOW = Date.parse("2026-11-21T10:00:00Z");

const inputs = (over: Partial<SyncInputs> = {}): SyncInputs => ({
  readOnly: false,
  access: "owner",
  tier: "Pro Flex",
  tierPending: false,
  last: null,
  pending: false,
  now: NOW,
  ...over,
});

const limited = (code: string, retryAfter: number | null, details?: Record<string, unknown>) =>
  new SvcError({
    status: 429,
    code,
    message: `refused: ${code}`,
    details,
    rateLimit: { limit: 120, remaining: 100, resetAt: null, retryAfter, skewMs: null },
  });

const describeError = (error: unknown) => (error instanceof Error ? error.message : "failed");

describe("who may sync", () => {
  it("a paid listing with edit access may sync", () => {
    expect(syncState(inputs())).toEqual({ kind: "ready", note: null });
  });

  it("the Free tier is told a sync needs a paid plan", () => {
    expect(syncState(inputs({ tier: "Free" }))).toEqual({ kind: "blocked", reason: SYNC_PAID_PLAN_REASON });
  });

  it("a read-only key cannot sync, whatever the plan", () => {
    expect(syncState(inputs({ readOnly: true }))).toEqual({ kind: "blocked", reason: SYNC_READ_ONLY_REASON });
    expect(syncState(inputs({ readOnly: true, tier: "Free" }))).toEqual({
      kind: "blocked",
      reason: SYNC_READ_ONLY_REASON,
    });
  });

  it("a viewer cannot sync; a restricted editor can", () => {
    expect(syncState(inputs({ access: "viewer" }))).toEqual({ kind: "blocked", reason: SYNC_VIEWER_REASON });
    expect(syncState(inputs({ access: "restricted_editor" })).kind).toBe("ready");
  });

  it("an unknown access level gets the least privilege", () => {
    const state = syncState(inputs({ access: "co_host" }));
    expect(state.kind).toBe("blocked");
    if (state.kind === "blocked") expect(state.reason).toContain('"co_host"');
  });

  it("a pricing tier we do not know is left to the service, like one not read", () => {
    expect(syncState(inputs({ tier: "Pro Enterprise" })).kind).toBe("ready");
  });

  it("waits for the plan while the pricing tier loads, but a tier that failed to load does not block", () => {
    expect(syncState(inputs({ tier: null, tierPending: true })).kind).toBe("waiting");
    expect(syncState(inputs({ tier: null, tierPending: false })).kind).toBe("ready");
  });

  it("a sync in flight shows as working", () => {
    expect(syncState(inputs({ pending: true }))).toEqual({ kind: "working" });
  });
});

describe("the service's answers", () => {
  it("a 429 starts a countdown from Retry-After", () => {
    const last = answerFromError(limited("sync_debounced", 42), NOW, describeError);
    expect(last).toEqual({ kind: "debounced", until: NOW + 42_000 });
    expect(syncState(inputs({ last }))).toEqual({ kind: "countdown", seconds: 42 });
  });

  it("the countdown ticks down and the button is offered again at 0", () => {
    const last = answerFromError(limited("sync_debounced", 42), NOW, describeError);
    expect(syncState(inputs({ last, now: NOW + 10_000 }))).toEqual({ kind: "countdown", seconds: 32 });
    expect(syncState(inputs({ last, now: NOW + 41_500 }))).toEqual({ kind: "countdown", seconds: 1 });
    expect(syncState(inputs({ last, now: NOW + 42_000 }))).toEqual({ kind: "ready", note: null });
  });

  it("a debounce without Retry-After falls back to details.retry_after", () => {
    const last = answerFromError(limited("sync_debounced", null, { retry_after: 17 }), NOW, describeError);
    expect(syncState(inputs({ last }))).toEqual({ kind: "countdown", seconds: 17 });
  });

  it("the daily cap says so and when it resets, until it does", () => {
    const last = answerFromError(limited("sync_daily_limit", 3600), NOW, describeError);
    expect(syncState(inputs({ last }))).toEqual({
      kind: "daily_cap",
      resetsAt: NOW + 3_600_000,
      reason: "refused: sync_daily_limit",
    });
    expect(syncState(inputs({ last, now: NOW + 3_600_000 })).kind).toBe("ready");
  });

  it("any other refusal leaves the button usable with the reason beside it", () => {
    const forbidden = new SvcError({ status: 403, code: "plan_required", message: "Paid plans only." });
    const last = answerFromError(forbidden, NOW, describeError);
    expect(syncState(inputs({ last }))).toEqual({ kind: "ready", note: "Paid plans only." });
  });

  it("the service's own rate limit is not mistaken for the sync debounce", () => {
    const last = answerFromError(limited("rate_limited", 30), NOW, describeError);
    expect(last.kind).toBe("failed");
  });
});
