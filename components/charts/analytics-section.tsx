"use client";

import { useId, type ReactNode } from "react";
import type { LoadState } from "@/components/charts/chart-card";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";

/** A query's state as a chart card's `data-state`. */
export function loadStateOf(query: { isPending: boolean; isError: boolean }): LoadState {
  return query.isError ? "error" : query.isPending ? "loading" : "ready";
}

/** One part of the paid analytics: a heading, what it shows, its pickers, then its content. */
export function AnalyticsSection({
  title,
  description,
  controls,
  testId,
  children,
}: {
  title: string;
  description: ReactNode;
  controls?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} data-testid={testId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{description}</p>
        </div>
        {controls ? <div className="flex flex-wrap items-center gap-3">{controls}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Why a section did not load, in the service's words, with a retry (the card itself says it failed). */
export function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
      <span>{describeError(error)}</span>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
