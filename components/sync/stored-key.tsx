"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { StatusLine, StatusScope, useSay } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";
import { formatUtc } from "@/lib/format/times";
import { changeSync, type SyncStatus } from "@/lib/sync/queries";

/**
 * The opt-in read-only key the sync reads with while nobody of the account is signed in: a
 * form to store one (the server refuses a key that can change prices), or the stored one's
 * last four characters with Erase. The key never comes back to the page. What Store or Erase
 * did is said at the foot of the section.
 */
export function StoredKey(props: { status: SyncStatus }) {
  return (
    <StatusScope>
      <StoredKeySection {...props} />
    </StatusScope>
  );
}

function StoredKeySection({ status }: { status: SyncStatus }) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [key, setKey] = useState("");
  const save = useMutation({
    mutationFn: (value: string) => changeSync(queryClient, { action: "store_key", key: value }),
    onSuccess: () => {
      setKey("");
      say("The read-only key is stored, sealed: the sync goes on while nobody is signed in.");
    },
  });
  const erase = useMutation({
    mutationFn: () => changeSync(queryClient, "erase_key"),
    onSuccess: () => say("The stored key was erased."),
  });

  return (
    <section
      aria-labelledby="stored-key-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="stored-key-title" className="text-base font-semibold">
        While nobody is signed in
      </h2>
      {status.stored_key ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <p>
            A read-only key ending in <span className="font-mono">{status.stored_key.last4}</span> is stored,
            sealed, since {formatUtc(status.stored_key.stored_at)}. The sync reads with it when nobody of your
            account has the dashboard open, at up to the larger share of the minute&apos;s budget; it is
            erased if the service refuses it.
          </p>
          <Button variant="secondary" disabled={erase.isPending} onClick={() => erase.mutate()}>
            {erase.isPending ? "Erasing…" : "Erase the key"}
          </Button>
        </div>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (key.trim()) save.mutate(key.trim());
          }}
        >
          <p className="max-w-3xl text-sm text-slate-700">
            The sync reads with the key of whoever of your account has the dashboard open. To let it go on
            when nobody does, store a <strong>read-only</strong> key here: it can read, never change a price.
            A standard key is refused.
          </p>
          <Field
            label="Read-only API key"
            alert
            error={save.isError ? describeError(save.error) : undefined}
            className="max-w-md space-y-1"
          >
            <input
              type="password"
              autoComplete="off"
              value={key}
              onChange={(event) => setKey(event.target.value)}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
            />
          </Field>
          <Button type="submit" disabled={save.isPending || !key.trim()}>
            {save.isPending ? "Checking the key…" : "Store the key"}
          </Button>
        </form>
      )}
      <p role="alert" className="text-sm text-red-700">
        {erase.isError ? `The key could not be erased. ${describeError(erase.error)}` : ""}
      </p>
      <StatusLine />
    </section>
  );
}
