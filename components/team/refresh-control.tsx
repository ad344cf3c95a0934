"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Permission } from "@/lib/access/permission";
import type { RefreshAutoManagedListingsResult, TeamMember } from "@/lib/svc/schemas/team";
import { teamProblem } from "@/lib/team/errors";
import { personName } from "@/lib/team/levels";
import { refreshConsequence, refreshedSentence } from "@/lib/team/refresh";
import { refreshAutoManagedListings, refreshStale, teamWriteRetry } from "@/lib/team/queries";
import { GuardedButton } from "@/components/ui/guarded-button";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";

/**
 * Re-applies the member's auto-managed level to every listing the owner has now, after a
 * confirmation (it can replace the level they hold on each); the count and time the service
 * answers stay beside the button.
 */
export function RefreshControl({
  member,
  permission,
  onGone,
}: {
  member: TeamMember;
  permission: Permission;
  onGone: (sentence: string) => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<RefreshAutoManagedListingsResult | null>(null);
  const name = personName(member);
  const refresh = useMutation({
    mutationFn: () => refreshAutoManagedListings(member.user_id),
    retry: teamWriteRetry,
    onSuccess: (answer) => {
      setOpen(false);
      // Said beside the button (the status line below), not over the page.
      setResult(answer);
    },
    onError: (error) => {
      const found = teamProblem(error, "refresh");
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
  const label = `Refresh auto-managed listings for ${name}`;

  // A fragment inside the cell's wrapping row of buttons: the answer takes a line of its own.
  return (
    <>
      {permission.allowed ? (
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            if (refresh.isPending) return;
            setProblem(null);
            setOpen(next);
          }}
          title={`Refresh ${name}'s listings?`}
          description={refreshConsequence(member)}
          trigger={
            <Button variant="secondary" className="px-2 py-1 text-xs" aria-label={label}>
              Refresh listings
            </Button>
          }
          confirm={
            <Button disabled={refresh.isPending} onClick={() => refresh.mutate()}>
              {refresh.isPending ? "Refreshing…" : "Refresh listings"}
            </Button>
          }
        >
          <p role="alert" className="text-sm text-red-700">
            {problem ?? ""}
          </p>
        </AlertDialog>
      ) : (
        <GuardedButton
          permission={permission}
          variant="secondary"
          className="px-2 py-1 text-xs"
          aria-label={label}
        >
          Refresh listings
        </GuardedButton>
      )}
      {/* Always in the page, so that the answer is announced when it arrives. */}
      <p role="status" className={result ? "basis-full text-xs text-slate-700" : "sr-only"}>
        {result ? refreshedSentence(result, member) : ""}
      </p>
    </>
  );
}
