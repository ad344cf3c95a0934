import { Link } from "@/components/ui/link";
import { unconvertedOf } from "@/lib/sets/calendar/mine";
import { describeError } from "@/components/ui/error-panel";
import { Button } from "@/components/ui/button";
import type { useMineCalendars } from "@/components/sets/calendar/use-mine-calendars";

/**
 * What the pinned rows of mine need said in words: none associated (and where to do it), a
 * read that failed (with a retry; the comps stay), and a listing priced in another currency.
 */
export function MineNotes({
  setId,
  currency,
  state,
}: {
  setId: string;
  currency: string;
  state: ReturnType<typeof useMineCalendars>;
}) {
  const associatedPlace = (
    <Link href={`/sets/${setId}?tab=associated`} className="font-medium text-slate-900 underline">
      Associated listings tab
    </Link>
  );
  const unconverted = unconvertedOf(state.mine, currency);
  return (
    <div className="space-y-2 text-sm text-slate-700" data-testid="mine-notes">
      {state.associatedError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
          Your associated listings could not be read, so they are not pinned above the comps.{" "}
          {describeError(state.associatedError)}{" "}
          <Button variant="secondary" onClick={state.retryAssociated}>
            Try again
          </Button>
        </p>
      ) : state.settled && state.mine.length === 0 ? (
        <p>
          None of your listings is associated with this set, so none is pinned above the comps. Associate one
          on the {associatedPlace} to compare it here.
        </p>
      ) : null}
      {state.failedCount > 0 ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
          The calendar of{" "}
          {state.failedCount === 1 ? "one of your listings" : `${state.failedCount} of your listings`} could
          not be read; its row stays empty.{" "}
          <Button variant="secondary" onClick={state.retryFailed}>
            Try again
          </Button>
        </p>
      ) : null}
      {unconverted.length > 0 ? (
        <p>
          {unconverted.map((m) => `${m.name} (${m.currency})`).join(", ")}{" "}
          {unconverted.length === 1 ? "is" : "are"} priced in another currency than this set&apos;s {currency}
          . The service gives no exchange rate, so {unconverted.length === 1 ? "its" : "their"} prices are
          shown in {unconverted.length === 1 ? "its" : "their"} own currency, marked with it, and left off the
          colour scale.
        </p>
      ) : null}
    </div>
  );
}
