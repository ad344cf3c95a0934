import { useId, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export type CardState = "loading" | "ready" | "error";

/**
 * One panel of the Overview: a titled region with `data-state` for end-to-end waits, and an
 * optional action at the title's right.
 */
export function OverviewCard({
  title,
  description,
  state,
  testId,
  action,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  state: CardState;
  testId: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      data-state={state}
      aria-busy={state === "loading"}
      className={cn("min-w-0 rounded-lg border border-slate-200 bg-white p-4", className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-xs text-slate-600">{description}</p> : null}
        </div>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A figure that may be unknown: never a 0 standing for "not available". */
export function Figure({ value, unknown = "not available yet" }: { value: string | null; unknown?: string }) {
  return value === null ? (
    <span className="text-sm font-normal italic text-slate-500">{unknown}</span>
  ) : (
    <>{value}</>
  );
}
