"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Permission } from "@/lib/access/permission";
import { createWebhook } from "@/lib/webhooks/queries";
import type { CreateWebhookBody } from "@/lib/svc/schemas/webhooks";
import { Dialog } from "@/components/ui/dialog";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { SecretReveal } from "@/components/webhooks/secret-reveal";
import { WebhookForm } from "@/components/webhooks/webhook-form";

const emptyForm: CreateWebhookBody = { url: "", event_types: [] };

export interface CreateWebhookDialogProps {
  permission: Permission;
  describedBy?: string;
  usingReferenceService: boolean;
}

/**
 * Add a subscription: URL and event types, then its signing secret, once. Fetched on the first
 * move towards its button (webhook-actions.tsx); the click that fetched it opens it.
 */
export default function CreateWebhookDialog({
  usingReferenceService,
  trigger,
}: CreateWebhookDialogProps & LazyDialogProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // Bumped after a success so the next opening starts from an empty form; a failure keeps it.
  const [formKey, setFormKey] = useState(0);
  const create = useMutation({
    mutationFn: (body: CreateWebhookBody) => createWebhook(queryClient, body),
    // The answer holds the secret: keep it in memory no longer than the dialog shows it.
    gcTime: 0,
    onSuccess: () => setFormKey((k) => k + 1),
  });
  const created = create.data;

  function onOpenChange(next: boolean) {
    // Closing forgets the secret; the list behind already shows the subscription.
    if (!next) create.reset();
    setOpen(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      keepOpenOnOutsideClick
      title={created ? "Copy the signing secret" : "Add a webhook subscription"}
      description={
        created
          ? "This is the only time the secret is shown."
          : "The service will POST what changed in your portfolio to this endpoint, batched every five minutes."
      }
      trigger={trigger}
    >
      {created ? (
        <SecretReveal
          secret={created.secret}
          url={created.url}
          rotated={false}
          onDone={() => onOpenChange(false)}
        />
      ) : (
        <WebhookForm
          key={formKey}
          defaultValues={emptyForm}
          onSave={(values) => create.mutateAsync(values)}
          onCancel={() => onOpenChange(false)}
          submitLabel="Add subscription"
          pendingLabel="Adding…"
          usingReferenceService={usingReferenceService}
        />
      )}
    </Dialog>
  );
}
