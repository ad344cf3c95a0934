import { fromKm, toKm, type DistanceUnit } from "@/lib/display/distance";
import type { Market } from "@/lib/svc/schemas/market-report";

/**
 * A market's postal codes drawn without map tiles: the points projected onto a plane and fitted
 * to a box. A market spans a few kilometres, where an equirectangular projection (longitude
 * scaled by the cosine of the middle latitude) keeps distances true to within a fraction of a
 * percent, so nothing heavier is needed.
 */

const KM_PER_DEGREE = 111.32;
/** The smallest span drawn, in degrees: one postal code alone still gets a sensible frame. */
const MIN_SPAN_DEGREES = 0.01;

export interface MapBox {
  width: number;
  height: number;
  padding: number;
  /** Radius of the smallest and the largest point. */
  minRadius: number;
  maxRadius: number;
}

export const DEFAULT_MAP_BOX: MapBox = { width: 560, height: 360, padding: 36, minRadius: 4, maxRadius: 22 };

export interface MapPoint {
  postalCode: string;
  lat: number;
  lng: number;
  listingCount: number;
  /** My listings counted toward this postal code. */
  mine: number;
  x: number;
  y: number;
  r: number;
}

export interface ScaleBar {
  /** The bar's length in kilometres (a round figure in the reader's unit). */
  km: number;
  px: number;
  /** "2 km", "500 m", "1 mi". */
  label: string;
}

export interface MapFrame {
  width: number;
  height: number;
  points: MapPoint[];
  scale: ScaleBar | null;
}

type PostalCode = Market["postal_codes"][number];

/** Squared distance in the projection's plane: enough to compare nearness within a market. */
function planeDistance(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const cos = Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const dx = (lng1 - lng2) * cos;
  const dy = lat1 - lat2;
  return dx * dx + dy * dy;
}

/**
 * The postal code a listing counts toward: the nearest point, the service's own rule for its
 * counts (the service does not name a listing's postal code). Null without postal codes.
 */
export function nearestPostalCode(codes: readonly PostalCode[], lat: number, lng: number): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const code of codes) {
    const d = planeDistance(code.latlong[0], code.latlong[1], lat, lng);
    if (d < bestDistance) [best, bestDistance] = [code.postal_code, d];
  }
  return best;
}

