"use client";

import { Button } from "@/components/ui/button";

/** A page of the dashboard failed to render: the shell stays, the user gets words and a retry. */
export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="max-w-xl rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-medium">This page could not be shown.</p>
      <p className="mt-1 text-sm">
        Something went wrong on our side. Try again; if it keeps happening, sign out and in.
      </p>
      <Button variant="secondary" className="mt-3" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
