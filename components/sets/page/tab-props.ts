import type { SetRecord } from "@/lib/svc/schemas/sets";

/**
 * What every tab of the set page receives. Apart from `set-page.tsx`, which imports the
 * tabs, so that no tab imports its own parent.
 */
export interface SetTabProps {
  set: SetRecord;
  /** The session's key is read-only: every change is disabled with that reason. */
  readOnly: boolean;
}
