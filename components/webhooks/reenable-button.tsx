"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Permission } from "@/lib/access/permission";
import { forgetWebhook, updateWebhook } from "@/lib/webhooks/queries";
import { isSvcError } from "@/lib/svc/errors";
import type { WebhookSubscription } from "@/lib/svc/schemas/webhooks";
import { useSay } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { webhookFormError } from "@/lib/webhooks/display";

/** PUT {status: "enabled"}: deliveries resume, and attempts left waiting are sent at once. */
export function ReenableButton({
  subscription,
  permission,
  describedBy,
}: {
  subscription: WebhookSubscription;
  permission: Permission;
  describedBy?: string;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const enable = useMutation({
    mutationFn: () => updateWebhook(queryClient, subscription.id, { status: "enabled" }),
    onSuccess: () => say(`Deliveries to ${subscription.url} are enabled again.`),
    onError: (error) => {
      if (isSvcError(error) && error.status === 404) void forgetWebhook(queryClient, subscription.id);
    },
  });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        disabled={!permission.allowed || enable.isPending}
        onClick={() => enable.mutate()}
        aria-label={`Re-enable the subscription to ${subscription.url}`}
        aria-describedby={describedBy}
        className="px-2 py-1 text-xs"
      >
        {enable.isPending ? "Re-enabling…" : "Re-enable"}
      </Button>
      <p role="alert" className="text-sm text-red-700">
        {enable.isError ? (webhookFormError(enable.error)?.message ?? describeError(enable.error)) : ""}
      </p>
    </div>
  );
}
