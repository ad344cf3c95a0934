import type { ReactNode } from "react";
import type { ApiKey } from "@/lib/svc/schemas/api-keys";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { KeyDate } from "@/components/api-keys/key-date";
import { KeyKindBadge } from "@/components/api-keys/key-kind-badge";

/**
 * Keys as a table: name, kind, last four, created, last used, then one last column the
 * caller fills (the revoke action for active keys, the revoked date for revoked ones).
 */
export function KeysTable({
  keys,
  caption,
  lastColumn,
  renderLast,
  sessionTokenId,
  muted = false,
}: {
  keys: ApiKey[];
  caption: string;
  lastColumn: { label: string; srOnly?: boolean };
  renderLast: (key: ApiKey) => ReactNode;
  sessionTokenId?: string | null;
  muted?: boolean;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={cn("w-full text-left text-sm", muted && "text-slate-600")}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Kind
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Last four
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Created
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Last used
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              <span className={lastColumn.srOnly ? "sr-only" : undefined}>{lastColumn.label}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.token_id} className="border-b border-slate-100 last:border-0">
              <td className="px-3 py-2.5 align-top">
                <div className="flex flex-wrap items-center gap-2">
                  <span className={cn("font-medium", muted ? "text-slate-600" : "text-slate-900")}>
                    {key.name}
                  </span>
                  {key.token_id === sessionTokenId ? <Badge tone="brand">This session</Badge> : null}
                </div>
              </td>
              <td className="px-3 py-2.5 align-top">
                <KeyKindBadge kind={key.kind} />
              </td>
              <td className="px-3 py-2.5 align-top">
                <span className="font-mono text-slate-700">
                  <span aria-hidden="true">••••</span>
                  <span className="sr-only">ending in </span>
                  {key.last4}
                </span>
              </td>
              <td className="px-3 py-2.5 align-top">
                <KeyDate iso={key.created_at} />
              </td>
              <td className="px-3 py-2.5 align-top">
                <KeyDate iso={key.last_used_at} />
              </td>
              <td className="px-3 py-2.5 text-right align-top">{renderLast(key)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
