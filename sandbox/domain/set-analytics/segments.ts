/**
 * The segments of the comp calendar model (see comp-nights.ts): which stored windows each
 * one reproduces, and how many nights it blocks and books at what prices.
 */
import { METRIC_WINDOWS } from "../../data/seed/market-listings";
import {
  windowFacts,
  windowMeans,
  type NightInputs,
  type WindowFacts,
  type WindowSuffix,
} from "./night-inputs";
import type { CompListing } from "./world";

/**
 * A run of nights, [from, to) in days from the seed day. Its targets are the `outer` window
 * minus the `inner` one nested in it (or `outer` alone); a `tail` lies outside every window
 * and takes `outer`'s rates instead of exact counts.
 */
export interface SegmentSpec {
  from: number;
  to: number;
  outer: WindowSuffix;
  inner: WindowSuffix | null;
  tail: boolean;
}

export const SEGMENTS: readonly SegmentSpec[] = [
  { from: -Infinity, to: -365, outer: "365_0", inner: null, tail: true },
  { from: -365, to: -90, outer: "365_0", inner: "90_0", tail: false },
  { from: -90, to: -30, outer: "90_0", inner: "30_0", tail: false },
  { from: -30, to: 0, outer: "30_0", inner: null, tail: false },
  { from: 0, to: 30, outer: "0_30", inner: null, tail: false },
  { from: 30, to: 90, outer: "0_90", inner: "0_30", tail: false },
  { from: 90, to: Infinity, outer: "0_90", inner: null, tail: true },
];
const PAST_PREFERENCE: readonly WindowSuffix[] = ["365_0", "90_0", "30_0", "0_30", "0_90"];
const FORWARD_PREFERENCE: readonly WindowSuffix[] = ["0_90", "0_30", "30_0", "90_0", "365_0"];

/** The seed draws asking premiums from 1.03..1.15; its midpoint stands in when none is known. */
const DEFAULT_ASKING_PREMIUM = 1.09;

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** How many nights of a segment to block and book, and what its prices should average. */
export interface SegmentPlan {
  blocked: number;
  booked: number;
  /** Mean targets (exact segments), applied after the nights are chosen. */
  adrTarget: number | null;
  askingTarget: number | null;
  /** Scales on the jittered factor (tails, and whenever a target is missing). */
  adrScale: number;
  askingScale: number;
}

export interface ListingFacts {
  facts: ReadonlyMap<WindowSuffix, WindowFacts | null>;
  premium: number;
  fallbackAdrScale: number;
}

export function listingFacts(listing: CompListing, input: NightInputs): ListingFacts {
  const facts = new Map<WindowSuffix, WindowFacts | null>(
    METRIC_WINDOWS.map((w) => [w.suffix, windowFacts(listing.metrics, w.suffix)]),
  );
  const known = [...facts.values()].filter((f): f is WindowFacts => f !== null);
  const premiumSource = known.find((f) => f.adr !== null && f.asking !== null && f.adr > 0);
  const premium = premiumSource ? premiumSource.asking! / premiumSource.adr! : DEFAULT_ASKING_PREMIUM;
  const adrSource = known.find((f) => f.adr !== null);
  const fallbackAdrScale = adrSource
    ? adrSource.adr! / windowMeans(input, adrSource).factor
    : listing.base_price;
  return { facts, premium, fallbackAdrScale };
}

export function planSegment(
  spec: SegmentSpec,
  idx: readonly number[],
  input: NightInputs,
  lf: ListingFacts,
): SegmentPlan {
  const outer = lf.facts.get(spec.outer) ?? null;
  const inner = spec.inner ? (lf.facts.get(spec.inner) ?? null) : null;
  const plan: SegmentPlan = {
    blocked: 0,
    booked: 0,
    adrTarget: null,
    askingTarget: null,
    adrScale: lf.fallbackAdrScale,
    askingScale: lf.fallbackAdrScale * lf.premium,
  };
  if (!spec.tail && outer !== null && (spec.inner === null || inner !== null)) {
    const blk = (f: WindowFacts | null) => (f ? f.length - f.available : 0);
    plan.blocked = clamp(blk(outer) - blk(inner), 0, idx.length);
    plan.booked = clamp(outer.booked - (inner?.booked ?? 0), 0, idx.length - plan.blocked);
    const revenue = outer.revenue - (inner?.revenue ?? 0);
    if (outer.adr !== null) {
      plan.adrTarget =
        inner && plan.booked > 0 && revenue > 0
          ? clamp(revenue / plan.booked, 0.75 * outer.adr, 1.33 * outer.adr)
          : outer.adr;
    }
    plan.askingTarget = outer.asking ?? (plan.adrTarget !== null ? plan.adrTarget * lf.premium : null);
    return plan;
  }
  // Rates of the nearest known window, demand- and pickup-weighted night by night.
  const preference = spec.from >= 0 ? FORWARD_PREFERENCE : PAST_PREFERENCE;
  const ref = [spec.outer, ...preference].map((s) => lf.facts.get(s)).find((f) => f) ?? null;
  const means = ref ? windowMeans(input, ref) : null;
  const blockedShare = ref ? (ref.length - ref.available) / ref.length : 0.04;
  const finalOcc = ref && means ? ref.booked / ref.available / means.pickup : 0.6;
  // (score / mean score)^0.8 × pickup, from the precomputed weight.
  const relativeTo = means ? means.score ** 0.8 : 1;
  let expected = 0;
  for (const k of idx) expected += Math.min(0.98, (finalOcc * input.weight[k]!) / relativeTo);
  plan.blocked = clamp(Math.round(idx.length * blockedShare), 0, idx.length);
  plan.booked = clamp(Math.round(expected * (1 - blockedShare)), 0, idx.length - plan.blocked);
  if (ref && means) {
    if (ref.adr !== null) plan.adrScale = ref.adr / means.factor;
    plan.askingScale = ref.asking !== null ? ref.asking / means.factor : plan.adrScale * lf.premium;
  }
  return plan;
}
