import { knownOr } from "@/lib/display/open-values";
import { accessWords } from "@/lib/access/listing-access";
import type { ListingAccessLevel } from "@/lib/svc/schemas/listings";
import { Badge } from "@/components/ui/badge";

const tones = {
  owner: "brand",
  manager: "green",
  editor: "green",
  restricted_editor: "amber",
  viewer: "neutral",
} as const;

export function AccessBadge({ level }: { level: ListingAccessLevel }) {
  const { label, meaning } = accessWords(level);
  return (
    <Badge tone={knownOr(tones, level, () => "neutral")} title={meaning}>
      {label}
      {level === "viewer" ? <span className="ml-1">· read only</span> : null}
    </Badge>
  );
}
