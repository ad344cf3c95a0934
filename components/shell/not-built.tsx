import Link from "next/link";
import type { Section } from "@/lib/shell/sections";

/** A section that is planned but not built: says so plainly and points to what works. */
export function NotBuilt({ section }: { section: Section }) {
  return (
    <section aria-labelledby="section-title" className="max-w-2xl">
      <h1 id="section-title" className="text-2xl font-semibold">
        {section.label}
      </h1>
      <p className="mt-3 text-slate-700">{section.summary}</p>
      <div className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-5">
        <p className="font-medium">This section is not built yet.</p>
        <p className="mt-1 text-sm text-slate-600">
          The pricing service&apos;s endpoints for it are already wired into the dashboard&apos;s contract;
          the screens come next. Meanwhile, your portfolio is on the{" "}
          <Link className="text-brand-700 underline" href="/listings">
            Listings
          </Link>{" "}
          page.
        </p>
      </div>
    </section>
  );
}
