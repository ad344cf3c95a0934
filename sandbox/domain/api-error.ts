/** An answer with the interface's error body. Thrown anywhere in a handler. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    // Field messages are sentences, and templates such as `Invalid ${field}: ${message}.` add
    // their own stop: one full stop, never two.
    super(message.replace(/\.\.$/, "."));
    this.name = "ApiError";
  }

  body() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export const notImplemented = (what: string) =>
  new ApiError(501, "not_implemented", `${what} is not implemented by the reference service yet.`);
