/**
 * The portfolio calendar's selection: a rectangle of nights across listings, from the cell
 * where it started (the anchor) to the cell it reaches now (the focus), as in a spreadsheet.
 * A click or an arrow key starts a new one on that cell; Shift (or a drag) grows it. On a
 * touch screen, where there is no Shift and a drag scrolls, a tap picks a night and the next
 * tap reaches to another (`tapCell`).
 */

export interface GridCell {
  row: number;
  col: number;
}

export interface Selection {
  anchor: GridCell;
  focus: GridCell;
}

export interface SelectionRect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export const selectCell = (cell: GridCell): Selection => ({ anchor: cell, focus: cell });

/** Shift+arrow, Shift+click and a drag move the focus; the anchor stays. */
export const extendTo = (selection: Selection | null, cell: GridCell): Selection =>
  selection ? { anchor: selection.anchor, focus: cell } : selectCell(cell);

/**
 * A tap: with no selection, or a range already made, it picks the night tapped; with one night
 * picked, it selects from that night to the one tapped, the nights between included.
 */
export function tapCell(selection: Selection | null, cell: GridCell): Selection {
  if (!selection) return selectCell(cell);
  const { anchor, focus } = selection;
  const single = anchor.row === focus.row && anchor.col === focus.col;
  return single ? { anchor, focus: cell } : selectCell(cell);
}

export function rectOf(selection: Selection): SelectionRect {
  const { anchor, focus } = selection;
  return {
    top: Math.min(anchor.row, focus.row),
    bottom: Math.max(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    right: Math.max(anchor.col, focus.col),
  };
}

/** The selected columns of one row, or null when the row is outside the rectangle. */
export function selectedColsOf(rect: SelectionRect | null, row: number): readonly [number, number] | null {
  if (!rect || row < rect.top || row > rect.bottom) return null;
  return [rect.left, rect.right];
}

export function rectSize(rect: SelectionRect): { rows: number; nights: number } {
  return { rows: rect.bottom - rect.top + 1, nights: rect.right - rect.left + 1 };
}

/** The rectangle kept inside a grid that shrank (a shorter range, fewer listings); null when nothing is left. */
export function clampSelection(selection: Selection, rows: number, cols: number): Selection | null {
  if (rows <= 0 || cols <= 0) return null;
  const clamp = (cell: GridCell) => ({
    row: Math.min(rows - 1, Math.max(0, cell.row)),
    col: Math.min(cols - 1, Math.max(0, cell.col)),
  });
  return { anchor: clamp(selection.anchor), focus: clamp(selection.focus) };
}

/** "3 listings × 5 nights". */
export function selectionWords(rect: SelectionRect): string {
  const { rows, nights } = rectSize(rect);
  return `${rows} ${rows === 1 ? "listing" : "listings"} × ${nights} ${nights === 1 ? "night" : "nights"}`;
}
