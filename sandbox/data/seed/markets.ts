/**
 * Market profiles of the seeded world: where each market is, what it costs, how demand moves
 * (demand through the year lives in demand.ts).
 * Exported so that the service's domain code can price against the same curves.
 */
import type { Rng } from "../random";
import type { Point } from "./geo";

export interface MarketEvent {
  name: string;
  /** "MM-DD", inclusive, within one calendar year. */
  start: string;
  end: string;
  multiplier: number;
}

export interface Neighborhood extends Point {
  name: string;
  /** Short form used in nicknames ("SoCo"). */
  short: string;
  central: boolean;
  beach?: boolean;
}

export interface MarketProfile {
  id: string;
  name: string;
  country: string;
  currency: string;
  center: Point;
  bedroomGroups: readonly string[];
  /** Monthly demand and price multipliers, January first. */
  seasonality: readonly number[];
  /** Multiplier on Friday and Saturday nights. */
  weekendUplift: number;
  events: readonly MarketEvent[];
  neighborhoods: readonly Neighborhood[];
  /** Typical nightly price of a studio and the increment per bedroom, in the market currency. */
  studioPrice: number;
  perBedroom: number;
  /** Price scale of fees relative to USD amounts. */
  feeScale: number;
  taxRate: number;
  /** Weights of 0..6 bedrooms. */
  bedroomWeights: readonly number[];
  /** Chance of each amenity beyond the common baseline. */
  amenityBias: Readonly<Record<string, number>>;
  propertyTypes: readonly string[];
  landmarks: readonly string[];
}

const FULL_GROUPS = ["0", "1", "2", "3", "4", "5", "6+"] as const;

