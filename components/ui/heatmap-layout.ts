/** Sizes of the heat map (px), shared by the grid and its skeleton so nothing jumps on load. */
export const CELL_WIDTH = 28;
export const ROW_HEIGHT = 28;
export const NAME_WIDTH = 200;
export const MONTH_BAND = 20;
export const DAY_BAND = 30;
export const HEADER_HEIGHT = MONTH_BAND + DAY_BAND;
export const DEFAULT_GRID_HEIGHT = 560;

/** Unavailable nights are hatched as well as coloured: never told apart by colour alone. */
export const HATCH =
  "repeating-linear-gradient(135deg, rgba(255,255,255,0.8) 0 2px, rgba(15,23,42,0.45) 2px 3px, transparent 3px 7px)";

/**
 * A night with a custom rate: a violet corner, top right, drawn as a background layer (a cell
 * stays one element). The portfolio calendar and the set calendar's rows of mine both use it.
 */
export const CUSTOM_RATE_CORNER = "linear-gradient(225deg, #6d28d9 0 7px, transparent 7px)";
