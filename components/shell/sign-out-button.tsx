"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useSignOut } from "@/components/shell/use-sign-out";

export function SignOutButton() {
  const signOut = useSignOut();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        if (await signOut()) return;
        setPending(false);
        toast.error("Signing out failed. Check your connection and try again.");
      }}
    >
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
