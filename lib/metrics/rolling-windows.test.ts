import { describe, expect, it } from "vitest";
import { rollingTable } from "@/lib/metrics/rolling-windows";
import { ROLLING_KPI_KEYS, type RollingKpis } from "@/lib/svc/schemas/kpis";

describe("rolling table", () => {
  const rolling = {
    listing_id: "1000001",
    currency: "USD",
    ...Object.fromEntries(ROLLING_KPI_KEYS.map((key) => [key, key.length])),
    adr_30_0: 150,
    adr_0_30: null,
  } as RollingKpis;

  it("puts each window's past and next value side by side for each metric", () => {
    const rows = rollingTable(rolling, [7, 30], ["adr", "occupancy"]);
    expect(rows.map((r) => r.metric)).toEqual(["adr", "occupancy"]);
    expect(rows[0]!.cells).toEqual([
      { days: 7, past: "adr_7_0".length, next: "adr_0_7".length },
      { days: 30, past: 150, next: null },
    ]);
  });

  it("keeps a rolling value that is not generated as null", () => {
    const cell = rollingTable(rolling, [30], ["adr"])[0]!.cells[0]!;
    expect(cell.next).toBeNull();
  });
});
