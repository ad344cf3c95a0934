import { errorBody } from "./schemas/common";

/** What the service said about its rate-limit budget on one response. */
export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  /** Unix seconds when the window resets. */
  reset: number | null;
  /** Seconds to wait, on 429 (and on a debounced sync). */
  retryAfter: number | null;
}

export function readRateLimit(headers: Headers): RateLimitInfo {
  const num = (name: string) => {
    const raw = headers.get(name);
    if (raw === null || raw.trim() === "") return null;
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  };
  return {
    limit: num("x-ratelimit-limit"),
    remaining: num("x-ratelimit-remaining"),
    reset: num("x-ratelimit-reset"),
    retryAfter: num("retry-after"),
  };
}

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
    this.rateLimit = options.rateLimit ?? { limit: null, remaining: null, reset: null, retryAfter: null };
  }

  /** Builds the error from an error answer, tolerating a body that is not the error shape. */
  static fromResponse(status: number, body: unknown, headers: Headers): SvcError {
    const parsed = errorBody.safeParse(body);
    const rateLimit = readRateLimit(headers);
    if (parsed.success) {
      return new SvcError({ status, ...parsed.data.error, rateLimit });
    }
    return new SvcError({
      status,
      code: `http_${status}`,
      message: `The service answered ${status} without an error description.`,
      rateLimit,
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
