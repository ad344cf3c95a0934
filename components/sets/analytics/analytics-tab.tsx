// TEMPORARY placeholder so the tree compiles while this file is being written.
import type { SetRecord } from "@/lib/svc/schemas/sets";
export function AnalyticsTab(_props: { set: SetRecord }) {
  return <p className="text-sm text-slate-600">This part is being built.</p>;
}
