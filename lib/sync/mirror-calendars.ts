import { z } from "zod";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { readAnswer } from "@/lib/svc/read-answer";
import { priceCalendar, type PriceCalendar } from "@/lib/svc/schemas/calendar";

/**
 * The portfolio calendar's rows from the account's mirror (GET /api/mirror/nights): the rows
 * asked for in one moment go in one request to the dashboard, which costs no service request.
 * Each answer is read as the service's own price calendar is, tolerantly; a listing the
 * mirror does not hold whole over the range answers null, and its row is read live.
 */
const answer = z.object({
  calendars: z.array(z.object({ listing_id: z.string(), read_at: z.string(), calendar: z.unknown() })),
});

export interface MirroredRow {
  calendar: PriceCalendar;
  /** When the mirror read the row's nights from the service. */
  readAt: string;
}

const MAX_PER_REQUEST = 100;

export function createMirrorCalendars(range: { start_date: string; end_date: string }) {
  let pending = new Map<string, Array<(row: MirroredRow | null) => void>>();
  let scheduled = false;

  async function ask(ids: string[]): Promise<Map<string, MirroredRow>> {
    const search = new URLSearchParams({ listing_ids: ids.join(","), ...range });
    const rows = new Map<string, MirroredRow>();
    try {
      const { calendars } = await callDashboard(`/api/mirror/nights?${search}`, answer);
      for (const c of calendars) {
        const read = readAnswer(priceCalendar, c.calendar);
        if (read.ok) rows.set(c.listing_id, { calendar: read.data, readAt: c.read_at });
      }
    } catch {
      // The mirror could not answer: every row of the batch is read live.
    }
    return rows;
  }

  async function flush() {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += MAX_PER_REQUEST) {
      const chunk = ids.slice(i, i + MAX_PER_REQUEST);
      const rows = await ask(chunk);
      for (const id of chunk) for (const resolve of batch.get(id) ?? []) resolve(rows.get(id) ?? null);
    }
  }

  return {
    get(svcId: string): Promise<MirroredRow | null> {
      return new Promise((resolve) => {
        pending.set(svcId, [...(pending.get(svcId) ?? []), resolve]);
        if (!scheduled) {
          scheduled = true;
          setTimeout(() => void flush(), 0);
        }
      });
    },
  };
}
