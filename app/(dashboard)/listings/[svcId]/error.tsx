"use client";

import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";

/** The workspace failed to render: the shell stays, with words, a retry and the way back. */
export default function ListingError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="max-w-xl rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-medium">This listing could not be shown.</p>
      <p className="mt-1 text-sm">
        Something went wrong while drawing it. Try again, or go back to your listings.
      </p>
      <div className="mt-3 flex items-center gap-3">
        <Button variant="secondary" onClick={reset}>
          Try again
        </Button>
        <Link href="/listings" className="text-sm font-medium text-brand-700 underline">
          Back to your listings
        </Link>
      </div>
    </div>
  );
}
