import { inWords, isKnown, knownOr } from "@/lib/display/open-values";
import { canManageListing, canWriteListing, unknownAccessReason } from "@/lib/access/listing-access";
import type { Listing, SupportedSettings } from "@/lib/svc/schemas/listings";
import type { PreferenceSettingName, PreferenceWarning } from "@/lib/svc/schemas/preferences";
import type { BatchPreferencesResult } from "@/lib/svc/schemas/preferences-batch";
import { formatCount } from "@/lib/format/numbers";

/**
 * Preference settings, warnings and outcomes in words. The service speaks in setting and
 * attribute names (`min_stay`, `checkout_days`); the page says "minimum stay" and
 * "checkout days", and says which channel refused what.
 */

/** Each setting as a noun phrase, as in "Vrbo does not take a minimum stay". */
const SETTING_PHRASES: Record<PreferenceSettingName, string> = {
  pricing_enabled: "automatic posting",
  base_price: "a base price",
  base_price_adjustment: "a base price adjustment",
  min_price: "a minimum price",
  max_price: "a maximum price",
  min_stay: "a minimum stay",
  checkin_checkout: "check-in and checkout days",
  long_term_discounts: "long-term discounts",
  fees: "fees",
  guests_included: "a guests-included count",
  nickname: "a nickname",
  fee_adjustments: "fee adjustments",
};

/** Setting and attribute names in words (labels, warnings, the service's own messages). */
const NAME_WORDS: Record<string, string> = {
  pricing_enabled: "automatic posting",
  base_price: "base price",
  base_price_adjustment: "base price adjustment",
  min_price: "minimum price",
  max_price: "maximum price",
  min_stay: "minimum stay",
  checkin_checkout: "check-in and checkout days",
  checkin_days: "check-in days",
  checkout_days: "checkout days",
  long_term_discounts: "long-term discounts",
  weekly_percent: "weekly discount",
  monthly_percent: "monthly discount",
  fees: "fees",
  cleaning_fee: "cleaning fee",
  extra_guest_fee: "extra guest fee",
  guests_included: "guests included",
  nickname: "nickname",
  fee_adjustments: "fee adjustments",
  total_fee_percentage: "total fee percentage",
  auto_update: "automatic update",
};

export function nameInWords(name: string): string {
  return NAME_WORDS[name] ?? name.replace(/_/g, " ");
}

/** "a", "a and b", "a, b and c". */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A sentence from a schema or the service: names in words, a capital, a full stop. */
export function humanize(message: string): string {
  const worded = message
    // A path (`fee_adjustments.total_fee_percentage`, `preferences.2.settings.min_price`)
    // is named by its last part.
    .replace(/\b[a-z_]+(?:\.[a-z_0-9]+)+\b/g, (path) => path.split(".").pop()!)
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => nameInWords(name))
    .trim();
  if (!worded) return worded;
  const sentence = worded[0]!.toUpperCase() + worded.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * Why a setting cannot be edited on this listing, from its `supported_settings`, or null
 * when the channel takes it. Only the three settings the interface lets a channel refuse.
 */
export function unsupportedReason(
  setting: PreferenceSettingName,
  supported: SupportedSettings,
  channel: string,
): string | null {
  const refuses =
    (setting === "min_stay" && !supported.min_stay) ||
    (setting === "checkin_checkout" && !supported.checkin_checkout) ||
    (setting === "long_term_discounts" &&
      (!supported.long_term_discounts || supported.long_term_discount_form === "none"));
  return refuses ? `${channel} does not take ${SETTING_PHRASES[setting]} from us for this listing.` : null;
}

export interface WarningInWords {
  setting: PreferenceWarning["setting"];
  /** "Not applied" / "Partly applied" (or "Would not apply" / "Would apply in part"). */
  title: string;
  sentence: string;
  /** The attributes affected, in words. */
  attributes: string[];
}

/** `applied`: after a write; `preview`: what a write would do. */
export type WarningTense = "applied" | "preview";

export function warningInWords(
  warning: PreferenceWarning,
  channel: string,
  tense: WarningTense = "applied",
): WarningInWords {
  const attributes = warning.attributes.map(nameInWords);
  const phrase = knownOr(SETTING_PHRASES, warning.setting, nameInWords);
  const partial = warning.reason === "partially_supported_by_channel";
  const preview = tense === "preview";
  if (!partial && warning.reason !== "not_supported_by_channel") {
    // A reason we do not know: said as it came, without claiming what was or was not applied.
    return {
      setting: warning.setting,
      title: "Warning",
      sentence: `${channel} warned about ${phrase} for this listing: ${inWords(warning.reason).toLowerCase()}.`,
      attributes,
    };
  }
  const title = partial
    ? preview
      ? "Would apply in part"
      : "Partly applied"
    : preview
      ? "Would not apply"
      : "Not applied";
  const plural = attributes.length > 1 || /s$/.test(attributes[0] ?? "");
  const sentence = partial
    ? `${channel} takes only part of ${phrase} for this listing: the ${listInWords(attributes)} ${
        preview ? "would not be" : plural ? "were not" : "was not"
      } applied.`
    : `${channel} does not take ${phrase} from us for this listing, so ${
        preview ? "it would not be applied" : "it was not applied"
      }.`;
  return { setting: warning.setting, title, sentence, attributes };
}

