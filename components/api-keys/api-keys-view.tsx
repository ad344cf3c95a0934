"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import {
  activeKeyCount,
  createKeyPermission,
  isSessionKey,
  partitionKeys,
  revokeKeyPermission,
} from "@/lib/api-keys/display";
import { apiKeysQuery } from "@/lib/api-keys/queries";
import { ACTIVE_KEY_LIMIT, type ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ApiKeysSkeleton } from "@/components/api-keys/api-keys-skeleton";
import { CreateKeyDialog } from "@/components/api-keys/create-key-dialog";
import { KeysTable } from "@/components/api-keys/keys-table";
import { PermissionNote } from "@/components/ui/permission-note";
import { RevokedKeys } from "@/components/api-keys/revoked-keys";
import { RevokeKeyDialog } from "@/components/api-keys/revoke-key-dialog";
import { SignOutEverywhere } from "@/components/api-keys/sign-out-everywhere";

/** The keys page: active keys with the limit and the actions, revoked keys folded below. */
export function ApiKeysView({ keyKind, keyLast4 }: { keyKind: ApiKeyKind | null; keyLast4: string }) {
  const noteId = useId();
  const keys = useQuery(apiKeysQuery());
  const state = keys.isPending ? "loading" : keys.isError ? "error" : "ready";

  if (keys.isPending || keys.isError) {
    return (
      <div data-state={state} data-testid="api-keys">
        {keys.isPending ? (
          <ApiKeysSkeleton />
        ) : (
          <ErrorPanel error={keys.error} onRetry={() => keys.refetch()} what="your API keys" />
        )}
      </div>
    );
  }

  const all = keys.data;
  const { active, revoked } = partitionKeys(all);
  const counted = activeKeyCount(all);
  const hasAssistant = active.some((k) => k.kind === "assistant");
  const sessionTokenId = active.find((k) => isSessionKey(k, keyLast4))?.token_id ?? null;
  const create = createKeyPermission(all, keyKind);

  // A revoke is said under the heading, above the table, over no row.
  return (
    <StatusScope>
      <div data-state={state} data-testid="api-keys" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="active-keys-title" className="text-base font-semibold">
              Active keys
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {counted} of {ACTIVE_KEY_LIMIT} active keys in use
              {hasAssistant ? " · the assistant key is not counted" : ""}
            </p>
          </div>
          <CreateKeyDialog permission={create} describedBy={create.allowed ? undefined : noteId} />
        </div>

        {create.allowed ? null : <PermissionNote id={noteId}>{create.reason}</PermissionNote>}
        <StatusLine />

        {active.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium">No active keys.</p>
            <p className="mt-1 text-sm text-slate-600">Create one to let a tool call the pricing service.</p>
          </div>
        ) : (
          <KeysTable
            keys={active}
            caption="Active keys"
            sessionTokenId={sessionTokenId}
            lastColumn={{ label: "Actions", srOnly: true }}
            renderLast={(key) => {
              const permission = revokeKeyPermission(key, keyKind);
              return (
                <RevokeKeyDialog
                  apiKey={key}
                  isSession={key.token_id === sessionTokenId}
                  permission={permission}
                  describedBy={permission.allowed ? undefined : noteId}
                />
              );
            }}
          />
        )}

        <RevokedKeys keys={revoked} />
        <SignOutEverywhere />
      </div>
    </StatusScope>
  );
}
