import type { Metadata } from "next";
import { PermissionNote } from "@/components/ui/permission-note";
import { SegmentsView } from "@/components/segments/list/segments-view";
import { PermittedLink } from "@/components/ui/permitted-link";
import { requireSession } from "@/lib/server/current-session";
import { segmentWritePermission } from "@/lib/segments/display";

export const metadata: Metadata = { title: "Segments" };

const NOTE_ID = "segments-write-note";

export default async function SegmentsPage() {
  const session = await requireSession();
  const permission = segmentWritePermission(session.keyKind);
  return (
    <section aria-labelledby="segments-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="segments-title" className="text-2xl font-semibold">
            Segments
          </h1>
          <p className="max-w-3xl text-sm text-slate-600">
            Saved groups of your listings, each defined by a filter: a market, channels, a bedroom range,
            tags, status. Open one to see its listings and how they perform month by month.
          </p>
        </div>
        <PermittedLink
          permission={permission}
          href="/segments/new"
          label="New segment"
          noteId={permission.allowed ? undefined : NOTE_ID}
        />
      </div>
      {permission.allowed ? null : <PermissionNote id={NOTE_ID}>{permission.reason}</PermissionNote>}
      <SegmentsView keyKind={session.keyKind} />
    </section>
  );
}
