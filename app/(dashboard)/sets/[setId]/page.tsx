import type { Metadata } from "next";
import { Suspense } from "react";
import { SetPage } from "@/components/sets/page/set-page";
import { SetPageSkeleton } from "@/components/sets/page/set-page-skeleton";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Set" };

export default async function SetRoute({ params }: { params: Promise<{ setId: string }> }) {
  const [{ setId }, session] = await Promise.all([params, requireSession()]);
  return (
    <Suspense fallback={<SetPageSkeleton />}>
      <SetPage setId={setId} readOnly={session.keyKind === "read_only"} />
    </Suspense>
  );
}
