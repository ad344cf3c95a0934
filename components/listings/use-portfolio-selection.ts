"use client";

import { useCallback, useMemo } from "react";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { RowSelection } from "@/components/listings/portfolio-table-context";

/** The ticked listings' ids, held by the page so they survive moving between pages and modes. */
export interface SelectedIds {
  ids: ReadonlySet<string>;
  set: (update: ReadonlySet<string> | ((prev: ReadonlySet<string>) => ReadonlySet<string>)) => void;
}

/**
 * The selection as the table and the toolbar see it. Only listings shown count as selected (a
 * filter that hides a row drops it from the batch); the header's "all" covers `scope`, every
 * listing shown or one page of a large portfolio's.
 */
export function usePortfolioSelection(
  shown: readonly Listing[],
  scope: readonly Listing[],
  selectedIds: SelectedIds,
  allScope?: string,
): { selected: Listing[]; selection: RowSelection } {
  const { ids, set } = selectedIds;
  const selected = useMemo(() => shown.filter((l) => ids.has(l.svc_id)), [shown, ids]);
  const toggle = useCallback(
    (svcId: string) =>
      set((prev) => {
        const next = new Set(prev);
        if (!next.delete(svcId)) next.add(svcId);
        return next;
      }),
    [set],
  );
  const selection = useMemo((): RowSelection => {
    const inScope = scope.filter((l) => ids.has(l.svc_id)).length;
    return {
      // The header counts what is selected within its scope.
      ids: new Set(scope.filter((l) => ids.has(l.svc_id)).map((l) => l.svc_id)),
      shownCount: scope.length,
      toggle,
      toggleAll: () =>
        set((prev) => {
          const next = new Set(prev);
          if (inScope === scope.length) for (const l of scope) next.delete(l.svc_id);
          else for (const l of scope) next.add(l.svc_id);
          return next;
        }),
      allScope,
    };
  }, [scope, ids, toggle, set, allScope]);
  return { selected, selection };
}
