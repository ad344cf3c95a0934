"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";

/**
 * The reference service did not answer when the page asked for its personas: say exactly
 * that (it may be starting or restarting; `npm start` restarts it by itself) and offer to ask
 * again, which re-renders the page on the server.
 */
export function ServiceNotAnswering() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div
      role="status"
      className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p>
        The reference service is not answering right now, so the demo personas cannot be listed. It may be
        starting or restarting: <code>npm start</code> brings it back by itself. Signing in with a key needs
        it too.
      </p>
      <Button
        variant="secondary"
        className="mt-2"
        disabled={pending}
        onClick={() => startTransition(() => router.refresh())}
      >
        {pending ? "Asking again…" : "Try again"}
      </Button>
    </div>
  );
}
