import { z } from "zod";

/**
 * The triage queue as GET /api/triage answers it: every listing of the portfolio (not
 * hidden) scored from the mirror, as of the oldest read it used. Read by the page tolerantly:
 * a factor key this version does not know is kept as sent.
 */
export const triageFactor = z.object({
  key: z.string(),
  label: z.string(),
  weight: z.number(),
  share: z.number().optional(),
  value: z.string(),
  sub_score: z.number().nullable(),
  measured: z.boolean(),
});
export type TriageFactor = z.infer<typeof triageFactor>;

export const triageListing = z.object({
  listing_id: z.string(),
  name: z.string(),
  score: z.number().nullable(),
  band: z.string(),
  band_label: z.string().optional(),
  measured: z.number().optional(),
  why: z.string(),
  factors: z.array(triageFactor),
});
export type TriageListing = z.infer<typeof triageListing>;

export const triageAnswer = z.object({
  enabled: z.boolean(),
  /** The service's time the queue is scored at. */
  now: z.string().nullable(),
  as_of: z.string().nullable(),
  /** A sentence when the mirror cannot score yet (no sync, the list not read). */
  notice: z.string().nullable().optional(),
  listings: z.array(z.unknown()),
});
export type TriageAnswer = Omit<z.infer<typeof triageAnswer>, "listings"> & { listings: TriageListing[] };
