"use client";

import { useState } from "react";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
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
  // The upgrade's outcome is said above what replaces the offer, not over it.
  return (
    <StatusScope>
      <StatusLine className="mb-4" />
      {set.is_paid ? (
        <PaidAnalytics set={set} focusOnShow={justUpgraded} />
      ) : (
        <UpgradePanel set={set} readOnly={readOnly} onUpgraded={() => setJustUpgraded(true)} />
      )}
    </StatusScope>
  );
}
