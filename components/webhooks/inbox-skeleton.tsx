/** The Inbox while it loads: the table's shape, so nothing jumps when it arrives. */
export function InboxSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the event inbox" className="space-y-3">
      <div className="h-5 w-40 animate-pulse rounded bg-slate-200" />
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="h-10 animate-pulse rounded bg-slate-100" />
      ))}
    </div>
  );
}
