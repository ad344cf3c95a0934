"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { SET_PRICE_CALENDAR_MEMBER_LIMIT } from "@/lib/svc/schemas/limits";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { refreshSet, retryUpgrade, upgradeSet } from "@/lib/sets/analytics/queries";
import { retryDelay } from "@/lib/queries/retry";
import { useSay } from "@/components/ui/action-status";
import { PermissionNote } from "@/components/ui/permission-note";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { GuardedButton } from "@/components/ui/guarded-button";
import {
  PAID_FEATURES,
  billedToWords,
  upgradeConfirmLabel,
  upgradeConfirmWords,
  upgradeCostWords,
  upgradePermission,
  upgradeFailure,
} from "@/lib/sets/analytics/upgrade";

/**
 * A free set's Analytics tab: what the paid plan unlocks, who is charged, and the upgrade
 * behind a confirmation. No paid-only endpoint is called from here. On success the set's
 * cache entry takes the service's answer, so the page turns into the paid analytics at once.
 */
export function UpgradePanel({
  set,
  readOnly,
  onUpgraded,
}: {
  set: SetRecord;
  readOnly: boolean;
  onUpgraded: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const permission = upgradePermission(set, readOnly);

  const upgrade = useMutation({
    mutationFn: () => upgradeSet(queryClient, set.id),
    retry: retryUpgrade,
    retryDelay,
    onSuccess: (upgraded) => {
      say(`“${upgraded.name}” is on the paid plan. Its analytics are below.`);
      onUpgraded();
      setOpen(false);
    },
    onError: async (error) => {
      const failure = upgradeFailure(error);
      if (failure.alreadyPaid) {
        say(failure.message, "info");
        setOpen(false);
        onUpgraded();
        await refreshSet(queryClient, set.id).catch(() => undefined);
        return;
      }
      setProblem(failure.message);
    },
  });

  const overLimit = set.member_count > SET_PRICE_CALENDAR_MEMBER_LIMIT;

  return (
    <section aria-labelledby={`${id}-title`} data-testid="upgrade-panel" className="max-w-3xl space-y-5">
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Analytics come with the paid plan
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          This set is on the free plan. Building it stays free: members, statuses, associated listings and
          sharing work the same. The paid plan adds the set-level analytics:
        </p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {PAID_FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-md border border-slate-200 bg-slate-50 p-3">
              <p className="text-sm font-medium text-slate-900">{feature.title}</p>
              <p className="mt-0.5 text-sm text-slate-600">{feature.detail}</p>
            </li>
          ))}
        </ul>
        {overLimit ? (
          <p className="mt-4 text-sm text-amber-900">
            This set has {set.member_count} memberships. The price calendar compares at most{" "}
            {SET_PRICE_CALENDAR_MEMBER_LIMIT}, counting every status, so it will ask you to remove some
            members first; the other analytics work at any size.
          </p>
        ) : null}
        <dl className="mt-5 border-t border-slate-200 pt-4 text-sm">
          <dt className="font-medium text-slate-900">Who is charged</dt>
          <dd className="mt-0.5 text-slate-700" data-testid="billed-to">
            {billedToWords(set)} The paid plan is billed to the set&apos;s owner whoever buys it, and it
            cannot be returned to free from the dashboard.
          </dd>
          <dt className="mt-3 font-medium text-slate-900">What it costs</dt>
          <dd className="mt-0.5 text-slate-700" data-testid="upgrade-cost">
            {upgradeCostWords(set)}
          </dd>
        </dl>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {permission.allowed ? (
            <AlertDialog
              open={open}
              onOpenChange={(next) => {
                if (upgrade.isPending) return;
                setProblem(null);
                setOpen(next);
              }}
              title={`Upgrade “${set.name}” to the paid plan?`}
              description={upgradeConfirmWords(set)}
              trigger={<Button>Upgrade to paid</Button>}
              confirm={
                <Button disabled={upgrade.isPending} onClick={() => upgrade.mutate()}>
                  {upgrade.isPending ? "Buying the paid plan…" : upgradeConfirmLabel(set)}
                </Button>
              }
            >
              <p role="alert" className="text-sm text-red-700">
                {problem ?? ""}
              </p>
            </AlertDialog>
          ) : (
            <GuardedButton permission={permission}>Upgrade to paid</GuardedButton>
          )}
        </div>
        {!permission.allowed ? (
          <div className="mt-3">
            <PermissionNote id={`${id}-why`}>{permission.reason}</PermissionNote>
          </div>
        ) : null}
      </div>
    </section>
  );
}
