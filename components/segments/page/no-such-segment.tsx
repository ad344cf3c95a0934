import { Link } from "@/components/ui/link";

/** A segment id that is not one of the caller's segments (segments are private to their creator). */
export function NoSuchSegment() {
  return (
    <section
      aria-labelledby="segment-missing"
      data-testid="segment-missing"
      className="max-w-xl rounded-lg border border-slate-200 bg-white p-5"
    >
      <h1 id="segment-missing" className="text-lg font-semibold">
        No such segment among yours.
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        The link may be mistyped, or the segment belongs to someone else: segments are private to the person
        who created them.
      </p>
      <Link href="/segments" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        Back to your segments
      </Link>
    </section>
  );
}
