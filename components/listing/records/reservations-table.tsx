import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import { EMPTY, formatAmount } from "@/lib/format/numbers";
import { reservationStatusLabels, revenueOf } from "@/lib/listing/records/reservations-filter";
import type { Reservation } from "@/lib/svc/schemas/reservations";
import { formatDayLong } from "@/lib/format/dates";
import { formatUtc } from "@/lib/format/times";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";

const th = "whitespace-nowrap px-3 py-2 font-semibold";
const num = "text-right tabular-nums";

/**
 * One page of reservations in the service's order. A canceled reservation stays in the
 * table, marked, with the time it was canceled (`canceled_at`); its figures are greyed.
 */
export function ReservationsTable({
  reservations,
  caption,
}: {
  reservations: Reservation[];
  caption: string;
}) {
  return (
    // On a phone the table scrolls in its own box: a labelled region that takes focus, so that a
    // keyboard can scroll it too.
    <div
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className={th}>
              Reservation
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Check-in
            </th>
            <th scope="col" className={th}>
              Check-out
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              Nights
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              Guests
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              Revenue
            </th>
            <th scope="col" className={th}>
              Channel
            </th>
            <th scope="col" className={th}>
              Booked
            </th>
          </tr>
        </thead>
        <tbody>
          {reservations.map((r) => {
            const canceled = r.status === "Canceled";
            const revenue = revenueOf(r);
            return (
              <tr
                key={r.reservation_id}
                data-reservation-id={r.reservation_id}
                className={cn(
                  "border-b border-slate-100 last:border-0",
                  canceled ? "bg-slate-50 text-slate-500" : "hover:bg-slate-50",
                )}
              >
                <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-medium text-slate-800">
                  {r.reservation_id}
                </th>
                <td className="px-3 py-2">
                  {canceled ? (
                    <span className="flex flex-col items-start gap-0.5">
                      <Badge tone="red">Canceled</Badge>
                      {r.canceled_at ? (
                        <span className="whitespace-nowrap text-xs text-slate-600">
                          on <time dateTime={r.canceled_at}>{formatUtc(r.canceled_at)}</time>
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    <Badge tone={r.status === "Accepted" ? "green" : "neutral"}>
                      {labelOf(reservationStatusLabels, r.status)}
                    </Badge>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={r.check_in}>{formatDayLong(r.check_in)}</time>
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={r.check_out}>{formatDayLong(r.check_out)}</time>
                </td>
                <td className={cn("px-3 py-2", num)}>{r.nights}</td>
                <td className={cn("px-3 py-2", num)}>{r.guests ?? EMPTY}</td>
                <td className={cn("whitespace-nowrap px-3 py-2", num)}>
                  <span className={canceled ? "line-through decoration-slate-400" : undefined}>
                    {formatAmount(revenue, r.currency)}
                  </span>
                  {canceled ? <span className="sr-only"> (canceled)</span> : null}
                  {r.payout !== null && r.total_price !== null ? (
                    <span className="block text-xs text-slate-500">
                      payout {formatAmount(r.payout, r.currency)}
                    </span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  {labelOf(channelLabels, r.channel)}
                  {r.source_name && r.source_name !== labelOf(channelLabels, r.channel) ? (
                    <span className="block text-xs text-slate-500">via {r.source_name}</span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={r.booked_at}>{formatDayLong(r.booked_at.slice(0, 10))}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
