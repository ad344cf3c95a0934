import { describe, expect, it } from "vitest";
import { READ_ONLY_SESSION_REASON, keyErrorMessage } from "@/lib/api-keys/display";
import { isSyncRefusal } from "@/lib/listing/header/sync-state";
import { dismissErrorMessage, READ_ONLY_NOTIFICATIONS_REASON } from "@/lib/notifications/display";
import { settingsSaveError } from "@/lib/notifications/settings";
import { ConnectError, fromService, READ_ONLY_CONNECT } from "@/lib/server/webhooks/connect";
import { retryUpgrade } from "@/lib/sets/analytics/queries";
import { upgradeFailure } from "@/lib/sets/analytics/upgrade";
import { gateFromError } from "@/lib/sets/calendar/gate";
import { setChangeError } from "@/lib/sets/page";
import { MEMBER_GONE_SENTENCE, NOT_ACCEPTED_SENTENCE, teamProblem } from "@/lib/team/errors";
import { isUnknownKeyError, WINDOW_TOO_LONG_MESSAGE, windowErrorMessage } from "@/lib/usage/window";
import { READ_ONLY_WEBHOOKS_REASON, webhookFormError } from "@/lib/webhooks/display";
import { SvcError } from "@/lib/svc/errors";

/**
 * Screens that switch on the reference service's codes, given the answer of a service that
 * names none (a FastAPI-style `{detail}`): each falls back to what the status means.
 */
const bare = (status: number, detail = "Refused.") =>
  SvcError.fromResponse(
    status,
    JSON.stringify({ detail }),
    new Headers({ "content-type": "application/json" }),
  );

describe("an answer with no code is read by its status", () => {
  it("has the status-driven code and the service's sentence", () => {
    expect(bare(403, "Key is read only.")).toMatchObject({ code: "http_403", message: "Key is read only." });
  });

  it("a 403 without a code to a change of the user's own keys, notifications or webhooks: the read-only key", () => {
    expect(keyErrorMessage(bare(403))).toBe(READ_ONLY_SESSION_REASON);
    expect(dismissErrorMessage(bare(403))).toBe(READ_ONLY_NOTIFICATIONS_REASON);
    expect(settingsSaveError(bare(403), [])).toBe(READ_ONLY_NOTIFICATIONS_REASON);
    expect(webhookFormError(bare(403))).toEqual({ field: "root", message: READ_ONLY_WEBHOOKS_REASON });
    expect(() => fromService(bare(403))).toThrow(new ConnectError(403, "read_only_key", READ_ONLY_CONNECT));
  });

  it("a 404 without a code to a key, notification or subscription: it is gone (the lists are re-read)", () => {
    expect(keyErrorMessage(bare(404))).toMatch(/no longer exists/);
    expect(dismissErrorMessage(bare(404))).toMatch(/no longer yours/);
    expect(webhookFormError(bare(404))?.message).toMatch(/no longer exists/);
  });

  it("a 409 without a code to the upgrade: the set is already paid, and it is not retried", () => {
    expect(upgradeFailure(bare(409)).alreadyPaid).toBe(true);
    expect(retryUpgrade(0, bare(409))).toBe(false);
    // A 409 with another code is still the running write's, retried as the shared rule says.
    expect(retryUpgrade(0, new SvcError({ status: 409, code: "write_in_progress", message: "Busy." }))).toBe(
      true,
    );
  });

  it("a 422 without a code to the set's price calendar: the 25-member limit", () => {
    expect(gateFromError(bare(422), null)).toMatchObject({ kind: "blocked", limit: 25 });
  });

  it("a 404 or 409 without a code to a set change: gone, or a write still running", () => {
    expect(setChangeError(bare(404), "addMembers")).toMatch(/no longer exists/);
    expect(setChangeError(bare(409), "addMembers")).toMatch(/still running/);
    expect(setChangeError(bare(403), "share")).toMatch(/^The service refused this/);
  });

  it("a 429 without a code to a sync: the rate limit, counted down by the shell", () => {
    expect(isSyncRefusal(bare(429))).toBe(false);
    expect(isSyncRefusal(new SvcError({ status: 429, code: "rate_limited", message: "x" }))).toBe(false);
    expect(isSyncRefusal(new SvcError({ status: 429, code: "sync_debounced", message: "x" }))).toBe(true);
  });

  it("team: a 404 or 409 without a code is read by the action it answered", () => {
    expect(teamProblem(bare(404), "remove")?.message).toBe(MEMBER_GONE_SENTENCE);
    expect(teamProblem(bare(404), "leave")).toMatchObject({ stale: "memberships", gone: true });
    expect(teamProblem(bare(404), "invite")).toBeNull();
    expect(teamProblem(bare(409), "invite", "ana@example.com")?.message).toBe(
      "ana@example.com is already in your team, or invited to it.",
    );
    expect(teamProblem(bare(409), "refresh")?.message).toBe(NOT_ACCEPTED_SENTENCE);
    // A 403 is a read-only key or not the owner: the generic description says the service's sentence.
    expect(teamProblem(bare(403), "remove")).toBeNull();
  });

  it("usage: a 400 without a code to a too-long window is the 7-day rule; a 404 to a key asked about, the unknown key", () => {
    const tooLong = { start_time: "2026-11-01T00:00:00Z", end_time: "2026-11-20T00:00:00Z" };
    expect(windowErrorMessage(bare(400), tooLong)).toBe(WINDOW_TOO_LONG_MESSAGE);
    expect(windowErrorMessage(bare(400), { days_back: 3 })).toBeNull();
    expect(isUnknownKeyError(bare(404), { days_back: 3, token_id: "tok_1" })).toBe(true);
    expect(isUnknownKeyError(bare(404), { days_back: 3 })).toBe(false);
  });
});
