import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NOT_APPLICABLE, NOT_GENERATED } from "@/lib/metrics/kpi-metrics";
import { rollingTable } from "@/lib/metrics/rolling-windows";
import type { RollingKpis } from "@/lib/svc/schemas/kpis";
import { renderPage } from "@/test-support/render";
import { RollingKpisTable } from "@/components/listing/kpis/rolling-kpis-table";

/** A rolling answer for the 30-day windows: the past without an open night, the next with some. */
const rolling = {
  asking_rate_30_0: null,
  asking_rate_0_30: 182.8,
  nights_percent_open_30_0: 0,
  nights_percent_open_0_30: 26.7,
  nights_booked_30_0: 30,
  nights_booked_0_30: 22,
  adr_30_0: null,
  adr_0_30: 190,
} as unknown as RollingKpis;

function rowOf(label: string) {
  return screen.getByRole("rowheader", { name: label }).closest("tr")!;
}

describe("the rolling KPIs table", () => {
  const render = () =>
    renderPage(
      <RollingKpisTable
        rows={rollingTable(rolling, [30], ["asking_rate", "nights_percent_open", "nights_booked", "adr"])}
        days={[30]}
        currency="USD"
        caption="Rolling KPIs"
      />,
    );

  it("says the asking rate does not apply to past days, never that it is not generated yet", () => {
    render();
    const [past, next] = within(rowOf("Asking rate")).getAllByRole("cell");
    expect(past).toHaveTextContent(NOT_APPLICABLE);
    expect(past).not.toHaveTextContent(NOT_GENERATED);
    expect(next).toHaveTextContent("$182.80");
  });

  it("names the open-nights share as a share, a percentage beside the counts of nights", () => {
    render();
    expect(screen.queryByRole("rowheader", { name: "Nights open" })).not.toBeInTheDocument();
    const [past, next] = within(rowOf("Share of nights open")).getAllByRole("cell");
    expect(past).toHaveTextContent("0.0%");
    expect(next).toHaveTextContent("26.7%");
    expect(within(rowOf("Nights booked")).getAllByRole("cell")[0]).toHaveTextContent("30");
  });

  it("still says a value the service has not generated is not generated yet", () => {
    render();
    expect(within(rowOf("ADR")).getAllByRole("cell")[0]).toHaveTextContent(NOT_GENERATED);
  });
});
