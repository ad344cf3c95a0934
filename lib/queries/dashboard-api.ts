import { z } from "zod";
import { SvcError } from "@/lib/svc/errors";

/**
 * The browser's one caller for the dashboard's own routes (sign-in and sign-out, the
 * dashboard's webhook connection and Inbox, the service's status): the service's endpoints go
 * through the typed client (lib/svc/client.ts) instead. Answers are checked like the
 * service's, and every failure is a SvcError with a sentence: unreachable, refused (the
 * route's own sentence), or not understood.
 */
export async function callDashboard<T>(
  path: `/api/${string}`,
  schema: z.ZodType<T>,
  { method = "GET", body, signal }: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      cache: "no-store",
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SvcError({ status: 502, code: "unreachable", message: "The dashboard could not be reached." });
  }
  const text = await response.text().catch(() => "");
  if (!response.ok) throw SvcError.fromResponse(response.status, text, response.headers);
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new SvcError({
      status: 502,
      code: "invalid_response",
      message: "The dashboard's answer was not understood.",
    });
  }
  return parsed.data;
}

/** For routes whose answer says nothing beyond its status. */
export const anyAnswer = z.unknown();
