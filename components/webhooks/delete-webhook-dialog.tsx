"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { deleteWebhook, forgetWebhook } from "@/lib/webhooks/queries";
import { isSvcError } from "@/lib/svc/errors";
import { useSay } from "@/components/ui/action-status";
import { AlertDialog } from "@/components/ui/alert-dialog";
import type { LazyDialogProps } from "@/components/ui/lazy";
import type { SubscriptionActionProps } from "@/components/webhooks/action-buttons";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { webhookFormError } from "@/lib/webhooks/display";

/**
 * Delete one subscription after saying which, and what stops. Fetched on the first move towards
 * its button (webhook-actions.tsx); the click that fetched it opens it.
 */
export default function DeleteWebhookDialog({
  subscription,
  trigger,
}: SubscriptionActionProps & LazyDialogProps) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteWebhook(queryClient, subscription.id),
    onSuccess: () => {
      setOpen(false);
      say(`The subscription to ${subscription.url} is deleted.`);
    },
    onError: (error) => {
      if (isSvcError(error) && error.status === 404) void forgetWebhook(queryClient, subscription.id);
      setProblem(webhookFormError(error)?.message ?? describeError(error));
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
      title="Delete this subscription?"
      description={
        <>
          Deliveries to <span className="break-all font-medium text-slate-900">{subscription.url}</span> stop
          at once, including retries still waiting, and its delivery history goes with it. This cannot be
          undone.
        </>
      }
      trigger={trigger}
      confirm={
        <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? "Deleting…" : "Delete subscription"}
        </Button>
      }
    >
      <p role="alert" className="text-sm text-red-700">
        {problem ?? ""}
      </p>
    </AlertDialog>
  );
}
