import type { Words } from "@/lib/team/levels";
import { statusWords } from "@/lib/team/levels";
import type { TeamStatus } from "@/lib/svc/schemas/team";
import { Badge } from "@/components/ui/badge";

/** A level (or any labelled choice) with what it allows underneath, as a table cell shows it. */
export function WordsCell({ words }: { words: Words }) {
  return (
    <div className="min-w-44 max-w-xs">
      <p className="font-medium text-slate-900">{words.label}</p>
      <p className="text-xs text-slate-600">{words.meaning}</p>
    </div>
  );
}

/** Invited or active, with what that means on hover; the words are in the badge itself. */
export function StatusBadge({ status }: { status: TeamStatus }) {
  const words = statusWords(status);
  return (
    <Badge
      tone={status === "active" ? "green" : status === "invited" ? "amber" : "neutral"}
      title={words.meaning}
    >
      {words.label}
    </Badge>
  );
}

/** A person: their name, and their email beneath when the name is not the email itself. */
export function PersonCell({ name, email }: { name: string; email: string }) {
  return (
    <div className="min-w-44">
      <p className="font-medium text-slate-900">{name}</p>
      {name === email ? null : <p className="text-xs text-slate-600">{email}</p>}
    </div>
  );
}