export const MARKET_PROFILES: readonly MarketProfile[] = [
  {
    id: "mkt_austin",
    name: "Austin",
    country: "US",
    currency: "USD",
    center: { lat: 30.2672, lng: -97.7431 },
    bedroomGroups: FULL_GROUPS,
    seasonality: [0.85, 0.92, 1.25, 1.05, 1.0, 0.95, 0.85, 0.82, 0.92, 1.2, 1.05, 0.88],
    weekendUplift: 1.28,
    events: [
      { name: "SXSW", start: "03-07", end: "03-16", multiplier: 1.6 },
      { name: "ACL Festival", start: "10-03", end: "10-12", multiplier: 1.4 },
      { name: "US Grand Prix", start: "10-17", end: "10-19", multiplier: 1.7 },
      { name: "New Year's Eve", start: "12-30", end: "12-31", multiplier: 1.3 },
    ],
    neighborhoods: [
      { name: "Downtown", short: "DT", lat: 30.2676, lng: -97.7429, central: true },
      { name: "South Congress", short: "SoCo", lat: 30.2489, lng: -97.7501, central: true },
      { name: "Rainey Street", short: "Rainey", lat: 30.258, lng: -97.739, central: true },
      { name: "East Austin", short: "East", lat: 30.264, lng: -97.72, central: false },
      { name: "Zilker", short: "Zilker", lat: 30.262, lng: -97.77, central: false },
      { name: "Travis Heights", short: "TH", lat: 30.247, lng: -97.743, central: false },
      { name: "Hyde Park", short: "HP", lat: 30.306, lng: -97.73, central: false },
      { name: "Mueller", short: "Mueller", lat: 30.298, lng: -97.705, central: false },
      { name: "Clarksville", short: "Clarks", lat: 30.281, lng: -97.758, central: false },
      { name: "Bouldin Creek", short: "Bouldin", lat: 30.253, lng: -97.758, central: false },
    ],
    studioPrice: 95,
    perBedroom: 55,
    feeScale: 1,
    taxRate: 0.11,
    bedroomWeights: [0.06, 0.22, 0.28, 0.22, 0.13, 0.06, 0.03],
    amenityBias: {
      pool: 0.3,
      hot_tub: 0.22,
      parking: 0.8,
      air_conditioning: 0.97,
      bbq_grill: 0.4,
      ev_charger: 0.12,
    },
    propertyTypes: ["Bungalow", "Cottage", "Condo", "Loft", "Casita", "Craftsman", "Modern Home", "Townhome"],
    landmarks: ["Lady Bird Lake", "Zilker Park", "6th Street", "the Capitol", "Barton Springs"],
  },
  {
    id: "mkt_miami_beach",
    name: "Miami Beach",
    country: "US",
    currency: "USD",
    center: { lat: 25.7907, lng: -80.13 },
    bedroomGroups: FULL_GROUPS,
    seasonality: [1.35, 1.4, 1.38, 1.2, 1.0, 0.88, 0.9, 0.82, 0.75, 0.85, 1.0, 1.25],
    weekendUplift: 1.22,
    events: [
      { name: "Miami Music Week", start: "03-24", end: "03-30", multiplier: 1.6 },
      { name: "Independence Day", start: "07-03", end: "07-05", multiplier: 1.2 },
      { name: "Art Basel", start: "12-04", end: "12-07", multiplier: 1.7 },
      { name: "New Year's Eve", start: "12-29", end: "12-31", multiplier: 1.5 },
    ],
    neighborhoods: [
      { name: "South Beach", short: "SoBe", lat: 25.7826, lng: -80.1341, central: true, beach: true },
      { name: "South of Fifth", short: "SoFi", lat: 25.77, lng: -80.135, central: true, beach: true },
      { name: "Flamingo Park", short: "Flamingo", lat: 25.783, lng: -80.138, central: true },
      { name: "Mid-Beach", short: "Mid", lat: 25.815, lng: -80.123, central: false, beach: true },
      { name: "North Beach", short: "NoBe", lat: 25.856, lng: -80.121, central: false, beach: true },
      { name: "Bayshore", short: "Bayshore", lat: 25.805, lng: -80.132, central: false },
      { name: "Normandy Isles", short: "Normandy", lat: 25.855, lng: -80.137, central: false },
      { name: "Surfside", short: "Surfside", lat: 25.878, lng: -80.125, central: false, beach: true },
    ],
    studioPrice: 125,
    perBedroom: 70,
    feeScale: 1.1,
    taxRate: 0.12,
    bedroomWeights: [0.1, 0.3, 0.28, 0.16, 0.09, 0.05, 0.02],
    amenityBias: {
      pool: 0.55,
      hot_tub: 0.15,
      parking: 0.5,
      air_conditioning: 0.99,
      beach_access: 0.45,
      gym: 0.35,
      elevator: 0.5,
    },
    propertyTypes: ["Condo", "Apartment", "Suite", "Villa", "Penthouse", "Loft"],
    landmarks: ["Lincoln Road", "Ocean Drive", "the beach", "Collins Avenue", "South Pointe Park"],
  },
  {
    id: "mkt_lisbon",
    name: "Lisbon",
    country: "PT",
    currency: "EUR",
    center: { lat: 38.7223, lng: -9.1393 },
    bedroomGroups: ["0", "1", "2+"],
    seasonality: [0.7, 0.72, 0.85, 1.0, 1.1, 1.25, 1.35, 1.4, 1.2, 1.0, 0.8, 0.85],
    weekendUplift: 1.12,
    events: [
      { name: "Santo António", start: "06-12", end: "06-13", multiplier: 1.5 },
      { name: "Web Summit", start: "11-10", end: "11-14", multiplier: 1.6 },
      { name: "New Year's Eve", start: "12-30", end: "12-31", multiplier: 1.4 },
    ],
    neighborhoods: [
      { name: "Baixa", short: "Baixa", lat: 38.711, lng: -9.137, central: true },
      { name: "Alfama", short: "Alfama", lat: 38.7115, lng: -9.13, central: true },
      { name: "Chiado", short: "Chiado", lat: 38.7107, lng: -9.142, central: true },
      { name: "Bairro Alto", short: "BA", lat: 38.713, lng: -9.145, central: true },
      { name: "Príncipe Real", short: "PR", lat: 38.717, lng: -9.149, central: false },
      { name: "Graça", short: "Graça", lat: 38.717, lng: -9.131, central: false },
      { name: "Mouraria", short: "Mouraria", lat: 38.716, lng: -9.135, central: false },
      { name: "Santos", short: "Santos", lat: 38.707, lng: -9.156, central: false },
      { name: "Campo de Ourique", short: "CdO", lat: 38.718, lng: -9.165, central: false },
      { name: "Belém", short: "Belém", lat: 38.697, lng: -9.206, central: false },
      { name: "Avenidas Novas", short: "AvN", lat: 38.739, lng: -9.146, central: false },
    ],
    studioPrice: 68,
    perBedroom: 38,
    feeScale: 0.6,
    taxRate: 0.1,
    bedroomWeights: [0.15, 0.38, 0.3, 0.12, 0.05, 0, 0],
    amenityBias: { pool: 0.03, parking: 0.15, air_conditioning: 0.55, balcony: 0.4, elevator: 0.35 },
    propertyTypes: ["Apartment", "Loft", "Flat", "Duplex", "Penthouse"],
    landmarks: ["Tram 28", "the river", "Praça do Comércio", "the miradouro", "LX Factory"],
  },
  {
    id: "mkt_london",
    name: "London",
    country: "GB",
    currency: "GBP",
    center: { lat: 51.5074, lng: -0.1278 },
    bedroomGroups: FULL_GROUPS,
    seasonality: [0.8, 0.82, 0.9, 1.0, 1.05, 1.15, 1.3, 1.3, 1.1, 1.0, 0.92, 1.1],
    weekendUplift: 1.08,
    events: [
      { name: "Wimbledon", start: "06-29", end: "07-12", multiplier: 1.25 },
      { name: "Notting Hill Carnival", start: "08-23", end: "08-25", multiplier: 1.3 },
      { name: "New Year's Eve", start: "12-30", end: "12-31", multiplier: 1.5 },
    ],
    neighborhoods: [
      { name: "Covent Garden", short: "CG", lat: 51.5117, lng: -0.124, central: true },
      { name: "Marylebone", short: "Marylebone", lat: 51.52, lng: -0.154, central: true },
      { name: "Shoreditch", short: "Shoreditch", lat: 51.526, lng: -0.078, central: false },
      { name: "Notting Hill", short: "NH", lat: 51.509, lng: -0.196, central: false },
      { name: "Camden", short: "Camden", lat: 51.539, lng: -0.143, central: false },
      { name: "Islington", short: "Islington", lat: 51.538, lng: -0.103, central: false },
      { name: "Kensington", short: "Ken", lat: 51.499, lng: -0.193, central: false },
      { name: "Borough", short: "Borough", lat: 51.501, lng: -0.092, central: true },
      { name: "Hackney", short: "Hackney", lat: 51.545, lng: -0.055, central: false },
      { name: "Clapham", short: "Clapham", lat: 51.462, lng: -0.138, central: false },
      { name: "Greenwich", short: "Greenwich", lat: 51.482, lng: -0.008, central: false },
    ],
    studioPrice: 105,
    perBedroom: 62,
    feeScale: 0.8,
    taxRate: 0.1,
    bedroomWeights: [0.14, 0.38, 0.3, 0.12, 0.05, 0.01, 0],
    amenityBias: { pool: 0.02, parking: 0.12, air_conditioning: 0.2, elevator: 0.3, workspace: 0.65 },
    propertyTypes: ["Flat", "Apartment", "Mews House", "Townhouse", "Maisonette"],
    landmarks: ["the Tube", "Hyde Park", "Borough Market", "Regent's Canal", "the Thames"],
  },
];

