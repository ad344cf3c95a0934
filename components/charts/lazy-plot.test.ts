import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { lazyPlot } from "@/components/charts/lazy-plot";

const Plot: ComponentType<{ n: number }> = () => null;

// Sharing one fetch and trying a failed one again are lib/lazy-chunk.ts's rules, tested there.
describe("a plot's code is fetched when first drawn", () => {
  it("nothing is fetched until a plot's turn asks, and the turn gets the module's plot", async () => {
    let imports = 0;
    const plot = lazyPlot(async () => {
      imports++;
      return { default: Plot };
    });
    expect(imports).toBe(0);
    const [a, b] = await Promise.all([plot.load(), plot.load()]);
    expect([a, b, imports]).toEqual([Plot, Plot, 1]);
  });
});
