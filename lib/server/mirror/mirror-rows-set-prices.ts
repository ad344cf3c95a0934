import type { MirroredSetPrices } from "@/lib/server/mirror/mirror-store";

/** A row of `mirror_set_prices` as either store returns it. */
export type SetPricesRow = {
  set_id: string;
  day: string;
  currency: string | null;
  median: number | string | null;
  comps: number | string;
  nights: number | string;
  read_at: string | Date;
};

export const setPricesOf = (r: SetPricesRow): MirroredSetPrices => ({
  setId: r.set_id,
  day: r.day,
  currency: r.currency,
  median: r.median === null ? null : Number(r.median),
  comps: Number(r.comps),
  nights: Number(r.nights),
  readAt: r.read_at instanceof Date ? r.read_at.toISOString() : new Date(r.read_at).toISOString(),
});
