"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import { DialogRead } from "@/components/pace/dialog-read";
import { Link } from "@/components/ui/link";
import { formatDay } from "@/lib/format/dates";
import { formatAmount, formatCount, formatCounted } from "@/lib/format/numbers";
import { formatUtc } from "@/lib/format/times";
import {
  pickupReservationsQuery,
  type PickupReservationView,
  type PickupReservationsView,
} from "@/lib/pace/drill-queries";
import type { PaceParams } from "@/lib/pace/queries";

const what = (r: PickupReservationView) =>
  r.booked && r.canceled ? "Booked and cancelled" : r.canceled ? "Cancelled" : "Booked";

/**
 * The reservations behind a pickup cell: booked or cancelled in the window, with their nights
 * and revenue inside the stay period. `year: "last"` is the same days a year earlier, against
 * the period 364 days back. Read from the mirror when the dialog opens.
 */
export function PickupDialog({
  params,
  period,
  label,
  currency,
  year,
  open,
  onOpenChange,
  trigger,
}: {
  params: PaceParams;
  period: string;
  label: string;
  /** The table's row is one currency's: the reservations in it. */
  currency: string;
  year: "this" | "last";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
}) {
  const days = params.pickup === 1 ? "day" : `${params.pickup} days`;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={year === "this" ? `Picked up for ${label}, last ${days}` : `Picked up a year ago for ${label}`}
      description={
        year === "this"
          ? `Reservations in ${currency} booked or cancelled in the last ${days}, with their nights in ${label}.`
          : `The same ${days} a year earlier, against the stay period 364 days back.`
      }
      trigger={trigger}
      size="xl"
      closeButton
    >
      {open ? <PickupBody params={params} period={period} year={year} currency={currency} /> : null}
    </Dialog>
  );
}

function PickupBody({
  params,
  period,
  year,
  currency,
}: {
  params: PaceParams;
  period: string;
  year: "this" | "last";
  currency: string;
}) {
  const found = useQuery(pickupReservationsQuery({ ...params, period, year }));
  return (
    <DialogRead read={found} what="the reservations picked up">
      {(data) => <PickupTable data={data} currency={currency} />}
    </DialogRead>
  );
}

function PickupTable({ data, currency }: { data: PickupReservationsView; currency: string }) {
  const { window } = data;
  const reservations = data.reservations.filter((r) => r.currency === currency);
  if (reservations.length === 0)
    return (
      <p className="mt-4 text-sm text-slate-600">No reservation was booked or cancelled in that window.</p>
    );
  const booked = reservations.filter((r) => r.booked).reduce((sum, r) => sum + r.nights, 0);
  const canceled = reservations.filter((r) => r.canceled).reduce((sum, r) => sum + r.nights, 0);
  const th = "px-2 py-1 text-left font-medium";
  return (
    <div className="mt-4 space-y-2">
      <p className="text-sm text-slate-700" data-testid="pickup-total">
        {`${formatCounted(reservations.length, "reservation")}: ${formatCounted(booked, "night")} booked, ${formatCount(canceled)} cancelled`}
        {window
          ? `, from ${formatUtc(window.from, { seconds: false })} to ${formatUtc(window.to, { seconds: false })}.`
          : "."}
      </p>
      <div className="overflow-auto" tabIndex={0} role="group" aria-label="Reservations picked up">
        <table className="w-full min-w-[52rem] text-sm">
          <caption className="sr-only">Reservations booked or cancelled in the window</caption>
          <thead className="text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className={th}>
                Listing
              </th>
              <th scope="col" className={th}>
                What
              </th>
              <th scope="col" className={th}>
                Stay
              </th>
              <th scope="col" className={th}>
                Booked
              </th>
              <th scope="col" className={th}>
                Cancelled
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Nights in the period
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Their revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {reservations.map((r) => (
              <tr
                key={`${r.listing_id}/${r.reservation_id}`}
                className="border-t border-slate-100 tabular-nums"
                data-reservation={r.reservation_id}
              >
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  <Link href={`/listings/${encodeURIComponent(r.listing_id)}?tab=reservations`}>
                    {r.name ?? r.listing_id}
                  </Link>
                  <span className="block text-xs text-slate-600">{r.reservation_id}</span>
                </th>
                <td className="px-2 py-1.5">{what(r)}</td>
                <td className="px-2 py-1.5">{`${formatDay(r.check_in)} – ${formatDay(r.check_out)}`}</td>
                <td className="px-2 py-1.5">
                  {r.booked_at ? formatUtc(r.booked_at, { seconds: false }) : "—"}
                </td>
                <td className="px-2 py-1.5">
                  {r.canceled_at ? formatUtc(r.canceled_at, { seconds: false }) : "—"}
                </td>
                <td className="px-2 py-1.5 text-right">{formatCount(r.nights)}</td>
                <td className="px-2 py-1.5 text-right">
                  {r.revenue === null || r.currency === null
                    ? "not known"
                    : formatAmount(r.revenue, r.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
