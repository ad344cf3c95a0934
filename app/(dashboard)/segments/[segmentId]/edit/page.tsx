import type { Metadata } from "next";
import { PermissionNote } from "@/components/ui/permission-note";
import { FormPageFrame } from "@/components/segments/form/form-page-frame";
import { EditSegment } from "@/components/segments/form/segment-editor";
import { requireSession } from "@/lib/server/current-session";
import { segmentWritePermission } from "@/lib/segments/display";

export const metadata: Metadata = { title: "Edit segment" };

export default async function EditSegmentPage({ params }: { params: Promise<{ segmentId: string }> }) {
  const [{ segmentId }, session] = await Promise.all([params, requireSession()]);
  const permission = segmentWritePermission(session.keyKind);
  const segmentHref = `/segments/${encodeURIComponent(segmentId)}`;
  return (
    <FormPageFrame
      title="Edit segment"
      crumbs={[
        { href: "/segments", label: "Segments" },
        { href: segmentHref, label: "Segment" },
      ]}
      intro="Change the name, the description, the default status or the filter. The preview shows which of your listings the filter would hold."
    >
      {permission.allowed ? (
        <EditSegment segmentId={segmentId} keyKind={session.keyKind} />
      ) : (
        <PermissionNote id="segment-write-note">{permission.reason}</PermissionNote>
      )}
    </FormPageFrame>
  );
}
