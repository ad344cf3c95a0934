"use client";

import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { teamWritePermission } from "@/lib/team/permissions";
import { PermissionNote } from "@/components/ui/permission-note";
import { MembershipsSection } from "@/components/team/memberships-section";
import { MembersSection } from "@/components/team/members-section";

/**
 * The Team page: my own team, then the teams I belong to. Their reads go out side by side;
 * each section says its own loading, error and empty states.
 */
export function TeamView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const write = teamWritePermission(keyKind);
  return (
    <div className="space-y-8">
      {write.allowed ? null : <PermissionNote id="team-access-note">{write.reason}</PermissionNote>}
      <MembersSection keyKind={keyKind} />
      <MembershipsSection keyKind={keyKind} />
    </div>
  );
}
