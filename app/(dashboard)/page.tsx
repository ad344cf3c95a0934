import type { Metadata } from "next";
import { OverviewView } from "@/components/overview/overview-view";
import { sectionAt } from "@/lib/shell/sections";

const section = sectionAt("/");
export const metadata: Metadata = { title: section.label };

export default function OverviewPage() {
  return (
    <section aria-labelledby="overview-title" className="space-y-4">
      <div>
        <h1 id="overview-title" className="text-2xl font-semibold">
          {section.label}
        </h1>
        <p className="text-sm text-slate-600">
          Your portfolio this morning: what is on the books, what needs a look, and what changed.
        </p>
      </div>
      <OverviewView />
    </section>
  );
}
