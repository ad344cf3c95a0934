import { cn } from "@/components/ui/cn";

/**
 * A sentence about a list as read, beside the list: why reading stopped before the service's
 * end (a repeated page, the page cap…), so a list cut short never passes for the whole one.
 * Nothing when there is nothing to say.
 */
export function ListNotice({ notice, className }: { notice: string | null | undefined; className?: string }) {
  if (!notice) return null;
  return (
    <p
      role="note"
      data-testid="list-notice"
      className={cn(
        "rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900",
        className,
      )}
    >
      {notice}
    </p>
  );
}
