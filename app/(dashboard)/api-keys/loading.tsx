import { ApiKeysSkeleton } from "@/components/api-keys/api-keys-skeleton";

export default function Loading() {
  return (
    <div className="max-w-5xl space-y-6">
      <div className="space-y-2">
        <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-96 max-w-full animate-pulse rounded bg-slate-200" />
      </div>
      <ApiKeysSkeleton />
    </div>
  );
}
