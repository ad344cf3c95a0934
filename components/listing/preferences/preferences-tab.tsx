"use client";

import { useQuery } from "@tanstack/react-query";
import { preferenceEditAccess } from "@/lib/listing/preferences/warnings";
import { preferencesQuery } from "@/lib/listing/preferences/queries";
import { ErrorPanel } from "@/components/ui/error-panel";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { PreferencesEditor } from "@/components/listing/preferences/preferences-editor";
import { PreferencesSkeleton } from "@/components/listing/preferences/preferences-skeleton";

/**
 * The listing's preferences: an editor for every setting, a preview before saving, copy
 * from another listing, and the warnings of every write beside the settings they name.
 * One request (GET /preferences/{id}) to show it.
 */
export function PreferencesTab({ listing, readOnly }: ListingTabProps) {
  const preferences = useQuery(preferencesQuery(listing.svc_id));
  const access = preferenceEditAccess(listing.access_level, readOnly);
  const state = preferences.isPending ? "loading" : preferences.isError ? "error" : "ready";
  return (
    <div data-testid="preferences-tab" data-state={state}>
      {preferences.isPending ? (
        <PreferencesSkeleton />
      ) : preferences.isError ? (
        <ErrorPanel
          error={preferences.error}
          onRetry={() => preferences.refetch()}
          what="this listing's preferences"
        />
      ) : (
        <PreferencesEditor
          key={listing.svc_id}
          listing={listing}
          preferences={preferences.data}
          access={access}
        />
      )}
    </div>
  );
}
