// TEMPORARY placeholder so the tree compiles while this file is being written.
import type { ListingTabProps } from "../tab-props";
export function ChangelogTab(_props: ListingTabProps) {
  return <p className="text-sm text-slate-600">This part is being built.</p>;
}
