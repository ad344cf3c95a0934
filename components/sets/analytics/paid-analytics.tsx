"use client";

import { useEffect, useId, useRef } from "react";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { SetCalendarPanel } from "@/components/sets/calendar/set-calendar-panel";
import { AnalyticsSection } from "@/components/charts/analytics-section";
import { ChangelogSection } from "@/components/sets/analytics/changelog-section";
import { DistributionSection } from "@/components/sets/analytics/distribution-section";
import { MonthlyMetricsSection } from "@/components/sets/analytics/monthly-metrics-section";
import { TimeSeriesSection } from "@/components/sets/analytics/time-series-section";

/**
 * A paid set's analytics. Each section reads its own endpoint as soon as the tab opens, all
 * in parallel (no section waits for another); each answer stays fresh for five minutes.
 */
export function PaidAnalytics({ set, focusOnShow }: { set: SetRecord; focusOnShow: boolean }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnShow) return;
    // Just upgraded: the button that was pressed is gone, so focus moves to what replaced it
    // (after the closing dialog has tried to return focus to its trigger).
    const timer = setTimeout(() => heading.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [focusOnShow]);

  return (
    <div className="space-y-10" data-testid="paid-analytics">
      <div>
        <h2 id={id} ref={heading} tabIndex={-1} className="sr-only">
          Analytics of {set.name}
        </h2>
        <p className="text-sm text-slate-600">
          Figures cover the set&apos;s active members, in {set.currency}. Suggested and inactive members are
          not compared.
        </p>
      </div>
      <MonthlyMetricsSection set={set} />
      <AnalyticsSection
        title="Price calendar"
        testId="set-price-calendar"
        description="Each active member's nightly price or booking probability, night by night."
      >
        <SetCalendarPanel set={set} />
      </AnalyticsSection>
      <TimeSeriesSection set={set} />
      <DistributionSection set={set} />
      <ChangelogSection set={set} />
    </div>
  );
}
