import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import { putNotificationSettingsBody, type NotificationSetting } from "@/lib/svc/schemas/notifications";
import { READ_ONLY_NOTIFICATIONS_REASON } from "@/lib/notifications/display";
import {
  changedSwitchCount,
  everySwitchOff,
  matrixAfterSave,
  settingChanges,
  settingsSaveError,
} from "@/lib/notifications/settings";

const saved: NotificationSetting[] = [
  { event: "reservations.new", in_app: true, email: false },
  { event: "flags.detected", in_app: true, email: true },
  { event: "sync.failed", in_app: true, email: true },
];
const withRow = (event: string, change: Partial<NotificationSetting>) =>
  saved.map((s) => (s.event === event ? { ...s, ...change } : s));

describe("the settings save sends only what changed", () => {
  it("nothing changed: nothing to send", () => {
    expect(settingChanges(saved, saved)).toEqual([]);
  });

  it("one switch: its event with that channel alone (the other keeps its value at the service)", () => {
    expect(settingChanges(saved, withRow("flags.detected", { email: false }))).toEqual([
      { event: "flags.detected", email: false },
    ]);
  });

  it("both switches of an event, and several events, in the matrix's order", () => {
    const current = withRow("sync.failed", { in_app: false, email: false }).map((s) =>
      s.event === "reservations.new" ? { ...s, email: true } : s,
    );
    const changes = settingChanges(saved, current);
    expect(changes).toEqual([
      { event: "reservations.new", email: true },
      { event: "sync.failed", in_app: false, email: false },
    ]);
    expect(changedSwitchCount(changes)).toBe(3);
    // What is sent is a body the contract accepts.
    expect(putNotificationSettingsBody.safeParse({ settings: changes }).success).toBe(true);
  });

  it("a switch turned and turned back is no change", () => {
    const there = withRow("flags.detected", { in_app: false });
    const back = there.map((s) => (s.event === "flags.detected" ? { ...s, in_app: true } : s));
    expect(settingChanges(saved, back)).toEqual([]);
  });

  it("an event the saved matrix lacks is sent whole", () => {
    const current = [...saved, { event: "reports.weekly", in_app: false, email: true }];
    expect(settingChanges(saved, current)).toEqual([{ event: "reports.weekly", in_app: false, email: true }]);
  });
});

describe("the service's answer replaces the matrix", () => {
  it("every answered event, in the service's order and with its values, whatever was set", () => {
    const answer: NotificationSetting[] = [
      { event: "team.invitation", in_app: true, email: true },
      { event: "reservations.new", in_app: false, email: false },
      { event: "flags.detected", in_app: true, email: false },
    ];
    const after = matrixAfterSave(answer);
    expect(after.settings).toEqual(answer);
    // Nothing is left to save afterwards: the answer is the new baseline.
    expect(settingChanges(answer, after.settings)).toEqual([]);
  });
});

describe("every switch off", () => {
  it("is recognised (the service allows it; the page says what it means)", () => {
    expect(everySwitchOff(saved.map((s) => ({ ...s, in_app: false, email: false })))).toBe(true);
    expect(everySwitchOff(withRow("flags.detected", { in_app: false }))).toBe(false);
    expect(everySwitchOff([])).toBe(false);
  });
});

describe("a refused save in words", () => {
  const sent = [
    { event: "flags.detected", email: false },
    { event: "reports.weekly", in_app: true },
  ];

  it("a read-only key", () => {
    const error = new SvcError({ status: 403, code: "read_only_key", message: "This API key is read-only." });
    expect(settingsSaveError(error, sent)).toBe(READ_ONLY_NOTIFICATIONS_REASON);
  });

  it("an event the service no longer offers is named in words, from the field it points at", () => {
    const error = new SvcError({
      status: 400,
      code: "invalid_body",
      message: "Unknown notification event; known events: flags.detected.",
      details: { fields: [{ field: "settings.1.event", message: "unknown event reports.weekly" }] },
    });
    expect(settingsSaveError(error, sent)).toBe(
      "Nothing was saved: the service does not offer “reports.weekly” any more. Switch it back, or reload the page for the events it offers now.",
    );
  });

  it("anything else is left to the generic description", () => {
    expect(
      settingsSaveError(new SvcError({ status: 502, code: "upstream_unreachable", message: "x" }), sent),
    ).toBeNull();
    expect(settingsSaveError(new Error("boom"), sent)).toBeNull();
  });
});
