"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { Permission } from "@/lib/listings/display";
import { forgetWebhook, updateWebhook } from "@/lib/webhooks/queries";
import { isSvcError } from "@/lib/svc/errors";
import type { CreateWebhookBody, WebhookSubscription } from "@/lib/svc/schemas/webhooks";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { WebhookForm } from "./webhook-form";

/** Change a subscription's URL or event types (the secret and the delivery history stay). */
export function EditWebhookDialog({
  subscription,
  permission,
  describedBy,
  usingReferenceService,
}: {
  subscription: WebhookSubscription;
  permission: Permission;
  describedBy?: string;
  usingReferenceService: boolean;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const update = useMutation({
    mutationFn: (body: CreateWebhookBody) => updateWebhook(queryClient, subscription.id, body),
    onSuccess: () => {
      setOpen(false);
      toast.success("The subscription is saved.");
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
      trigger={
        <Button
          variant="secondary"
          className="px-2 py-1 text-xs"
          disabled={!permission.allowed}
          aria-label={`Edit the subscription to ${subscription.url}`}
          aria-describedby={describedBy}
        >
          Edit
        </Button>
      }
    >
      <WebhookForm
        defaultValues={{ url: subscription.url, event_types: subscription.event_types }}
        onSave={(values) => update.mutateAsync(values)}
        onCancel={() => setOpen(false)}
        submitLabel="Save changes"
        pendingLabel="Saving…"
        usingReferenceService={usingReferenceService}
      />
    </Dialog>
  );
}
