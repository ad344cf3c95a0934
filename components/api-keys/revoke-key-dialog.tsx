"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { keyErrorMessage } from "@/lib/api-keys/display";
import type { Permission } from "@/lib/access/permission";
import { revokeApiKey } from "@/lib/api-keys/queries";
import { queryKeys } from "@/lib/queries/keys";
import { isSvcError } from "@/lib/svc/errors";
import type { ApiKey } from "@/lib/svc/schemas/api-keys";
import { useSay } from "@/components/ui/action-status";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { useSignOut } from "@/components/shell/use-sign-out";

/** Revoke one key, after saying which, and that the dashboard signs out if it is this session's. */
export function RevokeKeyDialog({
  apiKey,
  isSession,
  permission,
  describedBy,
}: {
  apiKey: ApiKey;
  isSession: boolean;
  permission: Permission;
  describedBy?: string;
}) {
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // Signed out, the browser goes to the sign-in page: the toaster says it there. A failed sign
  // out keeps the page, and the dialog says so where its buttons are.
  async function signOutAfterRevoking() {
    if (await signOut())
      toast.success(`“${apiKey.name}” is revoked. You were signed out because this session used it.`);
    else
      setProblem("The key is revoked, but signing out failed. Use Sign out, then sign in with another key.");
  }

  const revoke = useMutation({
    mutationFn: () => revokeApiKey(queryClient, apiKey.token_id, { refresh: !isSession }),
    onSuccess: async () => {
      if (isSession) return signOutAfterRevoking();
      setOpen(false);
      say(`“${apiKey.name}” is revoked.`);
    },
    onError: (error) => {
      // A key already gone: show the list as it is now.
      if (isSvcError(error) && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
      }
      setProblem(keyErrorMessage(error) ?? describeError(error));
    },
  });

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (revoke.isPending) return;
        setProblem(null);
        setOpen(next);
      }}
      title={`Revoke “${apiKey.name}”?`}
      description={
        <>
          The key ending in <span className="font-mono">{apiKey.last4}</span> stops working at once: the
          pricing service refuses every request made with it. This cannot be undone.
        </>
      }
      trigger={
        <Button
          variant="secondary"
          className="px-2 py-1 text-xs"
          disabled={!permission.allowed}
          aria-label={`Revoke ${apiKey.name} (ending ${apiKey.last4})`}
          aria-describedby={describedBy}
        >
          Revoke
        </Button>
      }
      confirm={
        <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
          {revoke.isPending ? "Revoking…" : isSession ? "Revoke and sign out" : "Revoke key"}
        </Button>
      }
    >
      {isSession ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
          <strong className="font-semibold">This dashboard session uses this key.</strong> Revoking it signs
          you out; sign in again with another key.
        </p>
      ) : null}
      <p role="alert" className="text-sm text-red-700">
        {problem ?? ""}
      </p>
    </AlertDialog>
  );
}
