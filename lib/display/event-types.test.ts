import { describe, expect, it } from "vitest";
import { eventTypeName } from "@/lib/display/event-types";

describe("event types by name", () => {
  it("a known type reads its label; an unknown one exactly as it came", () => {
    expect(eventTypeName("flags.detected")).toBe("Flags detected");
    expect(eventTypeName("payouts.created")).toBe("payouts.created");
  });
});
