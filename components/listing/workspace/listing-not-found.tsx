import { Link } from "@/components/ui/link";

/** A listing that does not exist and one the caller cannot see look the same (channel=svc). */
export function ListingNotFound({ svcId }: { svcId: string }) {
  return (
    <section
      aria-labelledby="not-found-title"
      className="max-w-xl rounded-lg border border-slate-200 bg-white p-6"
    >
      <h1 id="not-found-title" className="text-lg font-semibold">
        Listing not found
      </h1>
      <p className="mt-2 text-sm text-slate-700">
        There is no listing {svcId} in your portfolio: it does not exist, or it is not shared with you.
      </p>
      <Link href="/listings" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Back to your listings
      </Link>
    </section>
  );
}
