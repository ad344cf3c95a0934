import { PREFERENCE_SETTING_NAMES, type PreferenceSettingName } from "../../lib/svc/schemas/preferences";
import type { BatchPreferencesResult, ListingBatchError } from "../../lib/svc/schemas/preferences-batch";
import { settingWriteBody } from "../../lib/svc/schemas/preferences-extras";
import type { RouteTable } from "../context";
import { resolveListing } from "../domain/access";
import { ApiError } from "../domain/api-error";
import { copiedSettings } from "../domain/preferences/copy";
import { readSettings, toPreferencesObject } from "../domain/preferences/store";
import {
  commitWrite,
  invalidPreferences,
  prepareWrite,
  requirePreferenceEditor,
  type PreparedWrite,
} from "../domain/preferences/write";

const isSettingName = (name: string): name is PreferenceSettingName =>
  (PREFERENCE_SETTING_NAMES as readonly string[]).includes(name);

/** Writes of several listings or from another listing: batch, copy, and one setting. */
export const batchPreferenceRoutes: RouteTable = {
  /**
   * Each entry is checked on its own and a failing one lands in `errors`; the others are
   * written together in one transaction. Restricted editors (and viewers) get 403 per listing
   * (docs/interface.md, Authentication 5).
   */
  "preferences.batchPut": ({ ctx, caller, query, body }) => {
    const prepared: Array<{ listingId: string; write: PreparedWrite }> = [];
    const errors: ListingBatchError[] = [];
    const seen = new Set<string>();
    body.preferences.forEach((entry, index) => {
      try {
        const channel = entry.channel ?? query.channel;
        if (!channel) {
          throw new ApiError(400, "channel_required", "Give channel on the entry or the query.");
        }
        const { listing, access } = resolveListing(ctx, caller.user.id, entry.listing_id, channel);
        if (access === "restricted_editor" || access === "viewer") {
          throw new ApiError(403, "forbidden", `A ${access} cannot use the batch PUT /preferences.`);
        }
        // One listing named twice (by channel id and by svc id) would race with itself.
        if (seen.has(listing.svc_id)) {
          throw new ApiError(400, "duplicate_listing", "This listing is already in the batch.");
        }
        seen.add(listing.svc_id);
        const write = prepareWrite(ctx, listing, entry.settings, (s) => `preferences.${index}.settings.${s}`);
        prepared.push({ listingId: entry.listing_id, write });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors.push({ listing_id: entry.listing_id, status: error.status, error: error.body().error });
      }
    });
    ctx.db.transaction(() => {
      for (const { write } of prepared) commitWrite(ctx, write, caller.user.id, { source: "batch" });
    })();
    const results: BatchPreferencesResult["results"] = prepared.map(({ listingId, write }) => ({
      listing_id: listingId,
      preferences: toPreferencesObject(write.listing, listingId, write.after),
      warnings: write.warnings,
    }));
    return {
      body: {
        results,
        errors,
        warnings: results.flatMap((r) => r.warnings.map((w) => ({ ...w, listing_id: r.listing_id }))),
      },
    };
  },

  /** The source is read per the request's channel and needs read access only. */
  "preferences.copy": ({ ctx, caller, params, query, body }) => {
    const userId = caller.user.id;
    const { listing, access } = resolveListing(ctx, userId, params.listing_id!, query.channel);
    requirePreferenceEditor(access);
    const source = resolveListing(ctx, userId, body.copy_preferences_from, query.channel).listing;
    const requested = copiedSettings(
      ctx,
      { listing: source, settings: readSettings(ctx, source) },
      listing,
      body.settings,
    );
    const prepared = prepareWrite(ctx, listing, requested);
    ctx.db.transaction(() =>
      commitWrite(ctx, prepared, userId, { source: "copy", copied_from: source.svc_id }),
    )();
    return {
      body: {
        preferences: toPreferencesObject(listing, params.listing_id!, prepared.after),
        warnings: prepared.warnings,
      },
    };
  },

  /** `{setting}` must be a setting name (400 invalid_preferences otherwise, checked first). */
  "preferences.settingPut": ({ ctx, caller, params, query, body }) => {
    const setting = params.setting!;
    if (!isSettingName(setting)) {
      throw invalidPreferences([
        { field: "setting", message: `${setting} is not one of ${PREFERENCE_SETTING_NAMES.join(", ")}` },
      ]);
    }
    const parsed = settingWriteBody(setting).safeParse(body);
    if (!parsed.success) {
      throw invalidPreferences(
        parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })),
      );
    }
    const { listing, access } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    requirePreferenceEditor(access);
    const prepared = prepareWrite(ctx, listing, { [setting]: parsed.data.value }, () => "value");
    ctx.db.transaction(() => commitWrite(ctx, prepared, caller.user.id, { source: "setting", setting }))();
    return {
      body: {
        preferences: toPreferencesObject(listing, params.listing_id!, prepared.after),
        warnings: prepared.warnings,
      },
    };
  },
};
