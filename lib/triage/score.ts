import { formatCount } from "@/lib/format/numbers";
import {
  FACTOR_KEYS,
  FACTOR_LABELS,
  subScoreOf,
  WEIGHTS,
  type FactorKey,
  type ListingMeasures,
} from "@/lib/triage/factors";
import { bandOf, factorClause, factorValue, NOT_MEASURED, type BandKey } from "@/lib/triage/words";

/**
 * A listing's triage score: 0 to 100, 100 healthy and low needing attention. The weighted
 * mean of the sub-scores of the factors measured for it: a factor that cannot be measured is
 * left out and the others' weights are rescaled to make 100, so the score says how many
 * factors it stands on. No factor measured: no score.
 */

export interface ScoredFactor {
  key: FactorKey;
  label: string;
  /** The weight out of 100 when every factor is measured. */
  weight: number;
  /** The weight it carries in this listing's score, rescaled over the factors measured; 0 when not measured. */
  share: number;
  /** The measurement in words; when not measured, why. */
  value: string;
  sub_score: number | null;
  measured: boolean;
}

export interface Scored {
  score: number | null;
  band: BandKey;
  /** How many factors the score stands on. */
  measured: number;
  why: string;
  factors: ScoredFactor[];
}

/** Two factors are named at most: the one pulling the score down most, and the next if it pulls too. */
const NAMED = 2;

export function scoreListing(m: ListingMeasures): Scored {
  const subs = FACTOR_KEYS.map((key) => ({ key, sub: subScoreOf(key, m) }));
  const measured = subs.filter((s): s is { key: FactorKey; sub: number } => s.sub !== null);
  const total = measured.reduce((sum, s) => sum + WEIGHTS[s.key], 0);
  const exact = total === 0 ? null : measured.reduce((sum, s) => sum + WEIGHTS[s.key] * s.sub, 0) / total;
  const score = exact === null ? null : Math.round(exact);
  const factors = subs.map(({ key, sub }): ScoredFactor => {
    const value = sub === null ? null : factorValue(key, m);
    return {
      key,
      label: FACTOR_LABELS[key],
      weight: WEIGHTS[key],
      share: sub === null ? 0 : (WEIGHTS[key] * 100) / total,
      value: value ?? NOT_MEASURED[key],
      sub_score: sub === null ? null : Math.round(sub),
      measured: sub !== null,
    };
  });
  return { score, band: bandOf(score), measured: measured.length, why: whyOf(score, measured, m), factors };
}

/**
 * "Score 34: the next 30 nights are 41 % behind last year (12 against 20 nights), and 9 nights
 * of the next 30 sit at the minimum price." The factors named are those whose weighted
 * shortfall (weight times what the sub-score lacks of 100) is largest.
 */
export function whyOf(
  score: number | null,
  measured: ReadonlyArray<{ key: FactorKey; sub: number }>,
  m: ListingMeasures,
): string {
  if (score === null) return "Not scored: nothing about this listing can be measured from the mirror yet.";
  const pulling = measured
    .map((s) => ({ key: s.key, shortfall: WEIGHTS[s.key] * (100 - s.sub) }))
    .filter((s) => s.shortfall > 0)
    .sort((a, b) => b.shortfall - a.shortfall || FACTOR_KEYS.indexOf(a.key) - FACTOR_KEYS.indexOf(b.key));
  const clauses = pulling.slice(0, NAMED).flatMap((s) => factorClause(s.key, m) ?? []);
  if (clauses.length === 0) {
    const of = `${formatCount(measured.length)} factor${measured.length === 1 ? "" : "s"} measured`;
    return `Score ${score}: nothing pulls it down among the ${of}.`;
  }
  return `Score ${score}: ${clauses.join(", and ")}.`;
}
