import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { CreateSetView } from "@/components/sets/create/create-set-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "New set" };

export default async function NewSetPage() {
  const session = await requireSession();
  return (
    <section aria-labelledby="new-set-title" className="max-w-7xl space-y-6">
      <div className="space-y-1">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link href="/sets" className="text-brand-700 underline underline-offset-2">
            Sets
          </Link>
          <span aria-hidden="true" className="px-1.5 text-slate-400">
            /
          </span>
          <span aria-current="page" className="text-slate-600">
            New set
          </span>
        </nav>
        <h1 id="new-set-title" className="text-2xl font-semibold">
          New set
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          A set follows comparison listings near one of yours. It starts free: building it, reviewing members
          and associating your listings cost nothing; the paid plan adds the analytics.
        </p>
      </div>
      <CreateSetView keyKind={session.keyKind} />
    </section>
  );
}
