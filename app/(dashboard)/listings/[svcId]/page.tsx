import type { Metadata } from "next";
import { Suspense } from "react";
import { ListingWorkspace } from "@/components/listing/workspace/listing-workspace";
import { WorkspaceSkeleton } from "@/components/listing/workspace/workspace-skeleton";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Listing" };

export default async function ListingPage({ params }: { params: Promise<{ svcId: string }> }) {
  const [{ svcId }, session] = await Promise.all([params, requireSession()]);
  return (
    <Suspense fallback={<WorkspaceSkeleton />}>
      <ListingWorkspace svcId={svcId} readOnly={session.keyKind === "read_only"} />
    </Suspense>
  );
}
