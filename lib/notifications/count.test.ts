import { describe, expect, it } from "vitest";
import type { Notification } from "@/lib/svc/schemas/notifications";
import {
  applyDismissed,
  badgeText,
  bellLabel,
  countSentence,
  unreadCount,
  type NotificationsPage,
} from "@/lib/notifications/count";

const note = (id: string, dismissed_at: string | null = null): Notification => ({
  id,
  event: "flags.detected",
  title: "Listing flagged",
  message: "Something needs a look.",
  listing_id: "1000001",
  created_at: "2026-11-24T10:00:00Z",
  dismissed_at,
});
const ids = (n: number) => Array.from({ length: n }, (_, i) => note(`ntf_${i}`));
const page = (items: Notification[], over: Partial<NotificationsPage> = {}): NotificationsPage => ({
  items,
  total: null,
  lastPage: items.length < 10,
  includesDismissed: false,
  ...over,
});

describe("the bell's count: the service's total, else what the page proves", () => {
  it("X-Total-Count, when sent, is the count even past the page", () => {
    expect(unreadCount(page(ids(10), { total: 44, lastPage: false }))).toEqual({ exact: true, n: 44 });
  });

  it("without a total, a short page was the last: its length is exact", () => {
    expect(unreadCount(page(ids(3)))).toEqual({ exact: true, n: 3 });
    expect(unreadCount(page([]))).toEqual({ exact: true, n: 0 });
  });

  it("without a total, a full page is only a floor, never a guess", () => {
    expect(unreadCount(page(ids(10), { lastPage: false }))).toEqual({ exact: false, atLeast: 10 });
  });

  it("a floor stays a floor after a dismissal shrinks the page (9+ not 9)", () => {
    const after = applyDismissed(page(ids(10), { lastPage: false }), [
      { ...note("ntf_0"), dismissed_at: "2026-11-25T08:00:00Z" },
    ]);
    expect(unreadCount(after)).toEqual({ exact: false, atLeast: 9 });
    expect(badgeText(unreadCount(after))).toBe("9+");
  });
});

describe("the badge and the accessible name", () => {
  it.each([
    [{ exact: true, n: 0 } as const, null, "Notifications, none unread"],
    [{ exact: true, n: 1 } as const, "1", "Notifications, 1 unread"],
    [{ exact: true, n: 44 } as const, "44", "Notifications, 44 unread"],
    [{ exact: true, n: 150 } as const, "99+", "Notifications, 150 unread"],
    [{ exact: false, atLeast: 10 } as const, "10+", "Notifications, 10 or more unread"],
  ])("%j shows %j and is named %j", (count, badge, label) => {
    expect(badgeText(count)).toBe(badge);
    expect(bellLabel(count)).toBe(label);
  });

  it("says when the count is loading or unavailable instead of showing 0", () => {
    expect(bellLabel("loading")).toBe("Notifications, loading");
    expect(bellLabel("error")).toBe("Notifications, count unavailable");
  });

  it("the panel's sentence keeps a floor a floor", () => {
    expect(countSentence({ exact: false, atLeast: 10 })).toBe("At least 10 not dismissed yet.");
    expect(countSentence({ exact: true, n: 2 })).toBe("2 not dismissed yet.");
  });
});

describe("a dismissal's answer in the cache", () => {
  const answered = [note("ntf_1", "2026-11-25T08:00:00Z"), note("ntf_2", "2026-11-25T08:00:00Z")];

  it("an undismissed list drops the answered ones and its total falls by as many", () => {
    const after = applyDismissed(page(ids(5), { total: 44 }), answered);
    expect(after.items.map((n) => n.id)).toEqual(["ntf_0", "ntf_3", "ntf_4"]);
    expect(after.total).toBe(42);
  });

  it("a list with dismissed ones keeps them, now dismissed, and its total", () => {
    const after = applyDismissed(page(ids(5), { total: 55, includesDismissed: true }), answered);
    expect(after.items).toHaveLength(5);
    expect(after.items[1]!.dismissed_at).toBe("2026-11-25T08:00:00Z");
    expect(after.total).toBe(55);
  });

  it("answered ids not on the page change nothing there", () => {
    const before = page(ids(5), { total: 44 });
    const after = applyDismissed(before, [note("ntf_elsewhere", "2026-11-25T08:00:00Z")]);
    expect(after.items).toEqual(before.items);
    expect(after.total).toBe(44);
  });
});
