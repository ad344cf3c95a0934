import { Link } from "@/components/ui/link";

/** Before the mirror can score anything: what is missing, in a sentence, and the way to the Sync page. */
export function TriageNotice({ sentence }: { sentence: string | null | undefined }) {
  return (
    <div
      className="rounded-lg border border-dashed border-slate-300 bg-white p-6"
      data-testid="triage-notice"
    >
      <h2 className="font-semibold">Nothing to score yet</h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        {sentence ?? "The triage queue is scored from the portfolio mirror, which has nothing to score yet."}{" "}
        <Link href="/sync">Open the Portfolio sync page</Link>.
      </p>
    </div>
  );
}
