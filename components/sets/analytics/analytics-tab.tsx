"use client";

import { useState } from "react";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { PaidAnalytics } from "@/components/sets/analytics/paid-analytics";
import { UpgradePanel } from "@/components/sets/analytics/upgrade-panel";

/**
 * The set page's Analytics tab. A free set shows what the paid plan unlocks and the upgrade;
 * its paid-only endpoints are never called (they answer 404 for a free set). Once the set is
 * paid (the page's set record is updated from the upgrade's answer) the analytics replace
 * the offer in place, without a reload.
 */
export function AnalyticsTab({ set, readOnly = false }: { set: SetRecord; readOnly?: boolean }) {
  const [justUpgraded, setJustUpgraded] = useState(false);
  if (!set.is_paid) {
    return <UpgradePanel set={set} readOnly={readOnly} onUpgraded={() => setJustUpgraded(true)} />;
  }
  return <PaidAnalytics set={set} focusOnShow={justUpgraded} />;
}
