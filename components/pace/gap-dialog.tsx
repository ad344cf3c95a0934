"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Change } from "@/components/ui/change";
import { Dialog } from "@/components/ui/dialog";
import { Link } from "@/components/ui/link";
import { DialogRead } from "@/components/pace/dialog-read";
import { signed } from "@/components/pace/pace-table";
import { formatAmount, formatCount, formatCounted } from "@/lib/format/numbers";
import { paceGapQuery, type PaceGapView } from "@/lib/pace/drill-queries";
import type { PaceParams } from "@/lib/pace/queries";

/**
 * The listings behind one stay period's gap against the same time last year, in one currency:
 * those that explain it first, each with its share of the revenue change, linked to its
 * workspace. Read from the mirror when the dialog opens.
 */
export function GapDialog({
  params,
  period,
  label,
  currency,
  open,
  onOpenChange,
  trigger,
}: {
  params: PaceParams;
  period: string;
  label: string;
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Listings behind ${label}`}
      description={`On the books now against the same time last year, in ${currency}: the listings that explain the change come first.`}
      trigger={trigger}
      size="xl"
      closeButton
    >
      {open ? <GapBody params={params} period={period} currency={currency} label={label} /> : null}
    </Dialog>
  );
}

function GapBody({
  params,
  period,
  currency,
  label,
}: {
  params: PaceParams;
  period: string;
  currency: string;
  label: string;
}) {
  const gap = useQuery(paceGapQuery({ ...params, period, currency }));
  return (
    <DialogRead read={gap} what="the listings behind the gap">
      {(data) => <GapTable data={data} currency={currency} label={label} />}
    </DialogRead>
  );
}

function GapTable({ data, currency, label }: { data: PaceGapView; currency: string; label: string }) {
  const { listings, gap: total } = data;
  if (listings.length === 0)
    return (
      <p className="mt-4 text-sm text-slate-600">
        No listing in this view has nights in {label}, this year or last.
      </p>
    );
  const money = (value: number) => formatAmount(value, currency);
  const th = "px-2 py-1 text-right font-medium";
  return (
    <div className="mt-4 space-y-2">
      <p className="text-sm text-slate-700" data-testid="gap-total">
        {`${total.revenue < 0 ? "Behind" : total.revenue > 0 ? "Ahead of" : "Level with"} last year by ${money(Math.abs(total.revenue))} and ${formatCounted(Math.abs(total.nights), "night")}, across ${formatCounted(listings.length, "listing")}.`}
      </p>
      <div className="overflow-auto" tabIndex={0} role="group" aria-label={`Listings behind ${label}`}>
        <table className="w-full min-w-[48rem] text-sm">
          <caption className="sr-only">{`Listings behind ${label}, ranked by their share of the change`}</caption>
          <thead className="text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-medium">
                Listing
              </th>
              <th scope="col" className={th}>
                Nights now
              </th>
              <th scope="col" className={th}>
                Last year
              </th>
              <th scope="col" className={th}>
                Revenue now
              </th>
              <th scope="col" className={th}>
                Last year
              </th>
              <th scope="col" className={th}>
                Change
              </th>
              <th scope="col" className={th}>
                Share of the change
              </th>
            </tr>
          </thead>
          <tbody>
            {listings.map((l) => (
              <tr
                key={l.listing_id}
                className="border-t border-slate-100 tabular-nums"
                data-listing={l.listing_id}
              >
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  <Link href={`/listings/${encodeURIComponent(l.listing_id)}?tab=pace`}>
                    {l.name ?? l.listing_id}
                  </Link>
                </th>
                <td className="px-2 py-1.5 text-right">
                  {formatCount(l.otb_nights)}
                  <span className="block text-xs text-slate-600">{signed(l.delta_nights)}</span>
                </td>
                <td className="px-2 py-1.5 text-right text-slate-700">{formatCount(l.stly_nights)}</td>
                <td className="px-2 py-1.5 text-right">{money(l.otb_revenue)}</td>
                <td className="px-2 py-1.5 text-right text-slate-700">{money(l.stly_revenue)}</td>
                <td className="px-2 py-1.5 text-right">
                  <Change value={l.delta_revenue_pct} unit="%" />
                </td>
                <td className="px-2 py-1.5 text-right">
                  {l.share_of_gap === null ? "—" : `${l.share_of_gap.toFixed(1)} %`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
