import { Skeleton } from "@/components/ui/skeleton";

/** A tab's panel while its content (or the code that draws it) is on its way. */
export function TabPanelLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading this tab">
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

/** A tab whose code comes when it is first shown (lazyPart): its panel meanwhile, and its failure. */
export const LAZY_TAB = { loading: () => <TabPanelLoading />, what: "this tab" };
