/** Sizes of the portfolio calendar (px), shared by the grid and its skeleton so nothing jumps on load. */
export const CELL_WIDTH = 56;
export const ROW_HEIGHT = 40;
export const NAME_WIDTH = 240;
export const MONTH_BAND = 20;
export const DAY_BAND = 30;
export const HEADER_HEIGHT = MONTH_BAND + DAY_BAND;
export const GRID_HEIGHT = 600;

export const GEOMETRY = {
  rowHeight: ROW_HEIGHT,
  cellWidth: CELL_WIDTH,
  headerHeight: HEADER_HEIGHT,
  nameWidth: NAME_WIDTH,
};

export const HEADER_GEOMETRY = {
  nameWidth: NAME_WIDTH,
  cellWidth: CELL_WIDTH,
  monthBand: MONTH_BAND,
  dayBand: DAY_BAND,
};
