import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";

/**
 * A made-up set price calendar for the benchmark page: shaped like the service's answer
 * (prices per comp with weekend and seasonal swings, about a third of nights unavailable with
 * a 10–90 % booking probability), deterministic per seed. No real listing is in it.
 */
export function syntheticCalendar(
  members: number,
  nights: number,
  seed = 1,
  start = "2027-01-01",
): SetPriceCalendar {
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: fast and reproducible; quality is beside the point here.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const startMs = Date.parse(`${start}T00:00:00Z`);
  const day = (i: number) => new Date(startMs + i * 86_400_000).toISOString().slice(0, 10);
  const listings = Array.from({ length: members }, (_, m) => {
    const base = 80 + Math.round(random() * 420);
    const nightsOf = Array.from({ length: nights }, (_, n) => {
      const weekday = new Date(startMs + n * 86_400_000).getUTCDay();
      const season = 1 + 0.25 * Math.sin((2 * Math.PI * n) / 365);
      const weekend = weekday === 5 || weekday === 6 ? 1.18 : 1;
      const available = random() > 0.35;
      return {
        date: day(n),
        price: Math.round(base * season * weekend * (0.95 + random() * 0.1)),
        available,
        booking_probability_percent: available ? 0 : 10 + Math.floor(random() * 81),
        min_stay: 1 + Math.floor(random() * 3),
      };
    });
    return { listing_id: `bench_${m + 1}`, name: `Synthetic comp ${m + 1}`, nights: nightsOf };
  });
  return { currency: "EUR", start_date: day(0), end_date: day(nights - 1), listings };
}
