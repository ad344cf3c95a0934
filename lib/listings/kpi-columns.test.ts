import { describe, expect, it } from "vitest";
import {
  KPI_COLUMNS_MAX,
  readKpiColumns,
  shownKpiColumns,
  toggleKpiColumn,
  writeKpiColumns,
} from "@/lib/listings/kpi-columns";

describe("the remembered KPI columns", () => {
  it("read back what was written", () => {
    expect(readKpiColumns(writeKpiColumns(["occupancy", "adr"]))).toEqual(["occupancy", "adr"]);
  });

  it("read tolerantly: nothing stored, text that is not JSON, unknown metrics, repeats, too many", () => {
    expect(readKpiColumns(null)).toEqual([]);
    expect(readKpiColumns("not json")).toEqual([]);
    expect(readKpiColumns('{"adr":true}')).toEqual([]);
    expect(readKpiColumns('["adr","made_up",3,"adr","revpar"]')).toEqual(["adr", "revpar"]);
    expect(
      readKpiColumns(JSON.stringify(["adr", "revpar", "occupancy", "revenue", "asking_rate"])),
    ).toHaveLength(KPI_COLUMNS_MAX);
  });

  it("show the URL's KPI first, then the remembered ones, each once", () => {
    expect(shownKpiColumns("revenue", ["occupancy", "revenue", "adr"])).toEqual([
      "revenue",
      "occupancy",
      "adr",
    ]);
  });

  it("toggle a column on and off, never the URL's own, never past the limit", () => {
    expect(toggleKpiColumn([], "adr", "revenue")).toEqual(["adr"]);
    expect(toggleKpiColumn(["adr"], "adr", "revenue")).toEqual([]);
    expect(toggleKpiColumn(["adr"], "revenue", "revenue")).toEqual(["adr"]);
    const full = toggleKpiColumn(["adr", "occupancy", "revpar"], "asking_rate", "revenue");
    expect(full).toEqual(["adr", "occupancy", "revpar"]);
  });
});
