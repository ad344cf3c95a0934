import { describe, expect, it } from "vitest";
import { eventWords, isKnownEvent } from "@/lib/notifications/events";

describe("notification events in words", () => {
  it.each([
    ["flags.detected", "Listing flagged"],
    ["reservations.ingested", "Reservations changed"],
    ["recommendations.updated", "New price recommendations"],
    ["sync.failed", "Rates could not be posted"],
    ["reservations.new", "New reservation"],
    ["reservations.canceled", "Reservation canceled"],
    ["market.demand_spike", "Demand spike ahead"],
    ["webhooks.disabled", "Webhook subscription disabled"],
    ["team.invitation", "Team invitation"],
  ])("%s reads %j with a sentence saying when it is sent", (event, label) => {
    const words = eventWords(event);
    expect(words.label).toBe(label);
    expect(words.sentence).toMatch(/^[A-Z].+\.$/);
    expect(isKnownEvent(event)).toBe(true);
  });

  it.each(["reports.weekly", "constructor", "toString", ""])(
    "an unknown name %j is shown raw, with no sentence",
    (event) => {
      expect(eventWords(event)).toEqual({ label: event, sentence: null });
      expect(isKnownEvent(event)).toBe(false);
    },
  );
});
