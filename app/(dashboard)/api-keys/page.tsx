import type { Metadata } from "next";
import { ApiKeysView } from "@/components/api-keys/api-keys-view";
import { requireSession } from "@/lib/server/current-session";
import { ACTIVE_KEY_LIMIT } from "@/lib/svc/schemas/api-keys";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const session = await requireSession();
  return (
    <section aria-labelledby="api-keys-title" className="max-w-5xl space-y-6">
      <div>
        <h1 id="api-keys-title" className="text-2xl font-semibold">
          API keys
        </h1>
        <p className="text-sm text-slate-600">
          Keys let your tools and integrations call the pricing service as you. You may hold{" "}
          {ACTIVE_KEY_LIMIT} active keys; the assistant key doesn&apos;t count.
        </p>
      </div>
      <ApiKeysView keyKind={session.keyKind} keyLast4={session.keyLast4} />
    </section>
  );
}
