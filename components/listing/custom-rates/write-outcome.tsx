import type { ApplyTime } from "@/lib/listing/apply-time";
import { cn } from "@/components/ui/cn";
import { ApplyTimeLines } from "@/components/listing/apply-time/apply-time-lines";

/** What the last write did, as the service answered it: a heading and one sentence per period touched. */
export interface WriteOutcomeView {
  title: string;
  sentences: string[];
  /** Beside the controls that wrote: the add form, or the list (its delete and clear). */
  at: "form" | "list";
  /** What holds now and what waits for the next posting; absent when nothing changed. */
  applies?: ApplyTime;
}

export function WriteOutcome({
  outcome,
  onDismiss,
  className,
}: {
  outcome: WriteOutcomeView;
  onDismiss: () => void;
  className?: string;
}) {
  return (
    <div
      role="status"
      data-testid="custom-rate-outcome"
      className={cn(
        "flex items-start justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-900",
        className,
      )}
    >
      <div>
        <p className="font-medium">{outcome.title}</p>
        {outcome.sentences.length > 0 ? (
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {outcome.sentences.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        ) : null}
        {outcome.applies ? <ApplyTimeLines said={outcome.applies} /> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded px-1 text-xs text-slate-700 underline-offset-2 hover:underline"
      >
        Dismiss
      </button>
    </div>
  );
}
