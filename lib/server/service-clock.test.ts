import { describe, expect, it } from "vitest";
import { noteServiceDate, serviceNow } from "@/lib/server/service-clock";

describe("the service's clock", () => {
  it("is ours until an answer says otherwise, then the last answer's Date header; a second apart is agreement", () => {
    const at = Date.parse("2026-11-29T08:00:00.000Z");
    noteServiceDate(null, at);
    expect(serviceNow(at)).toBe(at);
    // The service says an hour later than ours: pace's "now" is the service's.
    noteServiceDate("Sun, 29 Nov 2026 09:00:00 GMT", at);
    expect(serviceNow(at)).toBe(at + 3_600_000);
    // Clocks within the Date header's own rounding agree.
    noteServiceDate("Sun, 29 Nov 2026 08:00:01 GMT", at);
    expect(serviceNow(at)).toBe(at);
    noteServiceDate("not a date", at);
    expect(serviceNow(at)).toBe(at);
  });
});
