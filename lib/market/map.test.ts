import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAP_BOX,
  myPostalCounts,
  nearestPostalCode,
  placeLabels,
  projectPostalCodes,
} from "@/lib/market/map";

/** Four of Austin's postal codes as the reference service answers them. */
const codes = [
  { postal_code: "78701", latlong: [30.2676, -97.7429] as [number, number], listing_count: 83 },
  { postal_code: "78702", latlong: [30.2489, -97.7501] as [number, number], listing_count: 47 },
  { postal_code: "78704", latlong: [30.264, -97.72] as [number, number], listing_count: 74 },
  { postal_code: "78707", latlong: [30.306, -97.73] as [number, number], listing_count: 0 },
];
const byCode = (frame: ReturnType<typeof projectPostalCodes>, code: string) =>
  frame.points.find((p) => p.postalCode === code)!;

describe("postal codes are projected onto the map box", () => {
  const frame = projectPostalCodes(codes);
  const { width, height, padding } = DEFAULT_MAP_BOX;

  it("keeps north up and east to the right", () => {
    // 78707 is the northernmost, 78704 the easternmost.
    expect(Math.min(...frame.points.map((p) => p.y))).toBe(byCode(frame, "78707").y);
    expect(Math.max(...frame.points.map((p) => p.x))).toBe(byCode(frame, "78704").x);
  });

  it("fits every point inside the padding and fills one of the two directions", () => {
    for (const p of frame.points) {
      expect(p.x).toBeGreaterThanOrEqual(padding - 0.1);
      expect(p.x).toBeLessThanOrEqual(width - padding + 0.1);
      expect(p.y).toBeGreaterThanOrEqual(padding - 0.1);
      expect(p.y).toBeLessThanOrEqual(height - padding + 0.1);
    }
    const ys = frame.points.map((p) => p.y);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(height - 2 * padding, 0);
  });

  it("keeps distances true: a degree of longitude is shorter than one of latitude by the cosine", () => {
    const a = projectPostalCodes([
      { postal_code: "a", latlong: [30, -97.8], listing_count: 1 },
      { postal_code: "b", latlong: [30, -97.7], listing_count: 1 },
      { postal_code: "c", latlong: [30.1, -97.8], listing_count: 1 },
    ]);
    const east = Math.abs(byCode(a, "b").x - byCode(a, "a").x);
    const north = Math.abs(byCode(a, "c").y - byCode(a, "a").y);
    expect(east / north).toBeCloseTo(Math.cos((30.05 * Math.PI) / 180), 2);
  });

  it("gives each point an area in proportion to its listings, and the smallest radius to none", () => {
    const big = byCode(frame, "78701");
    const mid = byCode(frame, "78702");
    expect(big.r).toBe(DEFAULT_MAP_BOX.maxRadius);
    expect(byCode(frame, "78707").r).toBe(DEFAULT_MAP_BOX.minRadius);
    const area = (r: number) => (r - DEFAULT_MAP_BOX.minRadius) ** 2;
    expect(area(mid.r) / area(big.r)).toBeCloseTo(47 / 83, 1);
  });

  it("draws one postal code alone in the middle, and nothing from none", () => {
    const single = projectPostalCodes([codes[0]!]);
    expect(single.points[0]).toMatchObject({ x: width / 2, y: height / 2 });
    expect(projectPostalCodes([])).toMatchObject({ points: [], scale: null });
  });

  it("offers a round scale bar near a fifth of the width", () => {
    expect(frame.scale).not.toBeNull();
    expect([0.5, 1, 2, 5]).toContain(frame.scale!.km);
    expect(frame.scale!.px).toBeGreaterThan(width / 10);
    expect(frame.scale!.px).toBeLessThan(width / 2);
  });

  it("offers a round number of miles to a reader who reads miles", () => {
    const miles = projectPostalCodes(codes, new Map(), DEFAULT_MAP_BOX, "mi");
    expect(miles.scale!.label).toMatch(/^(0\.5|1|2|5) mi$/);
    const pxPerKm = frame.scale!.px / frame.scale!.km;
    expect(miles.scale!.px / miles.scale!.km).toBeCloseTo(pxPerKm, 6);
  });
});

describe("my listings mark the postal codes they count toward", () => {
  it("counts each listing toward the nearest postal code", () => {
    expect(nearestPostalCode(codes, 30.265, -97.741)).toBe("78701");
    expect(nearestPostalCode(codes, 30.3, -97.731)).toBe("78707");
    expect(nearestPostalCode([], 30.3, -97.731)).toBeNull();
    const counts = myPostalCounts(codes, [
      { latitude: 30.265, longitude: -97.741 },
      { latitude: 30.266, longitude: -97.744 },
      { latitude: 30.262, longitude: -97.721 },
    ]);
    expect([...counts]).toEqual([
      ["78701", 2],
      ["78704", 1],
    ]);
    const frame = projectPostalCodes(codes, counts);
    expect(frame.points.map((p) => p.mine)).toEqual([2, 0, 1, 0]);
  });
});

describe("postal code labels", () => {
  it("never cover each other, and the postal codes holding my listings are labelled first", () => {
    const crowded = [0, 1, 2, 3, 4, 5].map((i) => ({
      postal_code: `P${i}`,
      latlong: [38.71 + i * 0.0004, -9.14] as [number, number],
      listing_count: 10,
    }));
    const frame = projectPostalCodes(
      [...crowded, { ...crowded[0]!, postal_code: "FAR", latlong: [38.75, -9.2] }],
      new Map([["P5", 1]]),
    );
    const labels = placeLabels(frame);
    expect(labels.some((l) => l.text === "P5 (1)")).toBe(true);
    const boxes = labels.map((l) => ({ y: l.y, x: l.x, anchor: l.anchor, w: l.text.length * 6.4 }));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const left = (box: typeof a) =>
          box.anchor === "start" ? box.x : box.anchor === "end" ? box.x - box.w : box.x - box.w / 2;
        const apart = left(a) + a.w <= left(b) || left(b) + b.w <= left(a) || Math.abs(a.y - b.y) >= 13;
        expect(apart, `${labels[i]!.text} and ${labels[j]!.text}`).toBe(true);
      }
    }
  });
});
