/** Every group's seed step, in the order they run (after the core world). */
import { seedExtra as listingCalendars } from "./listing-calendars";
import { seedExtra as listingRecords } from "./listing-records";
import { seedExtra as preferences } from "./preferences";
import { seedExtra as segments } from "./segments";
import { seedExtra as sets } from "./sets";
import { seedExtra as teamNotifications } from "./team-notifications";
import { seedExtra as usageHistory } from "./usage-history";
import type { SeedExtra } from "./types";

export const SEED_EXTRAS: ReadonlyArray<readonly [name: string, step: SeedExtra]> = [
  ["sets", sets],
  ["listing-records", listingRecords],
  ["preferences", preferences],
  ["segments", segments],
  ["team-notifications", teamNotifications],
  ["usage-history", usageHistory],
  // Last: its history ends in the calendar and preferences as the other steps leave them.
  ["listing-calendars", listingCalendars],
];
