import { Button } from "@/components/ui/button";

/** Nothing to list: all caught up, none at all, or a page past the last. */
export function NoNotifications({
  includeDismissed,
  pastFirstPage,
  onFirstPage,
  onShowDismissed,
}: {
  includeDismissed: boolean;
  pastFirstPage: boolean;
  onFirstPage: () => void;
  onShowDismissed: () => void;
}) {
  if (pastFirstPage) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="font-medium">This page is empty.</p>
        <p className="mt-1 text-sm text-slate-600">
          There are fewer notifications than this page number reaches (some may have been dismissed).
        </p>
        <Button variant="secondary" className="mt-4" onClick={onFirstPage}>
          Go to the first page
        </Button>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">{includeDismissed ? "No notifications yet." : "You're all caught up."}</p>
      <p className="mx-auto mt-1 max-w-lg text-sm text-slate-600">
        {includeDismissed
          ? "The service tells you here about new and canceled reservations, flags, rates it could not post and demand ahead in your markets."
          : "Nothing is waiting for you. Dismissed notifications are kept; show them to read them again."}
      </p>
      {includeDismissed ? null : (
        <Button variant="secondary" className="mt-4" onClick={onShowDismissed}>
          Show dismissed
        </Button>
      )}
    </div>
  );
}
