import { describe, expect, it } from "vitest";
import type { Notification } from "@/lib/svc/schemas/notifications";
import { KNOWN_EVENTS } from "@/lib/notifications/events";
import { ofType, pageCountOf, pageOfList, typeChoices, typeSentence } from "@/lib/notifications/filter";

const n = (id: string, event: string): Notification => ({
  id,
  event,
  title: "t",
  message: "m",
  listing_id: null,
  created_at: "2026-11-28T08:00:00Z",
  dismissed_at: null,
});

describe("the types the filter offers", () => {
  it("are the events the service offers, in its order and in words", () => {
    expect(typeChoices(["sync.failed", "flags.detected"], [], null)).toEqual([
      { value: "sync.failed", label: "Rates could not be posted" },
      { value: "flags.detected", label: "Listing flagged" },
    ]);
  });

  it("add a type the list holds and one the address names, each as it came when we have no words for it", () => {
    expect(typeChoices(["flags.detected"], ["payouts.created", "flags.detected"], "reports.weekly")).toEqual([
      { value: "flags.detected", label: "Listing flagged" },
      { value: "payouts.created", label: "payouts.created" },
      { value: "reports.weekly", label: "reports.weekly" },
    ]);
  });

  it("fall back on the events this page has words for while the service's are not known", () => {
    expect(typeChoices(null, [], null).map((c) => c.value)).toEqual(KNOWN_EVENTS);
  });
});

describe("a list filtered by type", () => {
  const items = [n("a", "flags.detected"), n("b", "reservations.new"), n("c", "flags.detected")];

  it("keeps the notifications of that type only, in the list's order", () => {
    expect(ofType(items, "flags.detected").map((x) => x.id)).toEqual(["a", "c"]);
    expect(ofType(items, "sync.failed")).toEqual([]);
  });

  it("is paged here, an empty list still one page", () => {
    expect(pageOfList([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOfList([1, 2, 3, 4, 5], 3, 2)).toEqual([5]);
    expect(pageCountOf(5, 2)).toBe(3);
    expect(pageCountOf(0, 20)).toBe(1);
  });

  it("says how many of the type there are, by the type's words", () => {
    expect(typeSentence(3, "flags.detected", false)).toBe(
      "3 “Listing flagged” notifications not dismissed yet.",
    );
    expect(typeSentence(1, "payouts.created", true)).toBe(
      "1 “payouts.created” notification, dismissed ones included.",
    );
  });
});
