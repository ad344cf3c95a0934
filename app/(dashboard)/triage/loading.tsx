import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";

export default function Loading() {
  return (
    <div className="space-y-4">
      <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
      <ListingsTableSkeleton />
    </div>
  );
}