/** How many of my listings count toward each postal code. */
export function myPostalCounts(
  codes: readonly PostalCode[],
  listings: ReadonlyArray<{ latitude: number; longitude: number }>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const l of listings) {
    const code = nearestPostalCode(codes, l.latitude, l.longitude);
    if (code !== null) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

/** A round length in the reader's unit for the scale bar, near a fifth of the map's width. */
function scaleBar(pxPerKm: number, width: number, unit: DistanceUnit): ScaleBar | null {
  if (!Number.isFinite(pxPerKm) || pxPerKm <= 0) return null;
  const target = fromKm(width / 5 / pxPerKm, unit);
  const steps = [0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100];
  const length = steps.reduce(
    (best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best),
    steps[0]!,
  );
  const km = toKm(length, unit);
  const label = unit === "mi" ? `${length} mi` : length < 1 ? `${length * 1000} m` : `${length} km`;
  return { km, px: km * pxPerKm, label };
}

/**
 * Every postal code placed in the box: north up, the points' extent centred and scaled to fit
 * inside the padding, each point's area proportional to its listing count (a count of 0 keeps
 * the smallest radius, so the place still shows).
 */
export function projectPostalCodes(
  codes: readonly PostalCode[],
  mine: ReadonlyMap<string, number> = new Map(),
  box: MapBox = DEFAULT_MAP_BOX,
  unit: DistanceUnit = "km",
): MapFrame {
  const { width, height, padding, minRadius, maxRadius } = box;
  if (codes.length === 0) return { width, height, points: [], scale: null };
  const lats = codes.map((c) => c.latlong[0]);
  const lngs = codes.map((c) => c.latlong[1]);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const cos = Math.cos((midLat * Math.PI) / 180);
  // Plane units: degrees of latitude (x is longitude shrunk by the cosine).
  const xs = lngs.map((lng) => lng * cos);
  const spanX = Math.max(Math.max(...xs) - Math.min(...xs), MIN_SPAN_DEGREES);
  const spanY = Math.max(Math.max(...lats) - Math.min(...lats), MIN_SPAN_DEGREES);
  const scale = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  const centreX = (Math.max(...xs) + Math.min(...xs)) / 2;
  const centreY = (Math.max(...lats) + Math.min(...lats)) / 2;
  const maxCount = Math.max(1, ...codes.map((c) => c.listing_count));

  const points = codes.map((code, i) => ({
    postalCode: code.postal_code,
    lat: code.latlong[0],
    lng: code.latlong[1],
    listingCount: code.listing_count,
    mine: mine.get(code.postal_code) ?? 0,
    x: round(width / 2 + (xs[i]! - centreX) * scale),
    y: round(height / 2 - (code.latlong[0] - centreY) * scale),
    r: round(minRadius + (maxRadius - minRadius) * Math.sqrt(code.listing_count / maxCount)),
  }));
  return { width, height, points, scale: scaleBar(scale / KM_PER_DEGREE, width, unit) };
}

const round = (n: number) => Math.round(n * 10) / 10;

export interface PlacedLabel {
  postalCode: string;
  text: string;
  x: number;
  y: number;
  anchor: "start" | "end" | "middle";
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Labels that do not cover each other or a circle other than their own: each is tried to the
 * right of its circle, then left, above and below; one that fits nowhere is left out (the
 * circle's tooltip and the table still name it). Postal codes holding my listings are placed
 * first, then the larger ones. `charWidth` is the label font's average advance.
 */
export function placeLabels(frame: MapFrame, fontSize = 11, charWidth = 6.4): PlacedLabel[] {
  const order = [...frame.points].sort((a, b) => b.mine - a.mine || b.listingCount - a.listingCount);
  const taken: Box[] = [];
  const circles = frame.points.map((p) => ({
    code: p.postalCode,
    box: { left: p.x - p.r, right: p.x + p.r, top: p.y - p.r, bottom: p.y + p.r },
  }));
  const placed: PlacedLabel[] = [];
  for (const p of order) {
    const text = p.mine > 0 ? `${p.postalCode} (${p.mine})` : p.postalCode;
    const w = text.length * charWidth;
    const h = fontSize + 2;
    const gap = 3;
    const candidates: Array<{ x: number; y: number; anchor: PlacedLabel["anchor"]; box: Box }> = [
      {
        x: p.x + p.r + gap,
        y: p.y + fontSize / 3,
        anchor: "start",
        box: { left: p.x + p.r + gap, right: p.x + p.r + gap + w, top: p.y - h / 2, bottom: p.y + h / 2 },
      },
      {
        x: p.x - p.r - gap,
        y: p.y + fontSize / 3,
        anchor: "end",
        box: { left: p.x - p.r - gap - w, right: p.x - p.r - gap, top: p.y - h / 2, bottom: p.y + h / 2 },
      },
      {
        x: p.x,
        y: p.y - p.r - gap,
        anchor: "middle",
        box: { left: p.x - w / 2, right: p.x + w / 2, top: p.y - p.r - gap - h, bottom: p.y - p.r - gap },
      },
      {
        x: p.x,
        y: p.y + p.r + gap + fontSize,
        anchor: "middle",
        box: { left: p.x - w / 2, right: p.x + w / 2, top: p.y + p.r + gap, bottom: p.y + p.r + gap + h },
      },
    ];
    const fits = candidates.find(
      (c) =>
        c.box.left >= 0 &&
        c.box.right <= frame.width &&
        c.box.top >= 0 &&
        c.box.bottom <= frame.height &&
        !taken.some((t) => overlaps(t, c.box)) &&
        !circles.some((o) => o.code !== p.postalCode && overlaps(o.box, c.box)),
    );
    if (!fits) continue;
    taken.push(fits.box);
    placed.push({ postalCode: p.postalCode, text, x: round(fits.x), y: round(fits.y), anchor: fits.anchor });
  }
  return placed;
}
