import { readDeliverySettings } from "@/lib/alerts/delivery-settings";
import type { DigestRecord, Person } from "@/lib/server/delivery/people-store";

/** The rows of both stores as read back: times as ISO strings, booleans from 0/1 or true/false. */
export interface PersonRow {
  account_id: string;
  person_id: string;
  label: string;
  email: string;
  time_zone: string;
  digest_time: string;
  digest: number | boolean;
  immediate: number | boolean;
  created_at: string | Date;
  updated_at: string | Date;
}

export interface DigestRow {
  account_id: string;
  person_id: string;
  local_date: string;
  claimed_at: string | Date;
  cutoff: string | Date;
  alert_count: number | null;
  sent_at: string | Date | null;
  error: string | null;
  attempts: number;
}

const iso = (v: string | Date) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

export const personOf = (r: PersonRow): Person => ({
  accountId: r.account_id,
  personId: r.person_id,
  label: r.label,
  settings: readDeliverySettings({
    email: r.email,
    timeZone: r.time_zone,
    digestTime: r.digest_time,
    digest: r.digest,
    immediate: r.immediate,
  }),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export const digestOf = (r: DigestRow): DigestRecord => ({
  accountId: r.account_id,
  personId: r.person_id,
  localDate: r.local_date,
  claimedAt: iso(r.claimed_at),
  cutoff: iso(r.cutoff),
  alertCount: r.alert_count,
  sentAt: r.sent_at === null ? null : iso(r.sent_at),
  error: r.error,
  attempts: r.attempts,
});
