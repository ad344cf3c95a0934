import { Link } from "@/components/ui/link";
import { blockedExplanation, type CalendarGate } from "@/lib/sets/calendar/gate";
import type { SetRecord } from "@/lib/svc/schemas/sets";

/** The 25-membership limit explained, instead of a calendar the service would refuse. */
export function CalendarBlocked({
  set,
  gate,
}: {
  set: Pick<SetRecord, "id" | "access">;
  gate: Extract<CalendarGate, { kind: "blocked" }>;
}) {
  const { title, sentences } = blockedExplanation(gate, set.access);
  return (
    <div
      role="note"
      aria-labelledby="set-calendar-blocked-title"
      data-testid="calendar-blocked"
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p id="set-calendar-blocked-title" className="font-semibold">
        {title}
      </p>
      {sentences.map((sentence) => (
        <p key={sentence} className="mt-1">
          {sentence}
        </p>
      ))}
      <Link
        href={`/sets/${encodeURIComponent(set.id)}?tab=members`}
        className="mt-3 inline-block font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        Go to the members
      </Link>
    </div>
  );
}
