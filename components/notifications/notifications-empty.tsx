import { Button } from "@/components/ui/button";

/** Nothing to list: all caught up, none at all, none of the type chosen, or a page past the last. */
export function NoNotifications({
  includeDismissed,
  pastFirstPage,
  typeLabel,
  onFirstPage,
  onShowDismissed,
  onEveryType,
}: {
  includeDismissed: boolean;
  pastFirstPage: boolean;
  /** The type the list is filtered by, in words; null for every type. */
  typeLabel: string | null;
  onFirstPage: () => void;
  onShowDismissed: () => void;
  onEveryType: () => void;
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
  if (typeLabel !== null) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="font-medium">
          {includeDismissed ? `No “${typeLabel}” notifications.` : `No “${typeLabel}” notifications waiting.`}
        </p>
        <p className="mx-auto mt-1 max-w-lg text-sm text-slate-600">
          {includeDismissed
            ? "The service has sent you none of this type yet."
            : "None of this type is waiting for you; dismissed ones are kept."}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={onEveryType}>
            Show every type
          </Button>
          {includeDismissed ? null : (
            <Button variant="secondary" onClick={onShowDismissed}>
              Show dismissed
            </Button>
          )}
        </div>
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
