"use client";

import { useCallback, useMemo, useState, type ReactNode } from "react";
import { ineligibleIds, ineligibleSentence, type CandidateSearch } from "@/lib/sets/candidates";
import { isSvcError } from "@/lib/svc/errors";
import type { CandidateListing } from "@/lib/svc/schemas/sets";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { lazyPart } from "@/components/ui/lazy";
import type { CandidateResultsProps } from "@/components/sets/candidates/candidate-results";
import { CandidateSearchForm } from "@/components/sets/candidates/candidate-search-form";
import { ResultsSkeleton } from "@/components/sets/candidates/results-skeleton";
import { SelectionSummary } from "@/components/sets/candidates/selection-summary";

/**
 * The results and their table come with the first search, not with the page: a visit that
 * only names a set never needs them. Their fetch starts at the first move towards the search
 * form, so that it is usually in hand before the answer.
 */
const CandidateResults = lazyPart<CandidateResultsProps>(
  () => import("@/components/sets/candidates/candidate-results"),
  {
    loading: () => <ResultsSkeleton />,
    what: "the candidates",
  },
);

export interface CandidatePickerProps {
  /** Listings already in the set: shown as such and not pickable. */
  excludeIds?: ReadonlySet<string>;
  submitLabel: string;
  pending?: boolean;
  /**
   * Called with the picked candidates. A rejection keeps the selection and is shown under
   * the button: a 422 `ineligible_listings` names the refused listings (by name, from the
   * results), another service error in the service's words, a plain `Error` by its message.
   */
  onSubmit: (picked: CandidateListing[]) => void | Promise<void>;
  /** Told of every search, e.g. to offer to associate the listing searched around. */
  onSearch?: (search: CandidateSearch) => void;
  /** Shown in the selection bar above the submit button. */
  footer?: ReactNode;
}

interface PickError {
  message: string;
  /** The listings the service refused, offered for unselecting in one click. */
  refused: string[];
}

const noIds: ReadonlySet<string> = new Set();

function pickError(error: unknown, picked: CandidateListing[]): PickError {
  const refused = ineligibleIds(error);
  if (refused.length > 0) return { message: ineligibleSentence(refused, picked), refused };
  if (isSvcError(error)) return { message: describeError(error), refused: [] };
  if (error instanceof Error && error.message) return { message: error.message, refused: [] };
  return { message: "The change could not be saved. Try again.", refused: [] };
}

/**
 * Search comparison candidates near a place, compare their metrics, pick some, submit. The
 * selection holds across searches (pick near two places at once) and survives a failed
 * submit. Works on a page and inside a dialog; it renders its own search <form>, so it must
 * not sit inside another form.
 */
export function CandidatePicker({
  excludeIds = noIds,
  submitLabel,
  pending = false,
  onSubmit,
  onSearch,
  footer,
}: CandidatePickerProps) {
  const [search, setSearch] = useState<{ query: CandidateSearch; description: string } | null>(null);
  const [selection, setSelection] = useState<ReadonlyMap<string, CandidateListing>>(new Map());
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<PickError | null>(null);

  // Listings that joined the set since they were picked drop out of the selection by themselves.
  const picked = useMemo(
    () => [...selection.values()].filter((c) => !excludeIds.has(c.listing_id)),
    [selection, excludeIds],
  );
  const selectedIds = useMemo(() => new Set(picked.map((p) => p.listing_id)), [picked]);

  const toggle = useCallback((row: CandidateListing, on: boolean) => {
    setSelection((prev) => {
      const next = new Map(prev);
      if (on) next.set(row.listing_id, row);
      else next.delete(row.listing_id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((rows: CandidateListing[], on: boolean) => {
    setSelection((prev) => {
      const next = new Map(prev);
      for (const row of rows) {
        if (on) next.set(row.listing_id, row);
        else next.delete(row.listing_id);
      }
      return next;
    });
  }, []);
  const unselect = (ids: readonly string[]) => {
    setSelection((prev) => new Map([...prev].filter(([id]) => !ids.includes(id))));
    setError(null);
  };

  async function submit() {
    if (picked.length === 0) return;
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit(picked);
    } catch (failure) {
      setError(pickError(failure, picked));
    } finally {
      setSubmitting(false);
    }
  }

  const busy = pending || submitting;
  return (
    <div className="space-y-5">
      <div onPointerEnter={CandidateResults.preload} onFocusCapture={CandidateResults.preload}>
        <CandidateSearchForm
          onSearch={(query, description) => {
            setSearch({ query, description });
            onSearch?.(query);
          }}
        />
      </div>

      {search ? (
        <CandidateResults
          search={search.query}
          description={search.description}
          selected={selectedIds}
          excluded={excludeIds}
          onToggle={toggle}
          onToggleAll={toggleAll}
        />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          Choose where to look, then Search. The results compare the listings&apos; rates, occupancy and
          revenue over a period you pick.
        </p>
      )}

      <div className="sticky bottom-0 z-10 space-y-3 rounded-lg border border-slate-200 bg-white/95 p-4 shadow-sm backdrop-blur">
        <SelectionSummary
          picked={picked}
          onRemove={(id) => unselect([id])}
          onClear={() => unselect([...selectedIds])}
        />
        {error ? (
          <div
            role="alert"
            className="rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-inset ring-red-200"
          >
            <p>{error.message}</p>
            {error.refused.length > 0 ? (
              <Button variant="secondary" className="mt-2" onClick={() => unselect(error.refused)}>
                Unselect {error.refused.length === 1 ? "it" : "them"}
              </Button>
            ) : null}
          </div>
        ) : null}
        {footer}
        <div className="flex items-center justify-end gap-3">
          {picked.length === 0 ? (
            <p className="text-sm text-slate-600">Select at least one listing.</p>
          ) : null}
          <Button onClick={submit} disabled={busy || picked.length === 0}>
            {busy ? "Saving…" : submitLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
