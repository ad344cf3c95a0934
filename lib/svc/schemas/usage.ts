import { z } from "zod";
import { isoDate, queryInt, timestamp } from "@/lib/svc/schemas/common";
import { openSet, ourRule } from "@/lib/svc/schemas/reading";

/** GET /usage (docs/interface.md §Usage, docs/interface-decisions.md §7). */

export const USAGE_MAX_DAYS = 7;
/** With neither days_back nor start_time/end_time, the window is the last 7 days. */
export const USAGE_DAYS_BACK_DEFAULT = 7;
const MAX_WINDOW_MS = USAGE_MAX_DAYS * 86_400_000;

/**
 * `days_back` (1..7, rolling window ending now) or `start_time` + `end_time` (explicit
 * window), never both. A window longer than 7 days is the service's 400 `window_too_long`;
 * it is also checked here (issue params `{code: "window_too_long"}`) so a form can say so
 * before calling.
 */
export const usageQuery = z
  .object({
    // Past 7 it is a window longer than 7 days: the service's window_too_long, not a generic 400.
    days_back: queryInt(1, Number.MAX_SAFE_INTEGER)
      .refine((days) => days <= USAGE_MAX_DAYS, {
        message: `the window is at most ${USAGE_MAX_DAYS} days`,
        params: { code: "window_too_long" },
      })
      .optional(),
    start_time: timestamp.optional(),
    end_time: timestamp.optional(),
    /** Narrows the report to one API key; unknown: 404. */
    token_id: z.string().min(1).optional(),
  })
  .superRefine((query, ctx) => {
    const explicit = query.start_time !== undefined || query.end_time !== undefined;
    if (query.days_back !== undefined && explicit) {
      ctx.addIssue({
        code: "custom",
        path: ["days_back"],
        message: "use either days_back or start_time and end_time, not both",
      });
      return;
    }
    if (query.start_time === undefined && query.end_time !== undefined) {
      ctx.addIssue({ code: "custom", path: ["start_time"], message: "end_time needs start_time" });
      return;
    }
    if (query.start_time !== undefined && query.end_time === undefined) {
      ctx.addIssue({ code: "custom", path: ["end_time"], message: "start_time needs end_time" });
      return;
    }
    if (query.start_time !== undefined && query.end_time !== undefined) {
      const span = Date.parse(query.end_time) - Date.parse(query.start_time);
      if (span <= 0) {
        ctx.addIssue({ code: "custom", path: ["end_time"], message: "end_time must be after start_time" });
      } else if (span > MAX_WINDOW_MS) {
        ctx.addIssue({
          code: "custom",
          path: ["end_time"],
          message: `the window is at most ${USAGE_MAX_DAYS} days`,
          params: { code: "window_too_long" },
        });
      }
    }
  });
export type UsageQuery = z.infer<typeof usageQuery>;

const counterShape = {
  requests: z.number().int().min(0),
  /** Responses with status >= 400, 429s included. */
  errors: z.number().int().min(0),
  /** errors / requests as a fraction 0..1; 0 when there were no requests. */
  error_rate: z.number().min(0).max(1),
  /** 429 responses. */
  rate_limited: z.number().int().min(0),
  /** null when there were no requests. */
  latency_ms: z.object({
    p50: z.number().min(0).nullable(),
    p95: z.number().min(0).nullable(),
    p99: z.number().min(0).nullable(),
  }),
};

type Counters = { requests: number; errors: number; rate_limited: number };
const checkCounters = ourRule<Counters>((c, ctx) => {
  if (c.errors > c.requests) {
    ctx.addIssue({ code: "custom", path: ["errors"], message: "more errors than requests" });
  }
  if (c.rate_limited > c.errors) {
    ctx.addIssue({
      code: "custom",
      path: ["rate_limited"],
      message: "429s are errors: rate_limited exceeds errors",
    });
  }
});

export const usageCounters = z.object(counterShape).superRefine(checkCounters);
export type UsageCounters = z.infer<typeof usageCounters>;

export const usageDay = z.object({ date: isoDate, ...counterShape }).superRefine(checkCounters);
/** Grouped by the route pattern that served the request, not the exact path. */
export const usageEndpoint = z
  .object({
    method: openSet(["GET", "POST", "PUT", "DELETE"]),
    route: z.string().startsWith("/"),
    ...counterShape,
  })
  .superRefine(checkCounters);
export const usageToken = z
  .object({ token_id: z.string(), name: z.string(), ...counterShape })
  .superRefine(checkCounters);

export const usageReport = z.object({
  /** The window actually measured: when truncated, start moves forward (recent requests kept). */
  window: z.object({ start: timestamp, end: timestamp, truncated: z.boolean() }),
  generated_at: timestamp,
  token_id: z.string().nullable(),
  totals: usageCounters,
  by_day: z.array(usageDay),
  by_endpoint: z.array(usageEndpoint),
  by_token: z.array(usageToken),
});
export type UsageReport = z.infer<typeof usageReport>;
