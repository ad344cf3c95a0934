import { describe, expect, it } from "vitest";
import { partLoader, sharedLoad } from "@/lib/lazy-chunk";

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

describe("a part loaded when first needed", () => {
  it("is not at hand until it arrives, then at hand at once", async () => {
    let imports = 0;
    const loader = partLoader(async () => ({ default: `part ${++imports}` }));
    expect(loader.loaded()).toBeNull();
    expect(imports).toBe(0);
    const pending = loader.load();
    expect(loader.loaded()).toBeNull();
    expect(await pending).toBe("part 1");
    expect(loader.loaded()).toBe("part 1");
    expect(await loader.load()).toBe("part 1");
    expect(imports).toBe(1);
  });

  it("a failed fetch leaves nothing at hand, and the next load fetches again", async () => {
    let imports = 0;
    const loader = partLoader(async () => {
      if (++imports === 1) throw new Error("chunk failed to load");
      return { default: "part" };
    });
    await expect(loader.load()).rejects.toThrow("chunk failed to load");
    expect(loader.loaded()).toBeNull();
    expect(await loader.load()).toBe("part");
    expect(loader.loaded()).toBe("part");
  });
});
