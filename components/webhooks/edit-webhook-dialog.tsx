"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { eventTypeWords, isKnownEventType, knownEventTypes } from "@/lib/webhooks/display";
import { forgetWebhook, updateWebhook } from "@/lib/webhooks/queries";
import { isSvcError } from "@/lib/svc/errors";
import type { CreateWebhookBody } from "@/lib/svc/schemas/webhooks";
import { useSay } from "@/components/ui/action-status";
import { Dialog } from "@/components/ui/dialog";
import type { LazyDialogProps } from "@/components/ui/lazy";
import type { SubscriptionActionProps } from "@/components/webhooks/action-buttons";
import { WebhookForm } from "@/components/webhooks/webhook-form";

export interface EditWebhookDialogProps extends SubscriptionActionProps {
  usingReferenceService: boolean;
}

/**
 * Change a subscription's URL or event types (the secret and the delivery history stay). Fetched
 * on the first move towards its button (webhook-actions.tsx); the click that fetched it opens it.
 */
export default function EditWebhookDialog({
  subscription,
  usingReferenceService,
  trigger,
}: EditWebhookDialogProps & LazyDialogProps) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const unknownTypes = subscription.event_types.filter((t) => !isKnownEventType(t));
  const update = useMutation({
    mutationFn: (body: CreateWebhookBody) => updateWebhook(queryClient, subscription.id, body),
    onSuccess: () => {
      setOpen(false);
      say("The subscription is saved.");
    },
    onError: (error) => {
      if (isSvcError(error) && error.status === 404) void forgetWebhook(queryClient, subscription.id);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      keepOpenOnOutsideClick
      title="Edit the subscription"
      description="Change where deliveries go or what they are about. The signing secret stays the same."
      trigger={trigger}
    >
      {unknownTypes.length > 0 ? (
        <p className="mb-3 text-sm text-amber-900">
          This subscription also receives {unknownTypes.map((t) => eventTypeWords(t).label).join(", ")}, which
          this dashboard does not know; saving here keeps only the event types it knows.
        </p>
      ) : null}
      <WebhookForm
        defaultValues={{ url: subscription.url, event_types: knownEventTypes(subscription.event_types) }}
        onSave={(values) => update.mutateAsync(values)}
        onCancel={() => setOpen(false)}
        submitLabel="Save changes"
        pendingLabel="Saving…"
        usingReferenceService={usingReferenceService}
      />
    </Dialog>
  );
}
