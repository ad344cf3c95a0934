import { useId, type ReactNode } from "react";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import type { LoadState } from "@/components/charts/chart-card";
import { Skeleton } from "@/components/ui/skeleton";

/** A titled table with its CSV download, `data-state` for end-to-end waits, and its empty state. */
export function TableCard({
  title,
  description,
  state,
  empty,
  csv,
  children,
}: {
  title: string;
  description?: string;
  state: LoadState;
  empty: boolean;
  csv: { filename: string; build: () => string } | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      aria-busy={state === "loading" || undefined}
      data-state={state}
      className="rounded-lg border border-slate-200 bg-white"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 px-4 pb-3 pt-4">
        <div>
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-xs text-slate-600">{description}</p> : null}
        </div>
        {csv && state === "ready" && !empty ? (
          <DownloadCsvButton filename={csv.filename} build={csv.build} />
        ) : null}
      </div>
      {state === "loading" ? (
        <div className="space-y-2 border-t border-slate-200 px-4 py-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      ) : state === "error" ? (
        <p className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
          These figures did not load.
        </p>
      ) : empty ? (
        <p className="border-t border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
          No requests in this window
        </p>
      ) : (
        <div className="border-t border-slate-200">{children}</div>
      )}
    </section>
  );
}
