"use client";

import type { Permission } from "@/lib/access/permission";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Badge } from "@/components/ui/badge";
import { Tooltip } from "@/components/ui/tooltip";
import { TagsEdit } from "@/components/listings/tags-edit";

/** A listing's tags, with the editor for those who may change them and the reason for those who may not. */
export function TagsCell({ listing, permission }: { listing: Listing; permission: Permission }) {
  return (
    <div className="flex min-w-36 flex-wrap items-center gap-1">
      {listing.tags.length === 0 ? <span className="text-xs text-slate-500">No tags</span> : null}
      {listing.tags.map((tag) => (
        <Badge key={tag}>{tag}</Badge>
      ))}
      {permission.allowed ? (
        <TagsEdit listing={listing} />
      ) : (
        <Tooltip content={permission.reason}>
          <span
            tabIndex={0}
            role="note"
            aria-label={`Tags are read only: ${permission.reason}`}
            className="ml-1 inline-flex items-center gap-1 rounded px-1 text-xs text-slate-500"
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3 fill-current">
              <path d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
            </svg>
            Read only
          </span>
        </Tooltip>
      )}
    </div>
  );
}
