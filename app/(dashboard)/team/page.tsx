import type { Metadata } from "next";
import { TeamView } from "@/components/team/team-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const session = await requireSession();
  return (
    <section aria-labelledby="team-title" className="max-w-6xl space-y-6">
      <div>
        <h1 id="team-title" className="text-2xl font-semibold">
          Team
        </h1>
        <p className="text-sm text-slate-600">
          The people who work on your listings and what each may do, and the teams you belong to.
        </p>
      </div>
      <TeamView keyKind={session.keyKind} />
    </section>
  );
}
