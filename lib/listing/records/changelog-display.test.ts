import { describe, expect, it } from "vitest";
import { describeChangelogEntry, formatValue } from "@/lib/listing/records/changelog-display";
import type { PreferenceChangelogEntry } from "@/lib/svc/schemas/listing-changelog";

const entry = (over: Partial<PreferenceChangelogEntry>): PreferenceChangelogEntry => ({
  id: "lcg_1",
  at: "2026-11-20T08:00:00Z",
  actor: { user_id: "usr_1", email: "olivia@example.com" },
  action: "preferences_changed",
  details: {},
  ...over,
});

describe("a changelog entry in words", () => {
  it("a preferences change lists each setting old → new, money in the listing's currency", () => {
    const view = describeChangelogEntry(
      entry({
        details: {
          source: "put",
          changes: { min_price: { before: 166, after: 177 }, min_stay: { before: null, after: 3 } },
        },
      }),
      "USD",
    );
    expect(view.title).toBe("Preferences changed");
    expect(view.who).toBe("olivia@example.com");
    expect(view.lines).toContainEqual({ label: "Minimum price", before: "$166", after: "$177" });
    expect(view.lines).toContainEqual({ label: "Minimum stay", before: "not set", after: "3 nights" });
    expect(view.lines).toContainEqual({ label: "Made with", value: "the preferences editor" });
  });

  it("an object setting reads field by field, null fields as not set", () => {
    expect(formatValue({ cleaning_fee: 80, extra_guest_fee: null }, "EUR", "fees")).toBe(
      "cleaning fee €80, extra guest fee not set",
    );
  });

  it("the service's own actions are attributed to the service, not left blank", () => {
    const view = describeChangelogEntry(
      entry({
        actor: null,
        action: "price_posted",
        details: { trigger: "automatic", from_date: "2026-11-20", nights_posted: 265, nights_changed: 9 },
      }),
      "USD",
    );
    expect(view.who).toBe("The service (automatic)");
    expect(view.lines).toEqual([
      { label: "Posted by", value: "automatic posting" },
      { label: "Nights", value: "265 posted from 20 Nov 2026, 9 with a new price" },
    ]);
  });

  it("automatic posting switched off says so in the title and as old → new", () => {
    const view = describeChangelogEntry(
      entry({
        action: "pricing_engine_changed",
        details: { source: "put", pricing_enabled: { before: true, after: false } },
      }),
      "USD",
    );
    expect(view.title).toBe("Automatic posting turned off");
    expect(view.lines[0]).toEqual({ label: "Automatic posting", before: "on", after: "off" });
  });

  it("a custom rate reads as its dates and rate, a split names what stays in force", () => {
    const added = describeChangelogEntry(
      entry({
        action: "custom_rate_added",
        details: {
          start_date: "2026-12-01",
          end_date: "2026-12-06",
          price_type: "percent",
          price_value: -8,
          min_price: 72,
          max_price: null,
          reason: "Fill the gap",
        },
      }),
      "USD",
    );
    expect(added.lines).toEqual([
      { label: "Period", value: "1 Dec 2026 – 6 Dec 2026: −8 % on the recommendation" },
      { label: "Min price", value: "$72" },
      { label: "Reason", value: "Fill the gap" },
    ]);
    const split = describeChangelogEntry(
      entry({
        action: "custom_rate_split",
        details: {
          period: { start_date: "2026-12-01", end_date: "2026-12-10", price_type: "fixed", price_value: 120 },
          removed: { start_date: "2026-12-04", end_date: "2026-12-05" },
          remaining: [
            { start_date: "2026-12-01", end_date: "2026-12-03" },
            { start_date: "2026-12-06", end_date: "2026-12-10" },
          ],
          cause: "deleted",
        },
      }),
      "USD",
    );
    expect(split.lines).toContainEqual({ label: "Period", value: "1 Dec 2026 – 10 Dec 2026: $120 a night" });
    expect(split.lines).toContainEqual({
      label: "Still in force",
      value: "1 Dec 2026 – 3 Dec 2026; 6 Dec 2026 – 10 Dec 2026",
    });
    expect(split.lines).toContainEqual({ label: "Because", value: "those dates were deleted" });
  });

  it("a reservation import names the reservation and what happened to it", () => {
    const view = describeChangelogEntry(
      entry({
        actor: null,
        action: "reservation_imported",
        details: { reservation_id: "HM78", change: "cancel" },
      }),
      "USD",
    );
    expect(view).toEqual({
      title: "Reservation canceled",
      who: "The service (automatic)",
      lines: [{ label: "Reservation", value: "HM78" }],
    });
  });

  it("details the dashboard has no words for are still shown, never dropped", () => {
    const view = describeChangelogEntry(
      entry({
        action: "calendar_synced",
        details: { reservations_read: 4, reservations_changed: 0, region_code: "eu" },
      }),
      "USD",
    );
    expect(view.lines).toEqual([
      { label: "Reservations", value: "4 read, 0 changed" },
      { label: "Region code", value: "eu" },
    ]);
  });

  it("a copy names the listing it came from by name where the page knows it, else says it is a listing", () => {
    const copied = entry({
      action: "preferences_changed",
      details: { changes: {}, source: "copy", copied_from: "1000034" },
    });
    expect(
      describeChangelogEntry(copied, "USD", (id) => (id === "1000034" ? "Alfama Loft" : undefined)).lines,
    ).toContainEqual({
      label: "Made with",
      value: "a copy from another listing (Alfama Loft)",
    });
    expect(describeChangelogEntry(copied, "USD").lines).toContainEqual({
      label: "Made with",
      value: "a copy from another listing (listing 1000034)",
    });
  });
});
