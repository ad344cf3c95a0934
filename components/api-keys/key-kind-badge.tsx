import { kindLabels } from "@/lib/api-keys/display";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { Badge } from "@/components/ui/badge";

const tones = {
  standard: "brand",
  read_only: "amber",
  channel_integration: "green",
  assistant: "neutral",
} as const;

/** A key's kind in words; the assistant's says it is not counted toward the limit. */
export function KeyKindBadge({ kind }: { kind: ApiKeyKind }) {
  const { label, meaning } = kindLabels[kind];
  return (
    <div className="flex flex-col items-start gap-0.5">
      <Badge tone={tones[kind]} title={meaning}>
        {label}
      </Badge>
      {kind === "assistant" ? (
        <span className="text-xs text-slate-600">Not counted toward the limit</span>
      ) : null}
    </div>
  );
}
