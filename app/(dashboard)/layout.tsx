import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { LiveUpdates } from "@/components/shell/live-updates";
import { requireSession } from "@/lib/server/current-session";
import { env } from "@/lib/server/env";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  return (
    <AppShell session={session} usingReferenceService={env().usingReferenceService}>
      {children}
      <LiveUpdates />
    </AppShell>
  );
}
