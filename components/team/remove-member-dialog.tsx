"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TeamMember } from "@/lib/svc/schemas/team";
import { teamProblem } from "@/lib/team/errors";
import { personName, removalConsequence } from "@/lib/team/levels";
import { refreshStale, removeMember, teamWriteRetry } from "@/lib/team/queries";
import { useSay } from "@/components/ui/action-status";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import type { LazyDialogProps } from "@/components/ui/lazy";

export interface RemoveMemberDialogProps {
  member: TeamMember;
  onGone: (sentence: string) => void;
}

/**
 * Remove a member (or withdraw an invitation) after saying what access they lose. When the
 * member turns out to be gone already, the row goes with the refreshed list, so the sentence
 * is handed to the section (`onGone`) rather than said in a dialog about to disappear.
 * Fetched on the first move towards its button (team-actions.tsx); that click opens it.
 */
export default function RemoveMemberDialog({
  member,
  onGone,
  trigger,
}: RemoveMemberDialogProps & LazyDialogProps) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = personName(member);
  const invited = member.status === "invited";
  const remove = useMutation({
    mutationFn: () => removeMember(queryClient, member.user_id),
    retry: teamWriteRetry,
    onSuccess: () => {
      setOpen(false);
      say(invited ? `The invitation to ${name} is withdrawn.` : `${name} is no longer in your team.`);
    },
    onError: (error) => {
      const found = teamProblem(error, "remove");
      if (found?.gone) {
        setOpen(false);
        onGone(found.message);
        refreshStale(queryClient, found);
        return;
      }
      refreshStale(queryClient, found);
      setProblem(found?.message ?? describeError(error));
    },
  });

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setProblem(null);
        setOpen(next);
      }}
      title={invited ? `Withdraw the invitation to ${name}?` : `Remove ${name} from your team?`}
      description={removalConsequence(member)}
      trigger={trigger}
      confirm={
        <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? "Removing…" : invited ? "Withdraw invitation" : "Remove from team"}
        </Button>
      }
    >
      <p role="alert" className="text-sm text-red-700">
        {problem ?? ""}
      </p>
    </AlertDialog>
  );
}
