"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dismissErrorMessage } from "@/lib/notifications/display";
import { dismissNotifications, refreshNotifications } from "@/lib/notifications/queries";
import { isSvcError } from "@/lib/svc/errors";
import { describeError } from "@/components/ui/error-panel";

/**
 * Dismissing, shared by the bell's panel and the page: the answer updates every cached list
 * (the bell included). A refusal is said in words; after a 404 the lists are re-read.
 */
export function useDismiss() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (ids: string[]) => dismissNotifications(queryClient, ids),
    onError: (error) => {
      if (isSvcError(error) && error.status === 404) void refreshNotifications(queryClient);
    },
  });
  const errorMessage = mutation.isError
    ? (dismissErrorMessage(mutation.error) ?? describeError(mutation.error))
    : null;
  return { ...mutation, errorMessage };
}
