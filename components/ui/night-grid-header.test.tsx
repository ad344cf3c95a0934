import { describe, expect, it } from "vitest";
import { monthLabelFor } from "@/components/ui/night-grid-header";

describe("a month's label in the night grid's header", () => {
  it("is whole where its band holds it", () => {
    expect(monthLabelFor("December 2026", 31 * 36)).toBe("December 2026");
  });

  it("is its first three letters for a month of a few nights, so it never runs into the next", () => {
    expect(monthLabelFor("November 2026", 2 * 36)).toBe("Nov");
  });

  it("is left out for a sliver of a month", () => {
    expect(monthLabelFor("November 2026", 1 * 28)).toBe("");
  });
});
