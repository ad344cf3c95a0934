"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSay } from "@/components/ui/action-status";
import { Link } from "@/components/ui/link";
import type { Permission } from "@/lib/access/permission";
import type { Membership } from "@/lib/svc/schemas/team";
import { teamProblem } from "@/lib/team/errors";
import { leavingConsequence, withArticle } from "@/lib/team/levels";
import { listingsOf, withOwner } from "@/lib/team/portfolio";
import { acceptMembership, leaveMembership, refreshStale, teamWriteRetry } from "@/lib/team/queries";
import { GuardedButton } from "@/components/ui/guarded-button";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";

/**
 * A membership's actions: accept or decline an invitation; for an active one, open the
 * owner's listings (the portfolio switcher's choice) or leave. Declining and leaving confirm
 * first and say what is lost. A membership that no longer exists is reported to the section
 * (`onGone`): its row goes with the refreshed list.
 */
export function MembershipActions({
  membership,
  owner,
  permission,
  onGone,
}: {
  membership: Membership;
  owner: string;
  permission: Permission;
  onGone: (sentence: string) => void;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const invited = membership.status === "invited";
  const ownerId = membership.master_user_id;

  function fail(error: unknown, action: "accept" | "leave") {
    const found = teamProblem(error, action);
    refreshStale(queryClient, found);
    if (found?.gone) {
      setConfirming(false);
      onGone(found.message);
      return;
    }
    setProblem(found?.message ?? describeError(error));
  }

  const accept = useMutation({
    mutationFn: () => acceptMembership(queryClient, ownerId),
    retry: teamWriteRetry,
    onSuccess: (accepted) => {
      setProblem(null);
      say(`You joined ${owner}'s team as ${withArticle(accepted.level)}.`);
    },
    onError: (error) => fail(error, "accept"),
  });
  const leave = useMutation({
    mutationFn: () => leaveMembership(queryClient, ownerId),
    retry: teamWriteRetry,
    onSuccess: () => {
      setConfirming(false);
      say(invited ? `You declined ${owner}'s invitation.` : `You left ${owner}'s team.`);
    },
    onError: (error) => fail(error, "leave"),
  });
  const leaveWord = invited ? "Decline" : "Leave";
  const leaveLabel = invited ? `Decline ${owner}'s invitation` : `Leave ${owner}'s team`;

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {invited ? (
          <GuardedButton
            permission={permission}
            className="px-2 py-1 text-xs"
            disabled={accept.isPending}
            onClick={() => accept.mutate()}
            aria-label={`Accept ${owner}'s invitation`}
          >
            {accept.isPending ? "Accepting…" : "Accept"}
          </GuardedButton>
        ) : (
          <Link
            href={withOwner("/listings", ownerId)}
            className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 underline"
          >
            View {listingsOf(owner)}
          </Link>
        )}
        {permission.allowed ? (
          <AlertDialog
            open={confirming}
            onOpenChange={(next) => {
              if (leave.isPending) return;
              setProblem(null);
              setConfirming(next);
            }}
            title={invited ? `Decline ${owner}'s invitation?` : `Leave ${owner}'s team?`}
            description={leavingConsequence(membership, owner)}
            trigger={
              <Button variant="secondary" className="px-2 py-1 text-xs text-red-700" aria-label={leaveLabel}>
                {leaveWord}
              </Button>
            }
            confirm={
              <Button variant="danger" disabled={leave.isPending} onClick={() => leave.mutate()}>
                {leave.isPending
                  ? invited
                    ? "Declining…"
                    : "Leaving…"
                  : invited
                    ? "Decline invitation"
                    : "Leave team"}
              </Button>
            }
          >
            <p role="alert" className="text-sm text-red-700">
              {confirming ? (problem ?? "") : ""}
            </p>
          </AlertDialog>
        ) : (
          <GuardedButton
            permission={permission}
            variant="secondary"
            className="px-2 py-1 text-xs"
            aria-label={leaveLabel}
          >
            {leaveWord}
          </GuardedButton>
        )}
      </div>
      {problem && !confirming ? (
        <p role="alert" className="text-right text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
