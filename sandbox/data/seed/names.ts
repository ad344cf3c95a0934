/** Realistic listing names, nicknames and guest comments. */
import type { Rng } from "../random";
import type { MarketProfile, Neighborhood } from "./markets";

const ADJECTIVES = [
  "Sunny",
  "Bright",
  "Cozy",
  "Modern",
  "Stylish",
  "Charming",
  "Quiet",
  "Airy",
  "Chic",
  "Spacious",
  "Renovated",
  "Light-filled",
  "Classic",
  "Serene",
] as const;

const FEATURES = [
  "Terrace",
  "Garden",
  "Rooftop",
  "Courtyard",
  "Balcony",
  "Corner",
  "Skyline",
  "Hideaway",
] as const;

function sizeLabel(bedrooms: number): string {
  return bedrooms === 0 ? "Studio" : `${bedrooms}BR`;
}

export function listingName(
  rng: Rng,
  profile: MarketProfile,
  nb: Neighborhood,
  bedrooms: number,
  amenities: readonly string[],
): string {
  const adj = rng.pick(ADJECTIVES);
  const type = rng.pick(profile.propertyTypes);
  const size = sizeLabel(bedrooms);
  const sized = bedrooms === 0 ? "Studio" : `${size} ${type}`;
  const highlight = amenities.includes("pool")
    ? "Pool"
    : amenities.includes("hot_tub")
      ? "Hot Tub"
      : amenities.includes("balcony")
        ? "Balcony"
        : amenities.includes("workspace")
          ? "Workspace"
          : "Parking";
  switch (rng.int(0, 5)) {
    case 0:
      return `${adj} ${sized} near ${nb.name}`;
    case 1:
      return `${nb.name} ${rng.pick(FEATURES)} ${bedrooms === 0 ? "Studio" : type}`;
    case 2:
      return `${adj} ${bedrooms === 0 ? "Studio" : type} · ${rng.int(2, 12)} min to ${rng.pick(profile.landmarks)}`;
    case 3:
      return `${sized} with ${highlight} in ${nb.name}`;
    case 4:
      return nb.beach
        ? `${adj} ${sized} steps from the beach`
        : `${adj} ${nb.name} ${bedrooms === 0 ? "Studio" : type} (${size})`;
    default:
      return `${nb.name} ${adj} ${sized}${rng.chance(0.4) ? ` · Sleeps ${Math.max(2, bedrooms * 2 + rng.int(0, 2))}` : ""}`;
  }
}

export function nickname(rng: Rng, nb: Neighborhood, bedrooms: number): string {
  const unit = rng.chance(0.5)
    ? ` #${rng.int(1, 12)}`
    : rng.chance(0.5)
      ? ` ${rng.pick(["A", "B", "Upstairs", "Garden"])}`
      : "";
  return `${nb.short} ${sizeLabel(bedrooms)}${unit}`;
}

export const PROPERTY_OWNER_NAMES = [
  "Daniel Okafor",
  "Priya Raman",
  "Thomas Berger",
  "Ana Costa",
  "James Whitfield",
  "Sofia Marques",
  "Michael Reyes",
  "Hannah Goldberg",
  "Lucas Ferreira",
  "Grace Thompson",
  "Hart Homes LLC",
  "Harbor & Hart Property Co.",
] as const;

export const GUEST_COMMENTS = [
  "Arriving late, around 11pm. Is self check-in OK?",
  "Traveling with a small, well-behaved dog.",
  "Celebrating our anniversary!",
  "We need parking for one car.",
  "Any chance of an early check-in?",
  "Here for a conference, will need good wifi.",
  "Family trip with two kids, could we get a crib?",
  "Flight lands at 6am, can we drop bags early?",
  "Visiting family nearby.",
  "First time in the city, any restaurant tips appreciated.",
  "Could you confirm the cleaning fee?",
  "Will be working remotely during the stay.",
] as const;
