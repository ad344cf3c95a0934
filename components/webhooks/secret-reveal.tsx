"use client";

import { OneTimeSecret } from "@/components/ui/one-time-secret";

/** A signing secret, shown this once (after create and after rotate). */
export function SecretReveal({
  secret,
  url,
  rotated,
  onDone,
}: {
  secret: string;
  url: string;
  rotated: boolean;
  onDone: () => void;
}) {
  return (
    <OneTimeSecret
      intro={
        <>
          {rotated ? "Deliveries to " : "Deliveries will go to "}
          <span className="break-all font-medium text-slate-900">{url}</span>
          {rotated
            ? " are signed with this secret from the next attempt on."
            : ", signed with this secret, from the next five-minute batch window."}
        </>
      }
      warning="Copy this secret now. It cannot be read back."
      advice={`Your endpoint needs it to check the Svc-Signature header of every delivery.${
        rotated ? " The previous secret no longer signs deliveries." : ""
      } If you lose it, rotate the secret to get a new one.`}
      label="Signing secret"
      noun="secret"
      secret={secret}
      onDone={onDone}
    />
  );
}
