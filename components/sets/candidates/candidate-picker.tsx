// TEMPORARY placeholder so the tree compiles while this file is being written.
import type { CandidateListing } from "@/lib/svc/schemas/sets";

export interface CandidatePickerProps {
  /** Listings already in the set: shown as such and not pickable. */
  excludeIds?: ReadonlySet<string>;
  submitLabel: string;
  pending?: boolean;
  onSubmit: (picked: CandidateListing[]) => void | Promise<void>;
}

export function CandidatePicker(_props: CandidatePickerProps) {
  return <p className="text-sm text-slate-600">This part is being built.</p>;
}
