/** Sizes of the portfolio calendar (px), shared by the grid and its skeleton so nothing jumps on load. */
export const CELL_WIDTH = 56;
export const ROW_HEIGHT = 40;
export const NAME_WIDTH = 240;
export const MONTH_BAND = 20;
export const DAY_BAND = 30;
export const HEADER_HEIGHT = MONTH_BAND + DAY_BAND;
export const GRID_HEIGHT = 600;

/**
 * Below `md`: a week across a 390 px phone (72 + 7 × 38 = 338 px, inside the 356 px the page
 * leaves and a scrollbar), the name cut short, since the week is what the reader came for.
 */
export const NARROW_CELL_WIDTH = 38;
export const NARROW_NAME_WIDTH = 72;

export interface PortfolioLayout {
  geometry: { rowHeight: number; cellWidth: number; headerHeight: number; nameWidth: number };
  header: { nameWidth: number; cellWidth: number; monthBand: number; dayBand: number };
}

const layout = (nameWidth: number, cellWidth: number): PortfolioLayout => ({
  geometry: { rowHeight: ROW_HEIGHT, cellWidth, headerHeight: HEADER_HEIGHT, nameWidth },
  header: { nameWidth, cellWidth, monthBand: MONTH_BAND, dayBand: DAY_BAND },
});

export const WIDE_LAYOUT = layout(NAME_WIDTH, CELL_WIDTH);
export const NARROW_LAYOUT = layout(NARROW_NAME_WIDTH, NARROW_CELL_WIDTH);
