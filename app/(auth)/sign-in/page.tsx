import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { ServiceNotAnswering } from "@/components/sign-in/service-not-answering";
import { SignInForm } from "@/components/sign-in/sign-in-form";
import { currentSession } from "@/lib/server/current-session";
import { env } from "@/lib/server/env";
import { listPersonas, PERSONA_ROLES, viewOfPersona } from "@/lib/server/personas";
import { safeNext } from "@/lib/security/safe-next";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

/** The origin `next` is resolved against: the one the browser used (the Host is allowlisted). */
async function requestOrigin(): Promise<string> {
  const host = (await headers()).get("host") ?? "localhost";
  return env().dashboardOrigin ?? `http://${host}`;
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ expired?: string; next?: string | string[] }>;
}) {
  const { expired } = await searchParams;
  // Only a path on this origin is followed after sign-in; the Overview is where a day starts.
  const next = safeNext((await searchParams).next, await requestOrigin());
  // After "session ended" the form is shown even if a cookie remains, so nothing bounces.
  if (!expired && (await currentSession())) redirect(next);
  const list = await listPersonas();
  const personas = (list.state === "listed" ? list.personas : []).map((p) => ({
    ...viewOfPersona(p),
    role: PERSONA_ROLES[p.persona] ?? "",
  }));
  const { usingReferenceService } = env();

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-6 py-12">
      <p className="text-lg font-bold text-brand-700">Rate Desk</p>
      <h1 className="mt-2 text-2xl font-semibold">Sign in to your pricing dashboard</h1>
      <p className="mt-2 text-sm text-slate-600">
        Paste an API key of the Listing Pricing Service.
        {usingReferenceService ? " This dashboard runs on the embedded reference service." : null}
      </p>
      {expired ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          Your session ended. Sign in again to continue.
        </p>
      ) : null}
      {list.state === "not_answering" ? <ServiceNotAnswering /> : null}
      <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <SignInForm personas={personas} next={next} />
      </div>
    </main>
  );
}
