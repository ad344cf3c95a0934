import { readErrorBody } from "@/lib/svc/error-body";
import { resetInstant, retryAfterSeconds, skewFromDate } from "@/lib/svc/service-time";

/** What the service said about its rate-limit budget on one response, on the dashboard's clock. */
export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  /**
   * Unix ms, on the dashboard's clock, when the window resets: `X-RateLimit-Reset` in
   * whichever form it came, moved by the skew and at most one window away (service-time.ts).
   */
  resetAt: number | null;
  /** Seconds to wait, on 429 (and on a debounced sync): `Retry-After` as seconds or date. */
  retryAfter: number | null;
  /** Service time − local time in ms, from the answer's `Date` header; null without one. */
  skewMs: number | null;
}

export const NO_RATE_LIMIT: RateLimitInfo = {
  limit: null,
  remaining: null,
  resetAt: null,
  retryAfter: null,
  skewMs: null,
};

export function readRateLimit(headers: Headers, now = Date.now()): RateLimitInfo {
  const num = (name: string) => {
    const raw = headers.get(name);
    if (raw === null || raw.trim() === "") return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  };
  const skewMs = skewFromDate(headers.get("date"), now);
  return {
    limit: num("x-ratelimit-limit"),
    remaining: num("x-ratelimit-remaining"),
    resetAt: resetInstant(num("x-ratelimit-reset"), skewMs, now),
    retryAfter: retryAfterSeconds(headers.get("retry-after"), skewMs, now),
    skewMs,
  };
}

/**
 * The code of an answer whose body names none. Screens that switch on the reference
 * service's codes treat it as "the status alone": see `refusalIs`.
 */
export const statusCode = (status: number) => `http_${status}`;

/**
 * The one error every call to the service throws: an error answer (status + the interface's
 * error body), an unreachable or slow service (status 502/504, code `upstream_*`), or an
 * answer that does not match the contract (code `invalid_response`).
 */
export class SvcError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  readonly rateLimit: RateLimitInfo;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, unknown>;
    rateLimit?: RateLimitInfo;
  }) {
    super(options.message);
    this.name = "SvcError";
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.rateLimit = options.rateLimit ?? NO_RATE_LIMIT;
  }

  /**
   * Builds the error from an error answer's raw body, in whichever common shape the service
   * chose (error-body.ts). Without a code the status stands in (`statusCode`).
   */
  static fromResponse(status: number, text: string, headers: Headers): SvcError {
    const body = readErrorBody(text, headers.get("content-type"));
    return new SvcError({
      status,
      code: body.code ?? statusCode(status),
      message: body.message ?? `The service answered ${status} without an error description.`,
      ...(body.details ? { details: body.details } : {}),
      rateLimit: readRateLimit(headers),
    });
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export function isSvcError(value: unknown): value is SvcError {
  return value instanceof SvcError;
}

/**
 * The refusal is `code` at `status`: the service said so, or said only the status, which the
 * interface gives that meaning on the endpoint asked (a 403 on a write: the key is read-only;
 * a 404 on a set's analytics: a free set). The codes are the reference service's; another
 * service may name none, and its screens must still say what the status means.
 */
export function refusalIs(error: unknown, status: number, code: string): boolean {
  return (
    isSvcError(error) && error.status === status && (error.code === code || error.code === statusCode(status))
  );
}
