import type { Metadata } from "next";
import { Suspense } from "react";
import { PortfolioCalendarSkeleton } from "@/components/calendar/portfolio-calendar-skeleton";
import { PortfolioCalendarView } from "@/components/calendar/portfolio-calendar-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Portfolio calendar" };

export default async function CalendarPage() {
  const session = await requireSession();
  return (
    <section aria-labelledby="calendar-title" className="space-y-4">
      <div>
        <h1 id="calendar-title" className="text-2xl font-semibold">
          Portfolio calendar
        </h1>
        <p className="text-sm text-slate-600">
          Every listing by every night: prices, bookings, minimum stays and custom rates. Select nights across
          listings to set a custom rate or a minimum stay on all of them.
        </p>
      </div>
      <Suspense fallback={<PortfolioCalendarSkeleton />}>
        <PortfolioCalendarView keyKind={session.keyKind} />
      </Suspense>
    </section>
  );
}
