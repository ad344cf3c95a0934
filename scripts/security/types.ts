import type { SuiteServers } from "./servers";

/** What one category of the security suite tried and how it came out. */
export interface CategoryResult {
  category: string;
  /** Probes sent. */
  tried: number;
  /** Probes whose outcome was the expected one (a refusal, or the control that must pass). */
  asExpected: number;
  /** One line per probe that did not come out as expected. */
  misses: string[];
}

export type Check = (servers: SuiteServers) => Promise<CategoryResult>;

/** Tallies probes of one category. */
export function tally(category: string) {
  const result: CategoryResult = { category, tried: 0, asExpected: 0, misses: [] };
  return {
    result,
    /** Records one probe; `ok` says whether it came out as expected. */
    probe(ok: boolean, describe: () => string) {
      result.tried += 1;
      if (ok) result.asExpected += 1;
      else result.misses.push(describe());
    },
  };
}
