import { Skeleton } from "@/components/ui/skeleton";

/** The editor's layout in grey: header, two columns of setting cards, the action bar. */
export function PreferencesSkeleton() {
  const card = (fields: number, key: number) => (
    <div key={key} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <Skeleton className="h-5 w-36" />
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="space-y-1.5">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-8 w-32" />
        </div>
      ))}
    </div>
  );
  return (
    <div className="space-y-4" aria-busy="true">
      <p className="sr-only">Loading the preferences…</p>
      <div className="flex items-start justify-between">
        <div className="space-y-2">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-4 w-80" />
        </div>
        <Skeleton className="h-8 w-48" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">{[1, 2, 2, 2].map(card)}</div>
        <div className="space-y-4">{[3, 2, 1].map(card)}</div>
      </div>
      <Skeleton className="h-14 w-full" />
    </div>
  );
}