/** Units of a currency per 1 USD. */
export const FX_RATES: Readonly<Record<string, number>> = { USD: 1, EUR: 0.92, GBP: 0.79 };

export const AMENITIES = [
  "wifi",
  "kitchen",
  "air_conditioning",
  "heating",
  "washer",
  "dryer",
  "parking",
  "pool",
  "hot_tub",
  "workspace",
  "tv",
  "dishwasher",
  "balcony",
  "bbq_grill",
  "gym",
  "elevator",
  "pets_allowed",
  "ev_charger",
  "beach_access",
  "crib",
  "self_check_in",
  "coffee_maker",
] as const;

const BASE_AMENITY_CHANCE: Readonly<Record<string, number>> = {
  wifi: 0.99,
  kitchen: 0.92,
  air_conditioning: 0.6,
  heating: 0.85,
  washer: 0.7,
  dryer: 0.5,
  parking: 0.4,
  pool: 0.1,
  hot_tub: 0.06,
  workspace: 0.5,
  tv: 0.85,
  dishwasher: 0.55,
  balcony: 0.2,
  bbq_grill: 0.1,
  gym: 0.08,
  elevator: 0.15,
  pets_allowed: 0.18,
  ev_charger: 0.04,
  beach_access: 0,
  crib: 0.25,
  self_check_in: 0.65,
  coffee_maker: 0.75,
};

/** Amenity names of one property, in a fixed order; better properties have more. */
export function drawAmenities(rng: Rng, profile: MarketProfile, quality: number): string[] {
  const boost = Math.min(1.6, Math.max(0.7, quality));
  return AMENITIES.filter((name) => {
    const base = profile.amenityBias[name] ?? BASE_AMENITY_CHANCE[name] ?? 0;
    const p = name === "wifi" || name === "kitchen" ? base : Math.min(0.98, base * boost);
    return rng.chance(p);
  });
}

export function drawBedrooms(rng: Rng, profile: MarketProfile): number {
  return rng.weighted(profile.bedroomWeights.map((w, i) => [i, w] as const));
}

/** Typical nightly price of a property of this size before quality, in market currency. */
export function typicalBasePrice(profile: MarketProfile, bedrooms: number): number {
  return profile.studioPrice + profile.perBedroom * bedrooms;
}
