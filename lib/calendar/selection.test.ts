import { describe, expect, it } from "vitest";
import {
  clampSelection,
  extendTo,
  rectOf,
  rectSize,
  selectCell,
  selectedColsOf,
  selectionWords,
} from "@/lib/calendar/selection";

describe("the portfolio calendar's rectangle selection", () => {
  it("a click selects one night of one listing", () => {
    const rect = rectOf(selectCell({ row: 4, col: 9 }));
    expect(rect).toEqual({ top: 4, bottom: 4, left: 9, right: 9 });
    expect(selectionWords(rect)).toBe("1 listing × 1 night");
  });

  it("dragging or Shift grows it from the anchor, in any direction", () => {
    const up = extendTo(selectCell({ row: 5, col: 10 }), { row: 2, col: 3 });
    expect(rectOf(up)).toEqual({ top: 2, bottom: 5, left: 3, right: 10 });
    expect(rectSize(rectOf(up))).toEqual({ rows: 4, nights: 8 });
    // The anchor stays: moving the focus back shrinks it.
    expect(rectOf(extendTo(up, { row: 6, col: 11 }))).toEqual({ top: 5, bottom: 6, left: 10, right: 11 });
  });

  it("Shift with nothing selected starts at that night", () => {
    expect(extendTo(null, { row: 1, col: 1 })).toEqual(selectCell({ row: 1, col: 1 }));
  });

  it("each row knows its selected columns, rows outside know none", () => {
    const rect = rectOf(extendTo(selectCell({ row: 1, col: 2 }), { row: 3, col: 4 }));
    expect(selectedColsOf(rect, 0)).toBeNull();
    expect(selectedColsOf(rect, 2)).toEqual([2, 4]);
    expect(selectedColsOf(rect, 4)).toBeNull();
    expect(selectedColsOf(null, 2)).toBeNull();
  });

  it("a grid that shrank (a shorter range, a listing gone) keeps what is left, or nothing", () => {
    const wide = extendTo(selectCell({ row: 2, col: 5 }), { row: 40, col: 200 });
    expect(rectOf(clampSelection(wide, 30, 90)!)).toEqual({ top: 2, bottom: 29, left: 5, right: 89 });
    expect(clampSelection(wide, 0, 90)).toBeNull();
  });

  it("says its size in words", () => {
    expect(selectionWords({ top: 0, bottom: 2, left: 0, right: 4 })).toBe("3 listings × 5 nights");
  });
});
