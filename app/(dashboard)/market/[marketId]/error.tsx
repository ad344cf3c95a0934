"use client";

import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";

/** The market page failed to render: the shell stays, with words, a retry and the way back. */
export default function MarketError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="max-w-xl rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-medium">This market could not be shown.</p>
      <p className="mt-1 text-sm">
        Something went wrong while drawing it. Try again, or go back to the markets.
      </p>
      <div className="mt-3 flex items-center gap-3">
        <Button variant="secondary" onClick={reset}>
          Try again
        </Button>
        <Link href="/market" className="text-sm font-medium text-brand-700 underline">
          Back to the markets
        </Link>
      </div>
    </div>
  );
}
