import {
  describePeriod,
  formatValue,
  humanize,
  num,
  record,
  settingLabel,
  str,
} from "@/lib/listing/records/changelog-values";
import type { PreferenceChangelogEntry } from "@/lib/svc/schemas/listing-changelog";
import { formatDayLong } from "@/lib/format/dates";

export { formatValue, humanize, settingLabel } from "@/lib/listing/records/changelog-values";

/**
 * One entry of GET /preferences/{listing_id}/changelog in words: who, what, and for a change
 * of settings each setting's old → new value. Pure, so every action's wording is tested and
 * an entry whose details the dashboard does not know still shows them rather than nothing.
 */

export interface ChangelogLine {
  label: string;
  /** A change reads `before → after`; a fact reads as `value` alone. */
  before?: string;
  after?: string;
  value?: string;
}

export interface ChangelogView {
  title: string;
  who: string;
  lines: ChangelogLine[];
}

const TRIGGERS: Record<string, string> = {
  automatic: "automatic posting",
  sync: "a sync",
  app: "a post from the app",
};

const RESERVATION_CHANGES: Record<string, string> = {
  new: "New reservation",
  amend: "Reservation amended",
  cancel: "Reservation canceled",
  remove: "Reservation removed by the channel",
  disappear: "Reservation canceled (no longer on the channel)",
};

const SOURCES: Record<string, string> = {
  put: "the preferences editor",
  batch: "a batch edit",
  copy: "a copy from another listing",
  setting: "a single-setting write",
};

/** Details keys already put in words; the rest still show, generically. */
function restOf(
  details: Record<string, unknown>,
  known: readonly string[],
  currency: string,
): ChangelogLine[] {
  return Object.entries(details)
    .filter(([key]) => !known.includes(key))
    .map(([key, value]) => ({ label: humanize(key), value: formatValue(value, currency, key) }));
}

function settingChanges(changes: Record<string, unknown>, currency: string): ChangelogLine[] {
  return Object.entries(changes).map(([name, change]) => {
    const c = record(change);
    if (!c || !("before" in c || "after" in c)) {
      return { label: settingLabel(name), value: formatValue(change, currency, name) };
    }
    return {
      label: settingLabel(name),
      before: formatValue(c.before, currency, name),
      after: formatValue(c.after, currency, name),
    };
  });
}

/** A listing's name when the page knows it; undefined names it by id. */
export type ListingNameOf = (svcId: string) => string | undefined;

function sourceLine(details: Record<string, unknown>, nameOf: ListingNameOf): ChangelogLine[] {
  const source = str(details.source);
  if (!source) return [];
  let value = SOURCES[source] ?? humanize(source);
  const from = str(details.copied_from);
  if (source === "copy" && from) value += ` (${nameOf(from) ?? `listing ${from}`})`;
  if (source === "setting" && str(details.setting)) value += ` (${settingLabel(str(details.setting)!)})`;
  return [{ label: "Made with", value }];
}

