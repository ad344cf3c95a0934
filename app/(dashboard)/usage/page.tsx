import type { Metadata } from "next";
import { Suspense } from "react";
import { UsageSkeleton } from "@/components/usage/usage-skeleton";
import { UsageView } from "@/components/usage/usage-view";
import { sectionAt } from "@/lib/shell/sections";

const section = sectionAt("/usage");
export const metadata: Metadata = { title: section.label };

export default function UsagePage() {
  return (
    <section aria-labelledby="usage-title" className="space-y-4">
      <div>
        <h1 id="usage-title" className="text-2xl font-semibold">
          {section.label}
        </h1>
        <p className="text-sm text-slate-600">
          Requests, errors, 429s and response times of your account&apos;s API keys, at most 7 days at a time.
        </p>
      </div>
      <Suspense fallback={<UsageSkeleton />}>
        <UsageView />
      </Suspense>
    </section>
  );
}
