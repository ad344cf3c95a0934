import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { lazyPlot } from "./lazy-plot";

const Plot: ComponentType<{ n: number }> = () => null;

describe("a plot's code is fetched when first drawn", () => {
  it("nothing is fetched until a plot's turn asks for it", async () => {
    let imports = 0;
    const plot = lazyPlot(async () => {
      imports++;
      return { default: Plot };
    });
    expect(imports).toBe(0);
    await plot.load();
    expect(imports).toBe(1);
  });

  it("every plot of a kind shares one fetch", async () => {
    let imports = 0;
    const plot = lazyPlot(async () => {
      imports++;
      return { default: Plot };
    });
    const [a, b] = await Promise.all([plot.load(), plot.load()]);
    await plot.load();
    expect(imports).toBe(1);
    expect(a).toBe(Plot);
    expect(b).toBe(Plot);
  });

  it("a fetch that failed is tried again by the next plot", async () => {
    let imports = 0;
    const plot = lazyPlot(async () => {
      imports++;
      if (imports === 1) throw new Error("chunk failed to load");
      return { default: Plot };
    });
    await expect(plot.load()).rejects.toThrow("chunk failed to load");
    await expect(plot.load()).resolves.toBe(Plot);
    expect(imports).toBe(2);
  });
});
