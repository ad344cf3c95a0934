import type { Metadata } from "next";
import { PermissionNote } from "@/components/ui/permission-note";
import { FormPageFrame } from "@/components/segments/form/form-page-frame";
import { NewSegment } from "@/components/segments/form/segment-editor";
import { requireSession } from "@/lib/server/current-session";
import { segmentWritePermission } from "@/lib/segments/display";

export const metadata: Metadata = { title: "New segment" };

export default async function NewSegmentPage() {
  const session = await requireSession();
  const permission = segmentWritePermission(session.keyKind);
  return (
    <FormPageFrame
      title="New segment"
      crumbs={[{ href: "/segments", label: "Segments" }]}
      intro="Name the group and describe it with a filter. The preview shows which of your listings it would hold as you type."
    >
      {permission.allowed ? (
        <NewSegment keyKind={session.keyKind} />
      ) : (
        <PermissionNote id="segment-write-note">{permission.reason}</PermissionNote>
      )}
    </FormPageFrame>
  );
}
