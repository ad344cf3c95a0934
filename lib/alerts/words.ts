import { formatDecimal } from "@/lib/format/numbers";
import type { RuleBody } from "@/lib/alerts/rules";

/** A percent as the rules and alerts write it: "15 %", "12.5 %". */
export const pct = (value: number) => `${formatDecimal(value, { maxDigits: 1 })} %`;

/** Each rule's threshold in the user's words: what it watches for, in one phrase. */
export function ruleWords(rule: RuleBody): string {
  switch (rule.kind) {
    case "behind_stly":
      return `A stay month more than ${pct(rule.params.percent)} behind the same time last year on ${rule.params.metric}`;
    case "no_booking":
      return `No new booking in ${formatDecimal(rule.params.days)} ${rule.params.days === 1 ? "day" : "days"} for a listing with open nights in the next 30`;
    case "below_market":
      return `Occupancy in the next ${rule.params.window} nights below ${pct(rule.params.percent)} of the market's`;
    case "at_minimum":
      return `More than ${formatDecimal(rule.params.nights)} of the next 30 nights priced at the minimum price`;
    case "pickup_below_ly":
      return `Pickup in the last 7 days more than ${pct(rule.params.percent)} below last year's`;
    case "flag_gained":
      return "A listing gained a flag";
    case "comps_moved":
      return `The comps' median price for the set's next 30 nights moved more than ${pct(rule.params.percent)} since yesterday`;
  }
}
