import { Skeleton } from "@/components/ui/skeleton";
import { TAB_LABELS, WORKSPACE_TABS } from "@/components/listing/workspace/workspace-tab-state";

/** The workspace's shape while the listing loads: header facts, the tab row and a panel. */
export function WorkspaceSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the listing" className="space-y-4">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-8 w-80" />
      <div className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3 sm:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="space-y-1.5">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-4 w-24" />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="flex flex-wrap gap-1 border-b border-slate-200">
        {WORKSPACE_TABS.map((tab) => (
          <span key={tab} className="px-3 py-2 text-sm font-medium text-slate-300">
            {TAB_LABELS[tab]}
          </span>
        ))}
      </div>
      <Skeleton className="h-72 w-full" />
    </div>
  );
}
