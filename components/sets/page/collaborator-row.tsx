"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { isKnown, wordsOf } from "@/lib/display/open-values";
import type { Permission } from "@/lib/access/permission";
import { shareSet } from "@/lib/sets/members-queries";
import { SHARE_LEVEL_WORDS, SHARE_LEVELS, setChangeError } from "@/lib/sets/page";
import type { SetRecord, ShareLevel } from "@/lib/svc/schemas/sets";
import { useSay } from "@/components/ui/action-status";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { GuardedButton } from "@/components/ui/guarded-button";

type Collaborator = NonNullable<SetRecord["collaborators"]>[number];

/** One collaborator: their level in words, a change of level, and revoking (level N) after a confirm. */
export function CollaboratorRow({
  set,
  collaborator,
  permission,
}: {
  set: SetRecord;
  collaborator: Collaborator;
  permission: Permission;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const say = useSay();
  // A level we do not know stays picked until another is chosen; only a known one is sent.
  const [level, setLevel] = useState<string>(collaborator.level);
  const known = isKnown(SHARE_LEVEL_WORDS, collaborator.level);
  const [revoking, setRevoking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const share = useMutation({
    mutationFn: (next: ShareLevel) =>
      shareSet(queryClient, set.id, [{ user_id: collaborator.user_id, level: next }]),
    onSuccess: (_set, next) => {
      setProblem(null);
      setRevoking(false);
      say(
        next === "N"
          ? `${collaborator.email} no longer has access to ${set.name}.`
          : `${collaborator.email} now has ${SHARE_LEVEL_WORDS[next].label.toLowerCase()} access.`,
      );
    },
    onError: (error) => setProblem(setChangeError(error, "share") ?? describeError(error)),
  });
  const words = wordsOf(SHARE_LEVEL_WORDS, collaborator.level, "a collaborator's level");

  return (
    <tr className="border-b border-slate-100 align-top last:border-0">
      <td className="px-3 py-2">
        <p className="font-medium text-slate-900">{collaborator.email}</p>
        <p className="font-mono text-xs text-slate-500">{collaborator.user_id}</p>
      </td>
      <td className="px-3 py-2">
        <p className="font-medium">{words.label}</p>
        <p className="max-w-xs text-xs text-slate-600">{words.meaning}</p>
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-level`} className="sr-only">
            New level for {collaborator.email}
          </label>
          <select
            id={`${id}-level`}
            value={level}
            disabled={!permission.allowed || share.isPending}
            onChange={(event) => setLevel(event.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-100"
          >
            {known ? null : (
              <option value={collaborator.level} disabled>
                {words.label}
              </option>
            )}
            {SHARE_LEVELS.map((l) => (
              <option key={l} value={l}>
                {SHARE_LEVEL_WORDS[l].label}
              </option>
            ))}
          </select>
          <GuardedButton
            permission={permission}
            variant="secondary"
            className="px-2 py-1 text-xs"
            disabled={level === collaborator.level || !isKnown(SHARE_LEVEL_WORDS, level) || share.isPending}
            onClick={() => {
              if (isKnown(SHARE_LEVEL_WORDS, level)) share.mutate(level);
            }}
            aria-label={`Change the level of ${collaborator.email}`}
          >
            {share.isPending && share.variables !== "N" ? "Changing…" : "Change level"}
          </GuardedButton>
          {permission.allowed ? (
            <AlertDialog
              open={revoking}
              onOpenChange={(next) => {
                if (share.isPending) return;
                setProblem(null);
                setRevoking(next);
              }}
              title={`Revoke access for ${collaborator.email}?`}
              description={`They will no longer see ${set.name} or anything in it. You can share it with them again later.`}
              trigger={
                <Button
                  variant="secondary"
                  className="px-2 py-1 text-xs text-red-700"
                  aria-label={`Revoke access for ${collaborator.email}`}
                >
                  Revoke
                </Button>
              }
              confirm={
                <Button variant="danger" disabled={share.isPending} onClick={() => share.mutate("N")}>
                  {share.isPending ? "Revoking…" : "Revoke access"}
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
              className="px-2 py-1 text-xs text-red-700"
              aria-label={`Revoke access for ${collaborator.email}`}
            >
              Revoke
            </GuardedButton>
          )}
        </div>
        {problem && !revoking ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
