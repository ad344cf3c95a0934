import { useId, type ReactNode } from "react";
import type { LoadState } from "@/components/charts/chart-card";

/**
 * The frame every record tab shares: a heading (each tab panel is labelled by its tab, the
 * heading names what is inside), optional actions beside it, and `data-state` for
 * end-to-end waits on the tab's own data.
 */
export function RecordPanel({
  testId,
  title,
  description,
  state,
  actions,
  children,
}: {
  testId: string;
  title: string;
  description?: ReactNode;
  state: LoadState;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={state === "loading" || undefined}
      data-testid={testId}
      data-state={state}
      className="space-y-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** A dashed box in words, where a list or table has nothing to show. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

/** Why a write is not offered, in a sentence the user sees (not only a tooltip). */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-0.5 h-3.5 w-3.5 shrink-0 fill-slate-500">
        <path d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

/** Rows of grey bars in a table's shape while its data loads. */
export function TableSkeleton({
  rows = 6,
  columns = 6,
  label,
}: {
  rows?: number;
  columns?: number;
  label: string;
}) {
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-white">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="h-9 border-b border-slate-200 bg-slate-50" />
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="flex gap-4 border-b border-slate-100 px-3 py-3 last:border-0"
        >
          {Array.from({ length: columns }, (_, j) => (
            <div key={j} className="h-4 flex-1 animate-pulse rounded bg-slate-200" />
          ))}
        </div>
      ))}
    </div>
  );
}
