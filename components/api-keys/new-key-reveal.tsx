"use client";

import { kindLabels } from "@/lib/api-keys/display";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { OneTimeSecret } from "@/components/ui/one-time-secret";

/** The new key, shown this once. */
export function NewKeyReveal({
  name,
  kind,
  secret,
  onDone,
}: {
  name: string;
  kind: ApiKeyKind;
  secret: string;
  onDone: () => void;
}) {
  return (
    <OneTimeSecret
      intro={
        <>
          <strong className="font-semibold text-slate-900">{name}</strong> is ready: a{" "}
          {kindLabels[kind].label.toLowerCase()} key.
        </>
      }
      warning="Copy this key now. It cannot be shown again."
      advice="The service keeps only its last four characters. If you lose it, revoke it and create another."
      label="Your new API key"
      noun="key"
      secret={secret}
      onDone={onDone}
    />
  );
}
