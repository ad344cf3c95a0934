"use client";

import { useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useSignOut } from "@/components/shell/use-sign-out";

/**
 * Signing out everywhere: every session of this dashboard signed in with this key ends, on
 * every browser and instance, and the account's portfolio mirror (its rows, its sync state,
 * a stored read-only key) is erased with it. What to do on a lost laptop or a shared screen.
 */
export function SignOutEverywhere() {
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<"idle" | "pending" | "failed">("idle");
  return (
    <section
      aria-labelledby="sign-out-everywhere-title"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="sign-out-everywhere-title" className="text-base font-semibold">
        Sign out everywhere
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Ends every session signed in with this key, on every browser, and erases your account&apos;s portfolio
        mirror with its sync and any stored read-only key. Sessions with your other keys stay signed in:
        revoke a key to end those.
      </p>
      {state === "failed" ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Signing out failed. Check your connection and try again.
        </p>
      ) : null}
      <div className="mt-3">
        <AlertDialog
          open={open}
          onOpenChange={setOpen}
          title="Sign out everywhere?"
          description="Every session signed in with this key ends now, this one included, and your account's portfolio mirror is erased. Sign in again to carry on."
          trigger={<Button variant="secondary">Sign out everywhere</Button>}
          confirm={
            <Button
              variant="danger"
              disabled={state === "pending"}
              onClick={async () => {
                setState("pending");
                if (await signOut({ everywhere: true })) return;
                setState("failed");
                setOpen(false);
              }}
            >
              {state === "pending" ? "Signing out…" : "Sign out everywhere"}
            </Button>
          }
        />
      </div>
    </section>
  );
}
