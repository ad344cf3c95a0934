"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { Permission } from "@/lib/listings/display";
import { deleteWebhook, forgetWebhook } from "@/lib/webhooks/queries";
import { isSvcError } from "@/lib/svc/errors";
import type { WebhookSubscription } from "@/lib/svc/schemas/webhooks";
import { AlertDialog } from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { describeError } from "../ui/error-panel";
import { webhookFormError } from "../../lib/webhooks/display";

/** Delete one subscription after saying which, and what stops. */
export function DeleteWebhookDialog({
  subscription,
  permission,
  describedBy,
}: {
  subscription: WebhookSubscription;
  permission: Permission;
  describedBy?: string;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => deleteWebhook(queryClient, subscription.id),
    onSuccess: () => {
      setOpen(false);
      toast.success(`The subscription to ${subscription.url} is deleted.`);
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
      trigger={
        <Button
          variant="secondary"
          className="px-2 py-1 text-xs text-red-700"
          disabled={!permission.allowed}
          aria-label={`Delete the subscription to ${subscription.url}`}
          aria-describedby={describedBy}
        >
          Delete
        </Button>
      }
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
