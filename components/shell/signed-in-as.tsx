import type { SessionView } from "@/lib/server/session";
import { personaLabel } from "@/lib/display/personas";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";

/** Who is signed in, with which kind of key, against which service. */
export function SignedInAs({
  session,
  usingReferenceService,
  className,
}: {
  session: SessionView;
  usingReferenceService: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex items-center gap-2 text-sm", className)}>
      <span className="text-slate-500">Signed in as</span>
      <strong data-testid="signed-in-as">{session.label}</strong>
      {session.persona ? <Badge tone="brand">{personaLabel(session.persona)}</Badge> : null}
      {session.keyKind === "read_only" ? (
        <Badge tone="amber" title="This key cannot change data">
          Read-only key
        </Badge>
      ) : null}
      {usingReferenceService ? <Badge>Reference service</Badge> : null}
    </div>
  );
}
