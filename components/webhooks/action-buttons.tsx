import type { ComponentPropsWithRef } from "react";
import type { Permission } from "@/lib/access/permission";
import type { WebhookSubscription } from "@/lib/svc/schemas/webhooks";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

/** What each subscription's actions are given: which one, who may act, and the note saying why not. */
export interface SubscriptionActionProps {
  subscription: WebhookSubscription;
  permission: Permission;
  describedBy?: string;
}

const actions = {
  edit: { label: "Edit", names: "Edit the subscription to" },
  rotate: { label: "Rotate secret", names: "Rotate the secret of the subscription to" },
  delete: { label: "Delete", names: "Delete the subscription to" },
} as const;

/**
 * A subscription's Edit, Rotate secret or Delete button, the same before its dialog's code has
 * arrived (webhook-actions.tsx) and as that dialog's trigger.
 */
export function SubscriptionActionButton({
  action,
  subscription,
  permission,
  describedBy,
  className,
  ...rest
}: { action: keyof typeof actions } & SubscriptionActionProps & ComponentPropsWithRef<"button">) {
  return (
    <Button
      variant="secondary"
      className={cn("px-2 py-1 text-xs", action === "delete" && "text-red-700", className)}
      disabled={!permission.allowed}
      aria-label={`${actions[action].names} ${subscription.url}`}
      aria-describedby={describedBy}
      {...rest}
    >
      {actions[action].label}
    </Button>
  );
}

/** "Add subscription", the same before the dialog's code has arrived and as its trigger. */
export function AddSubscriptionButton({
  permission,
  describedBy,
  ...rest
}: { permission: Permission; describedBy?: string } & ComponentPropsWithRef<"button">) {
  return (
    <Button disabled={!permission.allowed} aria-describedby={describedBy} {...rest}>
      Add subscription
    </Button>
  );
}
