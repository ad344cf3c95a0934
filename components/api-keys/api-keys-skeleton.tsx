/** The keys page's shape while the list loads, so nothing jumps when it arrives. */
export function ApiKeysSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading API keys" className="space-y-4">
      <div className="flex items-end justify-between gap-3">
        <div className="space-y-2">
          <div className="h-5 w-28 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-44 animate-pulse rounded bg-slate-200" />
        </div>
        <div className="h-8 w-24 animate-pulse rounded-md bg-slate-200" />
      </div>
      <div className="rounded-lg border border-slate-200 bg-white">
        <div className="h-9 border-b border-slate-200 bg-slate-50" />
        {Array.from({ length: rows }, (_, i) => (
          <div
            key={i}
            className="flex items-center gap-6 border-b border-slate-100 px-3 py-3.5 last:border-0"
          >
            <div className="h-4 w-44 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-20 animate-pulse rounded-full bg-slate-200" />
            <div className="h-4 w-16 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
            <div className="ml-auto h-6 w-16 animate-pulse rounded bg-slate-200" />
          </div>
        ))}
      </div>
    </div>
  );
}
