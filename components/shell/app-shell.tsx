import type { ReactNode } from "react";
import type { SessionView } from "@/lib/server/session";
import { NotificationBell } from "../notifications/notification-bell";
import { PortfolioSwitcher } from "../team/portfolio-switcher";
import { Badge } from "../ui/badge";
import { DisplayPreferences } from "./display-preferences";
import { Nav } from "./nav";
import { RateLimitBanner } from "./rate-limit-banner";
import { RateLimitIndicator } from "./rate-limit-indicator";
import { SignOutButton } from "./sign-out-button";

const personaTitles: Record<string, string> = {
  owner: "Owner",
  manager: "Manager",
  editor: "Editor",
  restricted_editor: "Restricted editor",
  viewer: "Viewer",
  outsider: "Other account",
};

/** The frame every signed-in page shares: sections, who is signed in, and the API budget. */
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
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-6 py-3">
          <div className="flex items-center gap-2 text-sm">
            <span className="text-slate-500">Signed in as</span>
            <strong data-testid="signed-in-as">{session.label}</strong>
            {session.persona ? (
              <Badge tone="brand">{personaTitles[session.persona] ?? session.persona}</Badge>
            ) : null}
            {session.keyKind === "read_only" ? (
              <Badge tone="amber" title="This key cannot change data">
                Read-only key
              </Badge>
            ) : null}
            {usingReferenceService ? <Badge>Reference service</Badge> : null}
          </div>
          <div className="flex items-center gap-4">
            <PortfolioSwitcher />
            <RateLimitIndicator />
            <NotificationBell keyKind={session.keyKind} />
            <DisplayPreferences />
            <SignOutButton />
          </div>
        </header>
        <div className="border-b border-slate-200 bg-white px-3 py-1 md:hidden">
          <Nav compact />
        </div>
        <RateLimitBanner />
        <main id="main" className="flex-1 px-6 py-6">
          {children}
        </main>
      </div>
    </div>
  );
}
