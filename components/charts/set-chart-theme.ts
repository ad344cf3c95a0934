/** Colours of the set analytics charts (brand blues; my listings take the one warm colour). */
export const setChartColors = {
  bar: "#60a5fa",
  band: "#bfdbfe",
  median: "#1d4a99",
  members: "#93c5fd",
  mine: "#c2410c",
} as const;
