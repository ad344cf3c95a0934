import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import {
  changePermission,
  dismissErrorMessage,
  READ_ONLY_NOTIFICATIONS_REASON,
} from "@/lib/notifications/display";
import { listSentence, selectableIds } from "@/lib/notifications/list";

describe("who may dismiss and change settings", () => {
  it("a read-only key may not, and is told why", () => {
    expect(changePermission("read_only")).toEqual({ allowed: false, reason: READ_ONLY_NOTIFICATIONS_REASON });
    expect(changePermission("standard")).toEqual({ allowed: true });
    expect(changePermission(null)).toEqual({ allowed: true });
  });

  it("a refused dismissal says nothing was dismissed (the service dismisses all or none)", () => {
    const gone = new SvcError({ status: 404, code: "notification_not_found", message: "No notification x." });
    expect(dismissErrorMessage(gone)).toMatch(/^Nothing was dismissed/);
    expect(dismissErrorMessage(new SvcError({ status: 403, code: "read_only_key", message: "x" }))).toBe(
      READ_ONLY_NOTIFICATIONS_REASON,
    );
    expect(dismissErrorMessage(new SvcError({ status: 500, code: "internal", message: "x" }))).toBeNull();
  });
});

describe("the page's list", () => {
  const n = (id: string, dismissed: boolean) => ({
    id,
    event: "flags.detected",
    title: "t",
    message: "m",
    listing_id: null,
    created_at: "2026-11-25T10:00:00Z",
    dismissed_at: dismissed ? "2026-11-25T11:00:00Z" : null,
  });

  it("only undismissed ones can be ticked or dismissed", () => {
    expect(selectableIds([n("a", false), n("b", true), n("c", false)])).toEqual(["a", "c"]);
  });

  it("says the service's total when sent, else the range shown", () => {
    const items = [n("a", false), n("b", false)];
    expect(listSentence({ items, total: 44, lastPage: false, includesDismissed: false }, 1, 20)).toBe(
      "44 notifications not dismissed yet.",
    );
    expect(listSentence({ items, total: 1, lastPage: true, includesDismissed: true }, 1, 20)).toBe(
      "1 notification, dismissed ones included.",
    );
    expect(listSentence({ items, total: null, lastPage: true, includesDismissed: false }, 3, 20)).toBe(
      "Showing 41–42 not dismissed yet.",
    );
  });

  it("a service that answers 10 rows when 20 are asked is shown at the rows' real positions", () => {
    const items = Array.from({ length: 10 }, (_, i) => n(`n${i}`, false));
    const page = { items, total: null, lastPage: true, includesDismissed: false };
    // Page 1 proved pages of 10 (useKnownPageSize): page 3 holds rows 21–30, not 41–50.
    expect(listSentence(page, 3, 20, 10)).toBe("Showing 21–30 not dismissed yet.");
    // Rows set aside as unreadable still hold their places.
    expect(listSentence({ ...page, items: items.slice(0, 9), skipped: 1 }, 2, 20, 10)).toBe(
      "Showing 11–20 not dismissed yet.",
    );
  });
});
