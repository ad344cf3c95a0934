"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { forgetWebhook, rotateWebhookSecret } from "@/lib/webhooks/queries";
import { isSvcError } from "@/lib/svc/errors";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { LazyDialogProps } from "@/components/ui/lazy";
import type { SubscriptionActionProps } from "@/components/webhooks/action-buttons";
import { describeError } from "@/components/ui/error-panel";
import { SecretReveal } from "@/components/webhooks/secret-reveal";
import { webhookFormError } from "@/lib/webhooks/display";

/**
 * Rotate the signing secret: confirm first (the endpoint must learn the new one), then the
 * new secret, once. One dialog for both steps, so focus never falls back to the page between them.
 * Fetched on the first move towards its button (webhook-actions.tsx); that click opens it.
 */
export default function RotateSecretDialog({
  subscription,
  trigger,
}: SubscriptionActionProps & LazyDialogProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(queryClient, subscription.id),
    // The answer holds the secret: gone from memory as soon as the dialog closes.
    gcTime: 0,
    onError: (error) => {
      if (isSvcError(error) && error.status === 404) void forgetWebhook(queryClient, subscription.id);
    },
  });
  const rotated = rotate.data;

  function onOpenChange(next: boolean) {
    if (rotate.isPending) return;
    if (!next) rotate.reset();
    setOpen(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      keepOpenOnOutsideClick
      title={rotated ? "Copy the new signing secret" : "Rotate the signing secret?"}
      description={
        rotated
          ? "This is the only time the secret is shown."
          : "The service signs every delivery from the next attempt on with a new secret. Your endpoint must be given the new secret, or it will reject those deliveries."
      }
      trigger={trigger}
    >
      {rotated ? (
        <SecretReveal secret={rotated.secret} url={rotated.url} rotated onDone={() => onOpenChange(false)} />
      ) : (
        <div className="space-y-4">
          <p className="break-all text-sm text-slate-700">
            Subscription to <span className="font-medium text-slate-900">{subscription.url}</span>
          </p>
          <p role="alert" className="text-sm text-red-700">
            {rotate.isError ? (webhookFormError(rotate.error)?.message ?? describeError(rotate.error)) : ""}
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button disabled={rotate.isPending} onClick={() => rotate.mutate()}>
              {rotate.isPending ? "Rotating…" : "Rotate secret"}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
