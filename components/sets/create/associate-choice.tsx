"use client";

import { useId } from "react";
import { Link } from "@/components/ui/link";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { describeError } from "@/components/ui/error-panel";
import { Button } from "@/components/ui/button";

/** The offer, in the selection bar, to associate the listing the candidates were searched around. */
export function AssociateChoice({
  listingName,
  checked,
  onChange,
}: {
  listingName: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-4 w-4 accent-brand-600"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          Associate {listingName} with this set
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          You searched around it: associated, it is pinned among the comps on the set&apos;s calendar and
          analytics.
        </p>
      </div>
    </div>
  );
}

/**
 * The set was created but associating the listing failed: the set exists with its members,
 * so nothing is lost; say so, link to where the association is made, and offer to retry.
 */
export function CreatedUnassociated({
  set,
  listingName,
  error,
  retrying,
  onRetry,
}: {
  set: SetRecord;
  listingName: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const href = `/sets/${encodeURIComponent(set.id)}`;
  return (
    <div
      role="alert"
      data-testid="created-unassociated"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-medium">
        The set “{set.name}” was created with {set.member_count} listing{set.member_count === 1 ? "" : "s"},
        but {listingName} could not be associated with it. {describeError(error)}
      </p>
      <p>
        Nothing else is lost. Associate it on the set&apos;s{" "}
        <Link href={`${href}?tab=associated`} className="font-medium underline">
          Associated listings tab
        </Link>
        , or try again here.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? "Associating…" : `Associate ${listingName} again`}
        </Button>
        <Link
          href={href}
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          Open the set
        </Link>
      </div>
    </div>
  );
}
