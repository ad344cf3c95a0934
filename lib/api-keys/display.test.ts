import { describe, expect, it } from "vitest";
import {
  activeKeyCount,
  countsTowardLimit,
  createKeyPermission,
  formatKeyDate,
  isSessionKey,
  KEY_LIMIT_MESSAGE,
  keyErrorMessage,
  kindLabels,
  partitionKeys,
  READ_ONLY_SESSION_REASON,
  revokeKeyPermission,
} from "@/lib/api-keys/display";
import { SvcError } from "@/lib/svc/errors";
import type { ApiKey, ApiKeyKind } from "@/lib/svc/schemas/api-keys";

let seq = 0;
function key(kind: ApiKeyKind, overrides: Partial<ApiKey> = {}): ApiKey {
  seq += 1;
  return {
    token_id: `tok_${seq}`,
    name: `Key ${seq}`,
    kind,
    last4: String(1000 + seq),
    created_at: "2025-03-12T12:00:00Z",
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}
const revoked = (kind: ApiKeyKind) => key(kind, { revoked_at: "2025-04-01T12:00:00Z" });

describe("the active-key count", () => {
  it("counts active standard, read-only and channel keys", () => {
    expect(activeKeyCount([key("standard"), key("read_only"), key("channel_integration")])).toBe(3);
  });

  it("leaves out the assistant key and revoked keys", () => {
    const keys = [key("standard"), key("assistant"), revoked("standard"), revoked("read_only")];
    expect(activeKeyCount(keys)).toBe(1);
    expect(countsTowardLimit(keys[1]!)).toBe(false);
    expect(countsTowardLimit(keys[2]!)).toBe(false);
  });
});

describe("createKeyPermission", () => {
  const four = [key("standard"), key("read_only"), key("channel_integration"), key("standard")];

  it("allows a fifth key", () => {
    expect(createKeyPermission(four, "standard")).toEqual({ allowed: true });
  });

  it("stops at five active keys and says why", () => {
    expect(createKeyPermission([...four, key("standard")], "standard")).toEqual({
      allowed: false,
      reason: KEY_LIMIT_MESSAGE,
    });
    expect(KEY_LIMIT_MESSAGE).toBe(
      "You hold 5 active keys, the most one user may hold. Revoke one to create another. The assistant key doesn't count.",
    );
  });

  it("does not count the assistant key or revoked keys toward the five", () => {
    const keys = [...four, key("assistant"), revoked("standard"), revoked("standard")];
    expect(createKeyPermission(keys, "standard")).toEqual({ allowed: true });
  });

  it("refuses a read-only session, limit or not, with the read-only reason", () => {
    expect(createKeyPermission([], "read_only")).toEqual({
      allowed: false,
      reason: READ_ONLY_SESSION_REASON,
    });
    expect(createKeyPermission([...four, key("standard")], "read_only")).toEqual({
      allowed: false,
      reason: READ_ONLY_SESSION_REASON,
    });
  });

  it("allows a session whose key kind is unknown", () => {
    expect(createKeyPermission(four, null)).toEqual({ allowed: true });
  });
});

describe("revokeKeyPermission", () => {
  it("allows revoking an active key, whatever its kind", () => {
    for (const kind of ["standard", "read_only", "channel_integration", "assistant"] as const) {
      expect(revokeKeyPermission(key(kind), "standard")).toEqual({ allowed: true });
    }
  });

  it("refuses a read-only session", () => {
    expect(revokeKeyPermission(key("standard"), "read_only")).toEqual({
      allowed: false,
      reason: "Your session uses a read-only key, which cannot create or revoke keys.",
    });
  });

  it("refuses a key already revoked", () => {
    expect(revokeKeyPermission(revoked("standard"), "standard").allowed).toBe(false);
  });
});

describe("isSessionKey", () => {
  it("matches the last four of an active key only", () => {
    const active = key("standard", { last4: "ab12" });
    expect(isSessionKey(active, "ab12")).toBe(true);
    expect(isSessionKey(active, "zz99")).toBe(false);
    expect(isSessionKey({ ...active, revoked_at: "2025-04-01T12:00:00Z" }, "ab12")).toBe(false);
  });
});

describe("partitionKeys", () => {
  it("keeps active keys in service order and lists the latest revoked first", () => {
    const a = key("standard");
    const b = key("read_only");
    const early = key("standard", { revoked_at: "2025-01-01T12:00:00Z" });
    const late = key("standard", { revoked_at: "2025-02-01T12:00:00Z" });
    expect(partitionKeys([a, early, b, late])).toEqual({ active: [a, b], revoked: [late, early] });
  });
});

describe("words", () => {
  it("names every kind, the assistant as not counted", () => {
    expect(Object.values(kindLabels).map((k) => k.label)).toEqual([
      "Standard",
      "Read-only",
      "Channel integration",
      "Assistant",
    ]);
    expect(kindLabels.assistant.meaning).toContain("not counted toward the limit");
  });

  it("formats dates and says Never for a key never used", () => {
    expect(formatKeyDate("2025-03-12T12:00:00Z")).toBe("12 Mar 2025");
    expect(formatKeyDate(null)).toBe("Never");
    expect(formatKeyDate(null, "—")).toBe("—");
  });

  it("explains the limit and read-only refusals, and leaves other errors to the caller", () => {
    const limit = new SvcError({ status: 422, code: "key_limit_reached", message: "You already hold 5" });
    const readOnly = new SvcError({ status: 403, code: "read_only_key", message: "read only" });
    expect(keyErrorMessage(limit)).toBe(KEY_LIMIT_MESSAGE);
    expect(keyErrorMessage(readOnly)).toBe(READ_ONLY_SESSION_REASON);
    expect(keyErrorMessage(new SvcError({ status: 500, code: "internal", message: "x" }))).toBeNull();
    expect(keyErrorMessage(new Error("boom"))).toBeNull();
  });
});
