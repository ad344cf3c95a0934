import type { ReactNode } from "react";
import type { SessionView } from "@/lib/server/session";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { PortfolioSwitcher } from "@/components/team/portfolio-switcher";
import { BudgetBadge } from "@/components/shell/budget-badge";
import { DisplayPreferences } from "@/components/shell/display-preferences";
import { Nav } from "@/components/shell/nav";
import { RateLimitBanner } from "@/components/shell/rate-limit-banner";
import { RateLimitIndicator } from "@/components/shell/rate-limit-indicator";
import { ReadNoticesBanner } from "@/components/shell/read-notices-banner";
import { SectionMenu } from "@/components/shell/section-menu";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { SignedInAs } from "@/components/shell/signed-in-as";
import { SyncLine } from "@/components/shell/sync-line";

/**
 * The frame every signed-in page shares: sections, who is signed in, and the API budget.
 * From `md` up the sections are a sidebar and the header holds everything; below it the
 * sections, the identity and sign out move into the Menu, and the budget shrinks to a badge
 * in the header that opens the full meter (docs/narrow-decisions.md).
 */
export function AppShell({
  session,
  usingReferenceService,
  children,
}: {
  session: SessionView;
  usingReferenceService: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white p-3 md:block">
        <p className="px-3 pb-4 pt-2 text-base font-bold text-brand-700">Rate Desk</p>
        <Nav />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2 md:px-6 md:py-3">
          <div className="flex flex-1 items-center gap-3 md:hidden">
            <SectionMenu
              account={
                <>
                  <SignedInAs
                    session={session}
                    usingReferenceService={usingReferenceService}
                    className="flex-wrap"
                  />
                  <RateLimitIndicator />
                  <SignOutButton />
                </>
              }
            />
            <p className="text-base font-bold text-brand-700">Rate Desk</p>
          </div>
          <SignedInAs
            session={session}
            usingReferenceService={usingReferenceService}
            className="hidden md:flex"
          />
          {/* Below md the controls join the header's own row, bell and preferences beside the
              Menu, and the portfolio switcher (Listings pages only) takes a row of its own. */}
          <div className="contents md:flex md:items-center md:gap-4">
            <div className="order-last basis-full empty:hidden md:contents">
              <PortfolioSwitcher />
            </div>
            <div className="hidden md:contents">
              <SyncLine />
              <RateLimitIndicator />
            </div>
            <BudgetBadge className="md:hidden" />
            <NotificationBell keyKind={session.keyKind} />
            <DisplayPreferences />
            <div className="hidden md:contents">
              <SignOutButton />
            </div>
          </div>
        </header>
        <RateLimitBanner />
        <ReadNoticesBanner />
        <main id="main" className="flex-1 px-4 py-6 md:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}
