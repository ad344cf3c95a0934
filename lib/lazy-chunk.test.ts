import { describe, expect, it } from "vitest";
import { sharedLoad } from "./lazy-chunk";

describe("code loaded when first needed", () => {
  it("nothing is loaded until a caller asks", async () => {
    let loads = 0;
    const load = sharedLoad(async () => ++loads);
    expect(loads).toBe(0);
    expect(await load()).toBe(1);
  });

  it("every caller shares one load", async () => {
    let loads = 0;
    const load = sharedLoad(async () => ++loads);
    const [a, b] = await Promise.all([load(), load()]);
    await load();
    expect([a, b, loads]).toEqual([1, 1, 1]);
  });

  it("a failed load is not kept: the next caller tries again", async () => {
    let loads = 0;
    const load = sharedLoad(async () => {
      loads++;
      if (loads === 1) throw new Error("chunk failed to load");
      return "code";
    });
    await expect(load()).rejects.toThrow("chunk failed to load");
    expect(await load()).toBe("code");
    expect(await load()).toBe("code");
    expect(loads).toBe(2);
  });
});
