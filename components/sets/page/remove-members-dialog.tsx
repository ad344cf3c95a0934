"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Permission } from "@/lib/access/permission";
import { removeSetMembers } from "@/lib/sets/members-queries";
import { listInWords, setChangeError } from "@/lib/sets/page";
import type { MemberListing, SetRecord } from "@/lib/svc/schemas/sets";
import { useSay } from "@/components/ui/action-status";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { GuardedButton } from "@/components/ui/guarded-button";

/** Remove the selected members after naming them; a filter-based set warns they may come back. */
export function RemoveMembersDialog({
  set,
  members,
  permission,
  onRemoved,
}: {
  set: SetRecord;
  members: MemberListing[];
  permission: Permission;
  onRemoved: () => void;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const names = new Map(members.map((m) => [m.listing_id, m.name]));
  const remove = useMutation({
    mutationFn: () =>
      removeSetMembers(
        queryClient,
        set.id,
        members.map((m) => m.listing_id),
      ),
    onSuccess: () => {
      say(
        members.length === 1
          ? `${members[0]!.name} was removed from ${set.name}.`
          : `${members.length} members were removed from ${set.name}.`,
      );
      setOpen(false);
      onRemoved();
    },
    onError: (error) => setProblem(setChangeError(error, "removeMembers", names) ?? describeError(error)),
  });
  const count = members.length === 1 ? "1 member" : `${members.length} members`;

  if (!permission.allowed) {
    return (
      <GuardedButton permission={permission} variant="secondary" className="text-red-700">
        Remove
      </GuardedButton>
    );
  }
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setProblem(null);
        setOpen(next);
      }}
      title={`Remove ${count} from ${set.name}?`}
      description={
        <>
          {listInWords(members.map((m) => m.name))} will no longer be{" "}
          {members.length === 1 ? "a member" : "members"} of this set.
        </>
      }
      trigger={
        <Button variant="secondary" className="text-red-700" disabled={members.length === 0}>
          Remove
        </Button>
      }
      confirm={
        <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? "Removing…" : `Remove ${count}`}
        </Button>
      }
    >
      {set.membership === "filter" ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
          This set is filter-based: the next filter sync may restore a removed listing that still matches the
          set&apos;s filters, as a suggested member.
        </p>
      ) : null}
      <p role="alert" className="mt-2 text-sm text-red-700">
        {problem ?? ""}
      </p>
    </AlertDialog>
  );
}
