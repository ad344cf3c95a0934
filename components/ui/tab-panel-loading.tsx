import { Skeleton } from "./skeleton";

/** A tab's panel while its content (or the code that draws it) is on its way. */
export function TabPanelLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading this tab">
      <Skeleton className="h-72 w-full" />
    </div>
  );
}
