"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { Permission } from "@/lib/access/permission";
import { putSetMembers } from "@/lib/sets/members-queries";
import { membersById, setChangeError } from "@/lib/sets/page";
import { isSvcError } from "@/lib/svc/errors";
import type { CandidateListing, MembersByStatus, SetRecord } from "@/lib/svc/schemas/sets";
import { useSay } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { describeError } from "@/components/ui/error-panel";
import { CandidatePicker } from "@/components/sets/candidates/candidate-picker";
import { GuardedButton } from "@/components/ui/guarded-button";

/**
 * Search comparison candidates and add the ones picked as active members. A refusal keeps
 * the dialog open with the picker as it was; the picker shows the sentence under its button.
 */
export function AddMembersDialog({
  set,
  permission,
  members,
}: {
  set: SetRecord;
  permission: Permission;
  members: MembersByStatus | undefined;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const excludeIds = useMemo(() => new Set(members ? membersById(members).keys() : []), [members]);
  const add = useMutation({
    mutationFn: (picked: CandidateListing[]) =>
      putSetMembers(
        queryClient,
        set.id,
        picked.map((c) => c.listing_id),
        "active",
      ),
    onSuccess: (_groups, picked) => {
      say(
        picked.length === 1
          ? `${picked[0]!.name} was added to ${set.name} as active.`
          : `${picked.length} listings were added to ${set.name} as active.`,
      );
      setOpen(false);
    },
  });

  async function addPicked(picked: CandidateListing[]) {
    try {
      await add.mutateAsync(picked);
    } catch (error) {
      // The picker names ineligible listings itself (and offers to unselect them); any other
      // refusal is put in this page's words (403: which access adding needs).
      if (isSvcError(error) && error.status === 422 && error.code === "ineligible_listings") throw error;
      const names = new Map(picked.map((c) => [c.listing_id, c.name]));
      throw new Error(setChangeError(error, "addMembers", names) ?? describeError(error));
    }
  }

  if (!permission.allowed) {
    return <GuardedButton permission={permission}>Add from candidates</GuardedButton>;
  }
  return (
    <Dialog
      size="xl"
      keepOpenOnOutsideClick
      closeButton
      open={open}
      onOpenChange={(next) => {
        if (!add.isPending) setOpen(next);
      }}
      title={`Add members to ${set.name}`}
      description="Search comparison listings near one of your listings or a point, compare them, and pick the ones to add. They join as active members."
      trigger={<Button>Add from candidates</Button>}
    >
      <CandidatePicker
        excludeIds={excludeIds}
        submitLabel="Add as active members"
        pending={add.isPending}
        onSubmit={addPicked}
      />
    </Dialog>
  );
}
