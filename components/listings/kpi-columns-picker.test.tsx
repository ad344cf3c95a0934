import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import { renderPage } from "@/test-support/render";
import { KpiColumnsPicker } from "@/components/listings/kpi-columns-picker";

function Harness({ primary }: { primary: KpiMetric }) {
  const [extra, setExtra] = useState<KpiMetric[]>([]);
  return <KpiColumnsPicker primary={primary} extra={extra} onChange={setExtra} />;
}

describe("the KPI columns picker", () => {
  it("keeps the KPI picked ticked and locked, and adds the columns ticked", async () => {
    const { user } = renderPage(<Harness primary="revenue" />);
    await user.click(screen.getByText("Columns (1)"));
    expect(screen.getByRole("checkbox", { name: /Revenue/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Revenue/ })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Occupancy" }));
    expect(screen.getByText("Columns (2)")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Occupancy" }));
    expect(screen.getByText("Columns (1)")).toBeInTheDocument();
  });

  it("at four columns greys out the rest and says how to pick another", async () => {
    const { user } = renderPage(<Harness primary="revenue" />);
    await user.click(screen.getByText("Columns (1)"));
    for (const name of ["Occupancy", "ADR", "RevPAR"])
      await user.click(screen.getByRole("checkbox", { name }));
    expect(screen.getByRole("checkbox", { name: "Adjusted occupancy" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "ADR" })).toBeEnabled();
    expect(screen.getByText(/4 columns shown: untick one to pick another/)).toBeInTheDocument();
  });
});
