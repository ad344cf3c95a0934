"use client";

import { lazyDialog } from "@/components/ui/lazy";
import {
  AddSubscriptionButton,
  SubscriptionActionButton,
  type SubscriptionActionProps,
} from "@/components/webhooks/action-buttons";
import type { CreateWebhookDialogProps } from "@/components/webhooks/create-webhook-dialog";
import type { EditWebhookDialogProps } from "@/components/webhooks/edit-webhook-dialog";

/*
 * The webhooks page's dialogs (Radix's dialog, focus scope and dismissable layer, the
 * subscription form with react-hook-form) are not part of the page's first load: most visits
 * read the subscriptions and open none. Each button is drawn at once; the first move towards
 * it fetches its dialog, and the click opens it (lazyDialog).
 */
export const AddSubscription = lazyDialog<CreateWebhookDialogProps>(
  () => import("@/components/webhooks/create-webhook-dialog"),
  {
    trigger: ({ permission, describedBy }) => (
      <AddSubscriptionButton permission={permission} describedBy={describedBy} />
    ),
  },
);

export const EditSubscription = lazyDialog<EditWebhookDialogProps>(
  () => import("@/components/webhooks/edit-webhook-dialog"),
  {
    trigger: ({ subscription, permission, describedBy }) => (
      <SubscriptionActionButton action="edit" {...{ subscription, permission, describedBy }} />
    ),
  },
);

export const RotateSubscriptionSecret = lazyDialog<SubscriptionActionProps>(
  () => import("@/components/webhooks/rotate-secret-dialog"),
  { trigger: (props) => <SubscriptionActionButton action="rotate" {...props} /> },
);

export const DeleteSubscription = lazyDialog<SubscriptionActionProps>(
  () => import("@/components/webhooks/delete-webhook-dialog"),
  {
    trigger: (props) => <SubscriptionActionButton action="delete" {...props} />,
  },
);
