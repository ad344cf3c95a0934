/**
 * Per-night inputs of the comp calendar model (comp-nights.ts): the market's price factor,
 * demand score and booking pickup, the stable per-(listing, day) uniforms, and the facts of
 * each stored metric window.
 */
import { METRIC_WINDOWS, pickupAtLead } from "../../data/seed/market-listings";
import type { CompListing, DemandNight, ModelSpan } from "./world";

export type WindowSuffix = (typeof METRIC_WINDOWS)[number]["suffix"];

export interface WindowFacts {
  offset: number;
  length: number;
  booked: number;
  available: number;
  adr: number | null;
  asking: number | null;
  revenue: number;
}

export function windowFacts(metrics: CompListing["metrics"], suffix: WindowSuffix): WindowFacts | null {
  const w = METRIC_WINDOWS.find((x) => x.suffix === suffix)!;
  const booked = metrics[`nights_booked_${suffix}`];
  const available = metrics[`nights_available_${suffix}`];
  if (booked == null || available == null || available <= 0) return null;
  return {
    offset: w.offset,
    length: w.length,
    booked,
    available,
    adr: metrics[`adr_${suffix}`] ?? null,
    asking: metrics[`asking_rate_${suffix}`] ?? null,
    revenue: metrics[`revenue_${suffix}`] ?? 0,
  };
}

/** Per-night uniforms, one array per use; the same for a (listing, day) on every call. */
export interface Draws {
  blockKey: Float64Array;
  bookKey: Float64Array;
  jitter: Float64Array;
  probability: Float64Array;
  window: Float64Array;
}

/**
 * mulberry32 (data/random.ts) seeded with (listing hash, day), its arithmetic inlined into one
 * loop: the same numbers, without a closure per night. Only nights [lo, hi) are drawn.
 */
function drawsFor(listingHash: number, startDay: number, n: number, lo: number, hi: number): Draws {
  const out: Draws = {
    blockKey: new Float64Array(n),
    bookKey: new Float64Array(n),
    jitter: new Float64Array(n),
    probability: new Float64Array(n),
    window: new Float64Array(n),
  };
  const arrays = [out.blockKey, out.bookKey, out.jitter, out.probability, out.window];
  for (let k = lo; k < hi; k++) {
    let a = (listingHash ^ Math.imul(startDay + k, 0x9e3779b1)) >>> 0;
    for (const values of arrays) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      values[k] = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    }
  }
  return out;
}

type Numbers = ArrayLike<number>;

export function meanOver(values: Numbers, indices: readonly number[]): number {
  let sum = 0;
  for (const i of indices) sum += values[i] as number;
  return indices.length ? sum / indices.length : 0;
}

/** Everything per night the segments need, computed once per listing. */
export interface NightInputs {
  seedIndex: number;
  factor: Float64Array;
  score: Float64Array;
  pickup: Float64Array;
  /** factor × the night's ±4 % jitter: what a price is proportional to. */
  jittered: Float64Array;
  /** Booking weight demand^0.8 × pickup. */
  weight: Float64Array;
  /** Efraimidis–Spirakis key ln(u)/weight: the largest are booked. */
  bookKey: Float64Array;
  draws: Draws;
}

/** factor, score and pickup over the whole span; draws, jitter and keys over [lo, hi) only. */
export function nightInputs(
  listingHash: number,
  demand: readonly DemandNight[],
  span: ModelSpan,
  lo: number,
  hi: number,
): NightInputs {
  const n = span.endDay - span.startDay + 1;
  const seedIndex = span.seedDay - span.startDay;
  const draws = drawsFor(listingHash, span.startDay, n, lo, hi);
  const factor = new Float64Array(n);
  const score = new Float64Array(n);
  const pickup = new Float64Array(n);
  const jittered = new Float64Array(n);
  const weight = new Float64Array(n);
  const bookKey = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const m = demand[k] as DemandNight;
    factor[k] = m.season * m.weekday * m.event * m.noise;
    score[k] = m.season * m.event * m.noise;
    pickup[k] = k < seedIndex ? 1 : pickupAtLead(k - seedIndex);
  }
  for (let k = lo; k < hi; k++) {
    jittered[k] = factor[k]! * (0.96 + 0.08 * draws.jitter[k]!);
    weight[k] = score[k]! ** 0.8 * pickup[k]!;
    bookKey[k] = Math.log(draws.bookKey[k]! || 1e-12) / weight[k]!;
  }
  return { seedIndex, factor, score, pickup, jittered, weight, bookKey, draws };
}

export interface Means {
  factor: number;
  score: number;
  pickup: number;
}

export function windowMeans(input: NightInputs, w: WindowFacts): Means {
  let factor = 0;
  let score = 0;
  let pickup = 0;
  for (let i = 0, k = input.seedIndex + w.offset; i < w.length; i++, k++) {
    factor += input.factor[k]!;
    score += input.score[k]!;
    pickup += input.pickup[k]!;
  }
  return { factor: factor / w.length, score: score / w.length, pickup: pickup / w.length };
}
