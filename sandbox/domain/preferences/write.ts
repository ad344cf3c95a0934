/**
 * One preference write, in two steps so that every check happens before anything is written:
 * `prepareWrite` filters by the channel, checks the values against the stored ones and works
 * out the changes; `commitWrite` stores them and records the changelog.
 */
import type { ListingAccessLevel } from "../../../lib/svc/schemas/listings";
import {
  INVALID_PREFERENCES,
  type PreferenceSettings,
  type PreferenceWarning,
} from "../../../lib/svc/schemas/preferences";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { ApiError } from "../api-error";
import { recordListingChange } from "../listing-changelog";
import { recordsClock } from "../records/dates";
import { rederiveFlags } from "../records/flags";
import { readSettings, writeSettings, type StoredSettings } from "./store";
import { applyChannelSupport } from "./support";
import { awaitRepricing, PRICED_SETTINGS } from "./repricing";

export type FieldError = { field: string; message: string };

export function invalidPreferences(fields: FieldError[]): ApiError {
  return new ApiError(
    400,
    INVALID_PREFERENCES,
    `Invalid ${fields.map((f) => f.field).join(", ")}: ${fields[0]?.message ?? "refused"}.`,
    { fields },
  );
}

/** Every level but viewer may write a listing's own preferences (docs/interface.md, Authentication 5). */
export function requirePreferenceEditor(access: ListingAccessLevel): void {
  if (access === "viewer") {
    throw new ApiError(403, "forbidden", "Viewers cannot change a listing's preferences.");
  }
}

export type SettingChanges = Record<string, { before: unknown; after: unknown }>;

export interface PreparedWrite {
  listing: ListingRow;
  before: StoredSettings;
  after: StoredSettings;
  warnings: PreferenceWarning[];
  changes: SettingChanges;
}

/**
 * min_price <= max_price once the request is merged with the stored settings (the contract
 * checks only a payload that gives both). Names the bound the request gave.
 */
function checkBounds(requested: PreferenceSettings, after: StoredSettings, fieldOf: (s: string) => string) {
  const { min_price: min, max_price: max } = after;
  if (min === null || max === null || min <= max) return;
  const fields: FieldError[] = [];
  if (requested.min_price !== undefined) {
    fields.push({ field: fieldOf("min_price"), message: `min_price ${min} is above max_price ${max}` });
  }
  if (requested.max_price !== undefined) {
    fields.push({ field: fieldOf("max_price"), message: `max_price ${max} is below min_price ${min}` });
  }
  throw invalidPreferences(fields);
}

/**
 * The write's outcome without storing it. `fieldOf` names a setting as the request gave it
 * (`min_price`, `value`, `preferences.2.settings.min_price`). Throws 400 invalid_preferences.
 */
export function prepareWrite(
  ctx: SandboxContext,
  listing: ListingRow,
  requested: PreferenceSettings,
  fieldOf: (setting: string) => string = (setting) => setting,
): PreparedWrite {
  const before = readSettings(ctx, listing);
  const { accepted, warnings } = applyChannelSupport(listing, requested);
  const after: StoredSettings = { ...before, ...accepted };
  checkBounds(accepted, after, fieldOf);
  const changes: SettingChanges = {};
  for (const key of Object.keys(accepted) as Array<keyof StoredSettings>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { before: before[key], after: after[key] };
    }
  }
  return { listing, before, after, warnings, changes };
}

/**
 * Stores a prepared write and records `preferences_changed` (with each changed setting's
 * before and after) and, when automatic posting flips, `pricing_engine_changed`. A write that
 * changes nothing stores and records nothing. Call inside a transaction when several listings
 * are written together.
 */
export function commitWrite(
  ctx: SandboxContext,
  prepared: PreparedWrite,
  actorUserId: string,
  source: Record<string, unknown>,
): void {
  if (Object.keys(prepared.changes).length === 0) return;
  const listingSvcId = prepared.listing.svc_id;
  if (PRICED_SETTINGS.some((setting) => setting in prepared.changes))
    awaitRepricing(ctx, prepared.listing, prepared.before);
  writeSettings(ctx, listingSvcId, prepared.after);
  recordListingChange(ctx, {
    listingSvcId,
    action: "preferences_changed",
    actorUserId,
    details: { ...source, changes: prepared.changes },
  });
  const engine = prepared.changes.pricing_enabled;
  if (engine) {
    recordListingChange(ctx, {
      listingSvcId,
      action: "pricing_engine_changed",
      actorUserId,
      details: { ...source, pricing_enabled: engine },
    });
  }
  // Flags derived from preferences (pricing disabled, base price below the minimum) follow.
  rederiveFlags(ctx, listingSvcId, recordsClock(ctx));
}
