/** The webhooks page's shape while the subscriptions load, so nothing jumps when they arrive. */
export function WebhooksSkeleton({ cards = 2 }: { cards?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading webhook subscriptions" className="space-y-4">
      <div className="flex items-end justify-between gap-3">
        <div className="space-y-2">
          <div className="h-5 w-32 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-52 animate-pulse rounded bg-slate-200" />
        </div>
        <div className="h-8 w-36 animate-pulse rounded-md bg-slate-200" />
      </div>
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="rounded-lg border border-slate-200 bg-white">
          <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <div className="space-y-2">
              <div className="h-4 w-80 max-w-full animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-16 animate-pulse rounded-full bg-slate-200" />
            </div>
            <div className="flex gap-2">
              <div className="h-6 w-12 animate-pulse rounded bg-slate-200" />
              <div className="h-6 w-24 animate-pulse rounded bg-slate-200" />
              <div className="h-6 w-14 animate-pulse rounded bg-slate-200" />
            </div>
          </div>
          <div className="grid gap-6 px-4 py-3 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, j) => (
              <div key={j} className="space-y-2">
                <div className="h-3 w-24 animate-pulse rounded bg-slate-200" />
                <div className="h-4 w-36 animate-pulse rounded bg-slate-200" />
              </div>
            ))}
          </div>
          <div className="h-10 border-t border-slate-100" />
        </div>
      ))}
    </div>
  );
}
