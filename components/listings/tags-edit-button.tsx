import type { ComponentPropsWithRef } from "react";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";

/** A listing's "Edit" tags button, the same before the editor's code has arrived (tags-edit.tsx) and as its trigger. */
export function TagsEditButton({ listing, ...rest }: { listing: Listing } & ComponentPropsWithRef<"button">) {
  return (
    <Button
      variant="ghost"
      className="px-1.5 py-0.5 text-xs"
      aria-label={`Edit tags of ${listing.name} (${labelOf(channelLabels, listing.channel)} #${listing.id})`}
      {...rest}
    >
      Edit
    </Button>
  );
}
