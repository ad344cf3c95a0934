/** Colours and axis styling shared by the charts; 429s take the one strong red. */
export const chartColors = {
  succeeded: "#60a5fa",
  otherErrors: "#f59e0b",
  rateLimited: "#dc2626",
  errorRate: "#b45309",
  p50: "#60a5fa",
  p95: "#2259bb",
  p99: "#0f172a",
} as const;

/** Tick labels dark enough to read (slate-600 on white). */
export const axisTick = { fill: "#475569", fontSize: 12 } as const;
export const gridStroke = "#e2e8f0";
