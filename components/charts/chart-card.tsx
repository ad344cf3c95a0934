import { useId, type ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";

export type LoadState = "loading" | "ready" | "error";

/**
 * The frame of one chart: a heading, `data-state` for end-to-end waits, a skeleton while its
 * data loads and words instead of an empty plot when there is nothing to draw.
 */
export function ChartCard({
  title,
  description,
  state,
  empty = false,
  emptyMessage = "No requests in this window",
  height = 240,
  className,
  children,
}: {
  title: string;
  description?: string;
  state: LoadState;
  empty?: boolean;
  emptyMessage?: string;
  /** The plot's height, kept by the skeleton and the empty state so nothing jumps. */
  height?: number;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={state === "loading" || undefined}
      data-state={state}
      className={cn("rounded-lg border border-slate-200 bg-white p-4", className)}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-0.5 text-xs text-slate-600">{description}</p> : null}
      <div className="mt-3">
        {state === "loading" ? (
          <Skeleton className="w-full" style={{ height }} />
        ) : state === "error" ? (
          <p className="flex items-center justify-center text-sm text-slate-600" style={{ height }}>
            These figures did not load.
          </p>
        ) : empty ? (
          <p
            className="flex items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-600"
            style={{ height }}
          >
            {emptyMessage}
          </p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}
