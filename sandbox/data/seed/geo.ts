/** Small geographic helpers (kilometres, WGS84 degrees). */

const EARTH_RADIUS_KM = 6371;

export interface Point {
  lat: number;
  lng: number;
}

export function offsetKm(origin: Point, eastKm: number, northKm: number): Point {
  return {
    lat: origin.lat + northKm / 110.574,
    lng: origin.lng + eastKm / (111.32 * Math.cos((origin.lat * Math.PI) / 180)),
  };
}

export function distanceKm(a: Point, b: Point): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** GeoJSON MultiPolygon coordinates ([lng, lat] pairs) of a box around the points, padded. */
export function boundingBoxMultiPolygon(points: readonly Point[], padKm = 0.3): number[][][][] {
  if (points.length === 0) throw new Error("boundary needs at least one point");
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const sw = offsetKm({ lat: Math.min(...lats), lng: Math.min(...lngs) }, -padKm, -padKm);
  const ne = offsetKm({ lat: Math.max(...lats), lng: Math.max(...lngs) }, padKm, padKm);
  const c = (p: Point) => [round(p.lng, 6), round(p.lat, 6)];
  const ring = [c(sw), c({ lat: sw.lat, lng: ne.lng }), c(ne), c({ lat: ne.lat, lng: sw.lng }), c(sw)];
  return [[ring]];
}

/** GeoJSON MultiPolygon coordinates of a circle approximated by `sides` vertices. */
export function circleMultiPolygon(center: Point, radiusKm: number, sides = 24): number[][][][] {
  const ring: number[][] = [];
  for (let i = 0; i < sides; i++) {
    const angle = (2 * Math.PI * i) / sides;
    const p = offsetKm(center, radiusKm * Math.cos(angle), radiusKm * Math.sin(angle));
    ring.push([round(p.lng, 6), round(p.lat, 6)]);
  }
  ring.push(ring[0] as number[]);
  return [[ring]];
}
