import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { NOTHING_EMITTED, emit, requireListing, type SimulateResult } from "./common";

const openFlag = (ctx: SandboxContext, svcId: string, code: string) =>
  ctx.db
    .prepare(
      `SELECT detected_at FROM listing_flags WHERE listing_svc_id = ? AND code = ? AND cleared_at IS NULL`,
    )
    .get(svcId, code) as { detected_at: string } | undefined;

/**
 * A listing gains a flag: flags.detected names it. A flag it already holds, uncleared, is not
 * gained again, so nothing fires (docs/interface.md, Events: "gains a flag it did not have").
 */
export function flagGained(ctx: SandboxContext, svcId: string, code: string): SimulateResult {
  requireListing(ctx, svcId);
  if (openFlag(ctx, svcId, code)) {
    return { event: "flag", listing_ids: [svcId], code, gained: false, ...NOTHING_EMITTED };
  }
  // A flag cleared and gained again within the same second reuses its row (the key holds
  // detected_at to the second).
  ctx.db
    .prepare(
      `INSERT INTO listing_flags (listing_svc_id, code, severity, message, detected_at)
       VALUES (?, ?, 'warning', ?, ?)
       ON CONFLICT (listing_svc_id, code, detected_at) DO UPDATE SET cleared_at = NULL`,
    )
    .run(svcId, code, `Condition ${code.replace(/_/g, " ")} detected.`, isoTimestamp(ctx.clock.now()));
  const emitted = emit(ctx, { type: "flags.detected", listingIds: [svcId] });
  return { event: "flag", listing_ids: [svcId], code, gained: true, ...emitted };
}

/** A flag clears: cleared_at is set and nothing fires (docs/interface.md, Events). */
export function flagCleared(ctx: SandboxContext, svcId: string, code: string): SimulateResult {
  requireListing(ctx, svcId);
  const open = openFlag(ctx, svcId, code);
  if (open) {
    ctx.db
      .prepare(
        `UPDATE listing_flags SET cleared_at = ? WHERE listing_svc_id = ? AND code = ? AND cleared_at IS NULL`,
      )
      .run(isoTimestamp(ctx.clock.now()), svcId, code);
  }
  return {
    event: "flag_cleared",
    listing_ids: [svcId],
    code,
    cleared: open !== undefined,
    ...NOTHING_EMITTED,
  };
}
