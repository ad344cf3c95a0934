import { describe, expect, it } from "vitest";
import {
  clampSelection,
  extendTo,
  rectOf,
  rectSize,
  selectCell,
  selectedColsOf,
  selectionWords,
  tapCell,
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

describe("the portfolio calendar's selection by touch", () => {
  it("a first tap picks one night", () => {
    expect(rectOf(tapCell(null, { row: 2, col: 4 }))).toEqual({ top: 2, bottom: 2, left: 4, right: 4 });
  });

  it("a second tap selects the nights between, both included, in any direction", () => {
    const later = tapCell(tapCell(null, { row: 2, col: 4 }), { row: 2, col: 10 });
    expect(rectOf(later)).toEqual({ top: 2, bottom: 2, left: 4, right: 10 });
    expect(selectionWords(rectOf(later))).toBe("1 listing × 7 nights");
    const earlierAndAcross = tapCell(tapCell(null, { row: 5, col: 9 }), { row: 3, col: 6 });
    expect(rectOf(earlierAndAcross)).toEqual({ top: 3, bottom: 5, left: 6, right: 9 });
  });

  it("a tap after a range starts again on the night tapped", () => {
    const range = tapCell(tapCell(null, { row: 0, col: 0 }), { row: 1, col: 3 });
    expect(rectOf(tapCell(range, { row: 4, col: 2 }))).toEqual({ top: 4, bottom: 4, left: 2, right: 2 });
  });

  it("tapping the picked night again keeps just that night", () => {
    const one = tapCell(null, { row: 1, col: 1 });
    expect(rectOf(tapCell(one, { row: 1, col: 1 }))).toEqual({ top: 1, bottom: 1, left: 1, right: 1 });
  });

  it("a night picked by the keyboard is grown by a tap like one picked by a tap", () => {
    expect(rectOf(tapCell(selectCell({ row: 0, col: 5 }), { row: 0, col: 7 }))).toEqual({
      top: 0,
      bottom: 0,
      left: 5,
      right: 7,
    });
  });
});
