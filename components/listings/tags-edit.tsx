"use client";

import type { Listing } from "@/lib/svc/schemas/listings";
import { intentLoader, LoadOnIntent } from "../ui/load-on-intent";
import { TagsEditButton } from "./tags-edit-button";

const tagsEditor = intentLoader<{ listing: Listing }>(() => import("./tags-editor"));

/**
 * A listing's tags editor behind its Edit button. Every row of the portfolio has one and few
 * are opened, so each row draws only the button; the editor's code (the dialog, the form and
 * its checks) comes with the first move towards any of them (LoadOnIntent).
 */
export function TagsEdit({ listing }: { listing: Listing }) {
  return (
    <LoadOnIntent
      loader={tagsEditor}
      closed={(trigger) => <TagsEditButton listing={listing} {...trigger} />}
      props={{ listing }}
    />
  );
}
