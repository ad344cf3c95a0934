"use client";

import { setPermission } from "@/lib/sets/access";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
import { PermissionNote } from "@/components/ui/permission-note";
import { CollaboratorRow } from "@/components/sets/page/collaborator-row";
import type { SetTabProps } from "@/components/sets/page/tab-props";
import { ShareForm } from "@/components/sets/page/share-form";

/**
 * Who the set is shared with, and at which level (owner and managers only: the page shows
 * this tab to them alone). The collaborators come with the set record: no extra request.
 * What a change did is said beside where it was made: above the collaborators for a level
 * changed there, under the form for a new share.
 */
export function SharingTab({ set, readOnly }: SetTabProps) {
  const permission = setPermission(set.access, "share", readOnly);
  const collaborators = set.collaborators ?? [];

  return (
    <div className="space-y-6" data-testid="sharing" data-state="ready">
      {!permission.allowed ? (
        <PermissionNote id="sharing-access-note">{permission.reason}</PermissionNote>
      ) : null}
      <StatusScope>
        <StatusLine />
        <section
          aria-labelledby="collaborators-title"
          className="rounded-lg border border-slate-200 bg-white"
        >
          <div className="border-b border-slate-200 px-4 py-3">
            <h2 id="collaborators-title" className="text-base font-semibold">
              People with access
            </h2>
            <p className="text-xs text-slate-600">
              Owner: {set.access === "owner" ? "you" : set.owner_user_id}. The owner always has full access.
            </p>
          </div>
          {collaborators.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">This set is not shared with anyone.</p>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Collaborators of {set.name}</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Person
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Level
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Change
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {collaborators.map((c) => (
                    <CollaboratorRow key={c.user_id} set={set} collaborator={c} permission={permission} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </StatusScope>
      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <StatusScope>
          <ShareForm set={set} permission={permission} />
          <StatusLine />
        </StatusScope>
      </section>
    </div>
  );
}
