import type { ApiKey } from "@/lib/svc/schemas/api-keys";
import { KeyDate } from "@/components/api-keys/key-date";
import { KeysTable } from "@/components/api-keys/keys-table";

/** Revoked keys stay on record, greyed and folded away, each with the day it was revoked. */
export function RevokedKeys({ keys }: { keys: ApiKey[] }) {
  if (keys.length === 0) return null;
  return (
    <details className="group rounded-lg border border-slate-200 bg-slate-50/60">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        Revoked keys ({keys.length})
        <span className="font-normal text-slate-600">· they no longer work and are kept for the record</span>
      </summary>
      <div className="px-4 pb-4">
        <KeysTable
          keys={keys}
          caption="Revoked keys"
          muted
          lastColumn={{ label: "Revoked" }}
          renderLast={(key) => <KeyDate iso={key.revoked_at} fallback="—" />}
        />
      </div>
    </details>
  );
}
