import type { Permission } from "@/lib/access/permission";
import { isoInWords } from "@/lib/format/times";
import type { Notification } from "@/lib/svc/schemas/notifications";
import { GuardedButton } from "@/components/ui/guarded-button";
import { cn } from "@/components/ui/cn";
import { ListingLink } from "@/components/ui/listing-link";
import { FeedTime } from "@/components/ui/feed-time";

/**
 * One notification on the page: a tick for several at once, what it says (its dates in words),
 * when, its listing by name where known, and its own Dismiss.
 */
export function NotificationRow({
  notification: n,
  listingName,
  now,
  selected,
  onSelect,
  onDismiss,
  dismissing,
  permission,
}: {
  notification: Notification;
  /** The name of the listing it is about, when the page knows it. */
  listingName?: string;
  now: number;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onDismiss: () => void;
  dismissing: boolean;
  permission: Permission;
}) {
  const dismissed = n.dismissed_at !== null;
  const titleId = `ntf-${n.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn("flex items-start gap-3 px-4 py-3.5", dismissed && "bg-slate-50")}
    >
      <input
        type="checkbox"
        aria-label={dismissed ? `${n.title} (already dismissed)` : `Select ${n.title}`}
        aria-describedby={`ntf-${n.id}-message`}
        checked={selected}
        disabled={dismissed}
        onChange={(e) => onSelect(e.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600 disabled:opacity-40"
      />
      <div className="min-w-0 flex-1">
        <p
          id={titleId}
          className={cn("text-sm font-medium", dismissed ? "text-slate-600" : "text-slate-900")}
        >
          {n.title}
        </p>
        <p id={`ntf-${n.id}-message`} className="text-sm text-slate-700">
          {isoInWords(n.message)}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <FeedTime iso={n.created_at} now={now} absolute />
          {n.listing_id ? <ListingLink svcId={n.listing_id} name={listingName} /> : null}
        </p>
      </div>
      <div className="shrink-0">
        {dismissed ? (
          <span className="text-xs text-slate-600">
            Dismissed <FeedTime iso={n.dismissed_at!} now={now} />
          </span>
        ) : (
          <GuardedButton
            permission={permission}
            variant="secondary"
            className="px-2.5 py-1 text-xs"
            disabled={dismissing}
            onClick={onDismiss}
          >
            Dismiss<span className="sr-only"> “{n.title}”</span>
          </GuardedButton>
        )}
      </div>
    </li>
  );
}
