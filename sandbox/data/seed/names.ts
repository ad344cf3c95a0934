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

const LANDLORD_FIRST_NAMES = [
  "Aisha",
  "Ben",
  "Carmen",
  "David",
  "Eilidh",
  "Felipe",
  "Georgia",
  "Henrik",
  "Imani",
  "João",
  "Keiko",
  "Liam",
  "Mariana",
  "Nikhil",
  "Olga",
  "Pedro",
  "Rosa",
  "Stefan",
  "Tanya",
  "Wei",
] as const;

const LANDLORD_LAST_NAMES = [
  "Almeida",
  "Brennan",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fontaine",
  "Gallagher",
  "Haddad",
  "Iyer",
  "Jensen",
  "Kowalski",
  "Lindgren",
  "Moreau",
  "Novak",
  "Okafor",
  "Pereira",
  "Quinn",
  "Rossi",
  "Santos",
  "Tanaka",
  "Varga",
  "Walsh",
] as const;

/** The owner of a property a manager runs: a person, a family trust or a small company. */
export function landlordName(rng: Rng): string {
  const last = rng.pick(LANDLORD_LAST_NAMES);
  const kind = rng.next();
  if (kind < 0.72) return `${rng.pick(LANDLORD_FIRST_NAMES)} ${last}`;
  if (kind < 0.86) return `${last} Family Trust`;
  return `${last} ${rng.pick(["Properties LLC", "Holdings Ltd", "Estates", "Homes LLC"])}`;
}

/**
 * A name no listing of the portfolio has yet: the drawn name itself, else with a unit number,
 * as a manager tells apart units of one building. Records the answer in `taken`.
 */
export function distinctName(rng: Rng, name: string, taken: Set<string>): string {
  let candidate = name;
  while (taken.has(candidate)) candidate = `${name} · Unit ${rng.int(1, 48)}${rng.pick(["", "", "A", "B"])}`;
  taken.add(candidate);
  return candidate;
}
