import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { useDistanceUnit } from "@/lib/display/preferences-store";
import { setAccessWords } from "@/lib/sets/access";
import { membershipInWords } from "@/lib/sets/page";
import { CANDIDATE_RADIUS_KM_DEFAULT, type SetRecord } from "@/lib/svc/schemas/sets";
import { Badge } from "@/components/ui/badge";

/** "competitors" → "Competitors", "market_watch" → "Market watch". */
function kindWords(kind: string): string {
  const words = kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The set at a glance: what it is, whose it is, and what the caller may do with it. */
export function SetHeader({ set }: { set: SetRecord }) {
  const membership = membershipInWords(set, CANDIDATE_RADIUS_KM_DEFAULT, useDistanceUnit());
  const access = setAccessWords(set.access);
  return (
    <header className="space-y-3">
      <Link href="/sets" className="text-sm text-brand-700 hover:underline">
        ← All sets
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-semibold">{set.name}</h1>
        <Badge tone={set.is_paid ? "brand" : "neutral"}>{set.is_paid ? "Paid" : "Free"}</Badge>
        <Badge>{kindWords(set.kind)}</Badge>
        <Badge tone={set.membership === "filter" ? "amber" : "neutral"}>{membership.label}</Badge>
      </div>
      <p className="max-w-3xl text-sm text-slate-600">{membership.detail}</p>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Owner">
          {set.access === "owner" ? "You" : <span className="font-mono text-xs">{set.owner_user_id}</span>}
        </Fact>
        <Fact label="Your access">
          <span title={access.meaning}>{access.label}</span>
          <span className="block text-xs text-slate-600">{access.meaning}</span>
        </Fact>
        <Fact label="Members">{set.member_count}</Fact>
        <Fact label="Associated listings">{set.associated_listing_count}</Fact>
        <Fact label="Currency">{set.currency}</Fact>
        <Fact label="Plan">{set.is_paid ? "Paid: analytics included" : "Free: no analytics"}</Fact>
      </dl>
    </header>
  );
}