export function describeChangelogEntry(
  entry: PreferenceChangelogEntry,
  currency: string,
  nameOf: ListingNameOf = () => undefined,
): ChangelogView {
  const d = entry.details;
  const who = entry.actor ? entry.actor.email : "The service (automatic)";
  switch (entry.action) {
    case "preferences_changed": {
      const changes = record(d.changes) ?? {};
      return {
        title: "Preferences changed",
        who,
        lines: [
          ...settingChanges(changes, currency),
          ...sourceLine(d, nameOf),
          ...restOf(d, ["changes", "source", "copied_from", "setting"], currency),
        ],
      };
    }
    case "pricing_engine_changed": {
      const change = record(d.pricing_enabled);
      const after = change ? change.after : null;
      return {
        title:
          after === true
            ? "Automatic posting turned on"
            : after === false
              ? "Automatic posting turned off"
              : "Automatic posting changed",
        who,
        lines: [
          ...(change
            ? [
                {
                  label: "Automatic posting",
                  before: formatValue(change.before, currency),
                  after: formatValue(change.after, currency),
                },
              ]
            : []),
          ...sourceLine(d, nameOf),
          ...restOf(d, ["pricing_enabled", "source", "copied_from", "setting"], currency),
        ],
      };
    }
    case "price_posted": {
      const lines: ChangelogLine[] = [];
      const trigger = str(d.trigger);
      if (trigger) lines.push({ label: "Posted by", value: TRIGGERS[trigger] ?? humanize(trigger) });
      const posted = num(d.nights_posted);
      const changed = num(d.nights_changed);
      if (posted !== null) {
        const from = str(d.from_date);
        lines.push({
          label: "Nights",
          value: `${posted} posted${from ? ` from ${formatDayLong(from)}` : ""}${changed !== null ? `, ${changed} with a new price` : ""}`,
        });
      }
      return {
        title: "Prices posted to the channel",
        who,
        lines: [
          ...lines,
          ...restOf(d, ["trigger", "nights_posted", "nights_changed", "from_date"], currency),
        ],
      };
    }
    case "price_post_failed": {
      const trigger = str(d.trigger);
      return {
        title: "Posting prices failed",
        who,
        lines: [
          ...(trigger ? [{ label: "Posted by", value: TRIGGERS[trigger] ?? humanize(trigger) }] : []),
          ...(str(d.error) ? [{ label: "Reason", value: str(d.error)! }] : []),
          ...restOf(d, ["trigger", "error"], currency),
        ],
      };
    }
    case "calendar_synced": {
      const read = num(d.reservations_read);
      const changed = num(d.reservations_changed);
      return {
        title: "Calendar and reservations synced",
        who,
        lines: [
          ...(read !== null
            ? [
                {
                  label: "Reservations",
                  value: `${read} read${changed !== null ? `, ${changed} changed` : ""}`,
                },
              ]
            : []),
          ...restOf(d, ["reservations_read", "reservations_changed"], currency),
        ],
      };
    }
    case "custom_rate_added":
      return {
        title: "Custom rate added",
        who,
        lines: [
          { label: "Period", value: describePeriod(d, currency) },
          ...restOf(d, ["start_date", "end_date", "price_type", "price_value"], currency).filter(
            // An unset optional field of a new period says nothing.
            (line) => line.value !== "not set",
          ),
        ],
      };
    case "custom_rate_split": {
      const period = record(d.period);
      const removed = record(d.removed);
      const remaining = Array.isArray(d.remaining) ? d.remaining.map(record).filter((r) => r !== null) : [];
      return {
        title: "Custom rate split",
        who,
        lines: [
          ...(period ? [{ label: "Period", value: describePeriod(period, currency) }] : []),
          ...(removed ? [{ label: "Dates taken out", value: describePeriod(removed, currency) }] : []),
          ...(remaining.length > 0
            ? [
                {
                  label: "Still in force",
                  value: remaining.map((r) => describePeriod(r, currency)).join("; "),
                },
              ]
            : []),
          ...(str(d.cause) ? [{ label: "Because", value: causeWords(str(d.cause)!) }] : []),
          ...restOf(d, ["period", "removed", "remaining", "cause"], currency),
        ],
      };
    }
    case "custom_rate_removed": {
      const period = record(d.period);
      return {
        title: "Custom rate removed",
        who,
        lines: [
          ...(period ? [{ label: "Period", value: describePeriod(period, currency) }] : []),
          ...(str(d.cause) ? [{ label: "Because", value: causeWords(str(d.cause)!) }] : []),
          ...restOf(d, ["period", "cause"], currency),
        ],
      };
    }
    case "reservation_imported": {
      const change = str(d.change);
      const id = str(d.reservation_id);
      return {
        title: change
          ? (RESERVATION_CHANGES[change] ?? `Reservation ${humanize(change).toLowerCase()}`)
          : "Reservation imported",
        who,
        lines: [
          ...(id ? [{ label: "Reservation", value: id }] : []),
          ...restOf(d, ["change", "reservation_id"], currency),
        ],
      };
    }
  }
}

function causeWords(cause: string): string {
  if (cause === "overwritten") return "a new custom rate covers those dates";
  if (cause === "deleted") return "those dates were deleted";
  return humanize(cause).toLowerCase();
}
