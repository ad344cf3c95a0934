"use client";

import { intentLoader, LoadOnIntent } from "../ui/load-on-intent";
import {
  AddSubscriptionButton,
  SubscriptionActionButton,
  type SubscriptionActionProps,
} from "./action-buttons";
import type { CreateWebhookDialogProps } from "./create-webhook-dialog";
import type { EditWebhookDialogProps } from "./edit-webhook-dialog";

/*
 * The webhooks page's dialogs (Radix's dialog, focus scope and dismissable layer, the
 * subscription form with react-hook-form) are not part of the page's first load: most visits
 * read the subscriptions and open none. Each button is drawn as it looks closed; the first move
 * towards it fetches its dialog, and the click opens it (LoadOnIntent).
 */
const createDialog = intentLoader<CreateWebhookDialogProps>(() => import("./create-webhook-dialog"));
const editDialog = intentLoader<EditWebhookDialogProps>(() => import("./edit-webhook-dialog"));
const rotateDialog = intentLoader<SubscriptionActionProps>(() => import("./rotate-secret-dialog"));
const deleteDialog = intentLoader<SubscriptionActionProps>(() => import("./delete-webhook-dialog"));

export function AddSubscription(props: CreateWebhookDialogProps) {
  return (
    <LoadOnIntent
      loader={createDialog}
      closed={(trigger) => (
        <AddSubscriptionButton permission={props.permission} describedBy={props.describedBy} {...trigger} />
      )}
      props={props}
    />
  );
}

export function EditSubscription(props: EditWebhookDialogProps) {
  const { subscription, permission, describedBy } = props;
  return (
    <LoadOnIntent
      loader={editDialog}
      closed={(trigger) => (
        <SubscriptionActionButton action="edit" {...{ subscription, permission, describedBy }} {...trigger} />
      )}
      props={props}
    />
  );
}

export function RotateSubscriptionSecret(props: SubscriptionActionProps) {
  return (
    <LoadOnIntent
      loader={rotateDialog}
      closed={(trigger) => <SubscriptionActionButton action="rotate" {...props} {...trigger} />}
      props={props}
    />
  );
}

export function DeleteSubscription(props: SubscriptionActionProps) {
  return (
    <LoadOnIntent
      loader={deleteDialog}
      closed={(trigger) => <SubscriptionActionButton action="delete" {...props} {...trigger} />}
      props={props}
    />
  );
}
