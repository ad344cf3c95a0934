import { NIGHT_BLOCKED, NIGHT_BOOKED, NIGHT_OPEN, type RowNights } from "@/lib/calendar/rows";
import type { Listing } from "@/lib/svc/schemas/listings";

/**
 * A made-up portfolio for the benchmark page: listings with base prices and a year of nights
 * each (weekend and seasonal swings, about 40 % booked, a few blocked, the odd custom rate),
 * made straight into the grid's compact rows. Deterministic per seed; nobody's data.
 */
export function syntheticPortfolio(listings: number, nights: number, seed = 1) {
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: fast and reproducible; quality is beside the point here.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const rows: { listing: Listing; nights: RowNights }[] = [];
  for (let l = 0; l < listings; l++) {
    const base = 80 + Math.round(random() * 420);
    const svcId = String(9_000_000 + l);
    const listing = {
      svc_id: svcId,
      id: svcId,
      name: `Synthetic listing ${l + 1}`,
      access_level: "owner",
      currency: "USD",
      listing_preferences: { base_price: base },
    } as unknown as Listing;
    const state8 = new Uint8Array(nights);
    const price = new Float64Array(nights);
    const recommended = new Float64Array(nights);
    const minStay = new Uint16Array(nights);
    const demand = new Uint8Array(nights);
    const customRates = new Map<number, { price_type: "fixed" | "percent"; price_value: number }>();
    for (let n = 0; n < nights; n++) {
      const season = 1 + 0.25 * Math.sin((2 * Math.PI * n) / 365);
      const weekend = n % 7 === 5 || n % 7 === 6 ? 1.18 : 1;
      const r = random();
      state8[n] = r < 0.4 ? NIGHT_BOOKED : r < 0.43 ? NIGHT_BLOCKED : NIGHT_OPEN;
      recommended[n] = Math.round(base * season * weekend);
      price[n] = Math.round(recommended[n]! * (0.95 + random() * 0.1));
      minStay[n] = 1 + Math.floor(random() * 3);
      demand[n] = Math.floor(random() * 4);
      if (random() < 0.02) customRates.set(n, { price_type: "percent", price_value: 10 });
    }
    rows.push({
      listing,
      nights: {
        listingId: svcId,
        currency: "USD",
        basePrice: base,
        state: state8,
        price,
        recommended,
        minStay,
        demand,
        customRates,
      },
    });
  }
  return rows;
}
