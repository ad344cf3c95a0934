import { describe, expect, it } from "vitest";
import { channelLabels, channelRef } from "@/lib/display/channels";
import { labelOf } from "@/lib/display/open-values";

describe("channels", () => {
  it("an unknown channel is shown in words", () => {
    expect(labelOf(channelLabels, "expedia")).toBe("Expedia");
    expect(labelOf(channelLabels, "booking_com")).toBe("Booking.com");
    expect(channelRef({ channel: "expedia", id: "E-1" })).toBe("Expedia #E-1");
  });
});
