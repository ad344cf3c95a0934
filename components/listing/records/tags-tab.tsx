"use client";

import { useQuery } from "@tanstack/react-query";
import { TagsEdit } from "@/components/listings/tags-edit";
import { tagWritePermission } from "@/lib/listing/records/access";
import { tagsQuery } from "@/lib/listing/records/queries";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
import { Badge } from "@/components/ui/badge";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { ReadOnlyNote, RecordPanel } from "@/components/listing/records/record-panel";

/**
 * The listing's tags as the service answers GET /tags, with the portfolio's editor for those
 * who may change them. Restricted editors, viewers and read-only keys are told why not. A save
 * refreshes every listing query (the editor's rule), this tab's answer included, and is said
 * above the tags, under the Edit button.
 */
export function TagsTab(props: ListingTabProps) {
  return (
    <StatusScope>
      <Tags {...props} />
    </StatusScope>
  );
}

function Tags({ listing, readOnly }: ListingTabProps) {
  const tags = useQuery(tagsQuery(listing.svc_id));
  const permission = tagWritePermission(listing.access_level, readOnly);
  const state = tags.isPending ? "loading" : tags.isError ? "error" : "ready";

  return (
    <RecordPanel
      testId="tags"
      title="Tags"
      description="Tags group listings in the portfolio table and in segment filters."
      state={state}
      actions={
        permission.allowed && tags.isSuccess ? (
          // The editor starts from the tags just read, not the listing object's copy.
          <div className="rounded-md border border-slate-300">
            <TagsEdit listing={{ ...listing, tags: tags.data.tags }} />
          </div>
        ) : null
      }
    >
      {permission.allowed ? null : <ReadOnlyNote>{permission.reason}</ReadOnlyNote>}
      <StatusLine />
      {tags.isPending ? (
        <div role="status" className="flex gap-2">
          <span className="sr-only">Loading tags</span>
          {[16, 20, 12].map((w) => (
            <Skeleton key={w} className="h-5 rounded-full" style={{ width: `${w * 4}px` }} />
          ))}
        </div>
      ) : tags.isError ? (
        <ErrorPanel error={tags.error} onRetry={() => void tags.refetch()} what="this listing's tags" />
      ) : tags.data.tags.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          This listing has no tags.
        </p>
      ) : (
        <ul
          aria-label="Tags of this listing"
          className="flex flex-wrap gap-2 rounded-lg border border-slate-200 bg-white p-4"
        >
          {tags.data.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="brand">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
    </RecordPanel>
  );
}