export function warningsBySetting(
  warnings: PreferenceWarning[],
): Partial<Record<PreferenceSettingName, PreferenceWarning[]>> {
  const grouped: Partial<Record<PreferenceSettingName, PreferenceWarning[]>> = {};
  for (const warning of warnings) {
    // A setting we do not know has no field to sit beside: `writeOutcome` says it instead.
    if (isKnown(SETTING_PHRASES, warning.setting)) (grouped[warning.setting] ??= []).push(warning);
  }
  return grouped;
}

/** What a write's answer says overall: warnings make it "Saved with warnings", never plain success. */
export function writeOutcome(
  warnings: PreferenceWarning[],
  verb: "Saved" | "Copied",
): { tone: "success" | "warning"; title: string; detail: string } {
  if (warnings.length === 0) {
    return { tone: "success", title: `${verb}.`, detail: "Every setting was applied." };
  }
  const settings = new Set(warnings.map((w) => w.setting)).size;
  const elsewhere = warnings
    .filter((w) => !isKnown(SETTING_PHRASES, w.setting))
    .map((w) => ` ${warningInWords(w, "The channel").sentence}`)
    .join("");
  return {
    tone: "warning",
    title: `${verb} with warnings`,
    detail: `${settings} setting${settings === 1 ? " was" : "s were"} not applied in full; the reason is beside ${
      settings === 1 ? "it" : "each"
    }.${elsewhere}`,
  };
}

// ---------------------------------------------------------------- batch

/** `not_sent`: the listing's chunk of a large batch was never sent (Cancel). */
export type BatchOutcome = "applied" | "warnings" | "refused" | "missing" | "not_sent";

export interface BatchRow {
  listing: Listing;
  outcome: BatchOutcome;
  warnings: PreferenceWarning[];
  /** The service's sentence for a refused listing. */
  reason: string | null;
}

/**
 * One row per listing sent (ids sent as svc ids), in the order given. A listing the answer
 * names nowhere is `missing`, which should not happen but must not pass as applied.
 */
export function batchRows(listings: Listing[], result: BatchPreferencesResult): BatchRow[] {
  const applied = new Map(result.results.map((r) => [r.listing_id, r]));
  const refused = new Map(result.errors.map((e) => [e.listing_id, e]));
  return listings.map((listing) => {
    const ok = applied.get(listing.svc_id);
    if (ok) {
      return {
        listing,
        outcome: ok.warnings.length > 0 ? "warnings" : "applied",
        warnings: ok.warnings,
        reason: null,
      };
    }
    const error = refused.get(listing.svc_id);
    if (error) {
      const why = error.status === 403 ? `Refused: ${error.error.message}` : error.error.message;
      return { listing, outcome: "refused", warnings: [], reason: humanize(why) };
    }
    return { listing, outcome: "missing", warnings: [], reason: "The service's answer did not mention it." };
  });
}

export function batchSummary(rows: BatchRow[]): string {
  const count = (outcome: BatchOutcome) => rows.filter((r) => r.outcome === outcome).length;
  const n = (outcome: BatchOutcome) => formatCount(count(outcome));
  const applied = count("applied") + count("warnings");
  const parts = [`Applied to ${formatCount(applied)} listing${applied === 1 ? "" : "s"}`];
  if (count("warnings") > 0) parts[0] += `, ${n("warnings")} with warnings`;
  if (count("refused") > 0) parts.push(`${n("refused")} refused`);
  if (count("missing") > 0) parts.push(`${n("missing")} not reported`);
  if (count("not_sent") > 0) parts.push(`${n("not_sent")} not sent`);
  return `${parts.join("; ")}.`;
}

/**
 * Why the batch PUT /preferences will refuse a listing before it is sent: restricted
 * editors and viewers are barred from it (docs/interface.md, Authentication 5).
 */
export function batchRefusalReason(listing: Pick<Listing, "access_level">): string | null {
  if (listing.access_level === "restricted_editor") {
    return "Restricted editors cannot use batch preferences; edit this listing's own Preferences tab instead.";
  }
  if (listing.access_level === "viewer") return "Viewers cannot change a listing's preferences.";
  if (!canManageListing(listing.access_level)) return unknownAccessReason(listing.access_level);
  return null;
}

// ---------------------------------------------------------------- who may edit

export type PreferenceEditAccess =
  { canEdit: true; note: string | null } | { canEdit: false; reason: string };

/**
 * Whether the caller may change this listing's preferences: a read-only key, viewers and levels
 * we do not know may not; restricted editors may here (PUT /preferences/{id} stays open to them)
 * but not in a batch.
 */
export function preferenceEditAccess(
  access: Listing["access_level"],
  readOnlyKey: boolean,
): PreferenceEditAccess {
  if (readOnlyKey) {
    return {
      canEdit: false,
      reason: "Your session uses a read-only API key, so these preferences can be read but not changed.",
    };
  }
  if (access === "viewer") {
    return {
      canEdit: false,
      reason: "You have view-only access to this listing: its preferences cannot be changed.",
    };
  }
  if (!canWriteListing(access)) return { canEdit: false, reason: unknownAccessReason(access) ?? "" };
  if (access === "restricted_editor") {
    return {
      canEdit: true,
      note: "As a restricted editor you can change this listing's preferences here, but the service refuses it in batch edits from the portfolio.",
    };
  }
  return { canEdit: true, note: null };
}
