"use client";

import type { Listing } from "@/lib/svc/schemas/listings";
import { lazyDialog } from "@/components/ui/lazy";
import { TagsEditButton } from "@/components/listings/tags-edit-button";

/**
 * A listing's tags editor behind its Edit button. Every row of the portfolio has one and few
 * are opened, so each row draws only the button; the editor's code (the dialog, the form and
 * its checks) comes with the first move towards any of them (lazyDialog).
 */
export const TagsEdit = lazyDialog<{ listing: Listing }>(() => import("@/components/listings/tags-editor"), {
  trigger: ({ listing }) => <TagsEditButton listing={listing} />,
});
