import type { Permission } from "@/lib/access/permission";
import { noMatchHint } from "@/lib/sets/list";
import { Button } from "@/components/ui/button";
import { NewSetButton } from "@/components/sets/list/new-set-button";

/** No sets at all: a call to build the first one. */
export function NoSetsYet({ permission }: { permission: Permission }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">You have no sets yet.</p>
      <p className="mx-auto mt-1 max-w-lg text-sm text-slate-600">
        A set gathers comparison listings near one of yours, so you can follow how they price and book. Sets
        other people share with you appear here too.
      </p>
      <div className="mt-4 flex justify-center">
        <NewSetButton permission={permission} label="Create your first set" />
      </div>
    </div>
  );
}

/** Filters that matched nothing: say so, nudge towards `*`, offer to clear them. */
export function NoMatchingSets({ name, onClear }: { name: string | null; onClear: () => void }) {
  const hint = noMatchHint(name);
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">No set matches these filters.</p>
      {hint ? <p className="mx-auto mt-1 max-w-lg text-sm text-slate-600">{hint}</p> : null}
      <Button variant="secondary" className="mt-4" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}

/** A page past the last one (an old link, or sets deleted since). */
export function PastLastPage({ onFirst }: { onFirst: () => void }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">This page is empty.</p>
      <p className="mt-1 text-sm text-slate-600">There are fewer sets than this page number reaches.</p>
      <Button variant="secondary" className="mt-4" onClick={onFirst}>
        Go to the first page
      </Button>
    </div>
  );
}
