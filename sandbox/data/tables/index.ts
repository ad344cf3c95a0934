/**
 * Each endpoint group's own tables, appended to the core schema. One file per group keeps
 * the groups' storage apart; the core tables (users, listings, sets, calendar) stay in
 * ../schema.ts because several groups read them.
 */
import { TABLES_SQL as listingCalendars } from "./listing-calendars";
import { TABLES_SQL as listingRecords } from "./listing-records";
import { TABLES_SQL as preferences } from "./preferences";
import { TABLES_SQL as segments } from "./segments";
import { TABLES_SQL as sets } from "./sets";
import { TABLES_SQL as teamNotifications } from "./team-notifications";
import { TABLES_SQL as usage } from "./usage";
import { TABLES_SQL as webhooks } from "./webhooks";

export const GROUP_TABLES_SQL = [
  sets,
  listingRecords,
  listingCalendars,
  preferences,
  segments,
  teamNotifications,
  usage,
  webhooks,
].join("\n");
