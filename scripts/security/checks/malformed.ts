import { send, sendRaw, signIn } from "../client";
import { tally, type Check } from "../types";

/**
 * Malformed percent-encodings on every route family, and methods the dashboard does not
 * serve: each answered 400 or 405 with the interface's error body and one log line, never a
 * 500 nor a stack trace in the log.
 */
const FAMILIES = [
  "/api/svc/listings/",
  "/api/svc/sets/",
  "/api/webhooks/",
  "/api/events/",
  "/api/session/",
  "/api/dashboard-webhook/",
  "/listings/",
  "/sets/",
  "/",
];
const MALFORMED = [
  "%zz",
  "%",
  "%4",
  "%C0%AE",
  "%C0%AF",
  "%E0%80%AE",
  "%F0%80%80%AE",
  "%u002e",
  "%ED%A0%80",
  "%FF%FE",
  "x%2",
];
const PATHS = [
  "/api/svc/listings",
  "/api/webhooks/snk_0000000000000000000000",
  "/api/events",
  "/api/session",
  "/listings",
  "/sign-in",
  "/",
];
const METHODS = ["TRACE", "PROPFIND", "MKCOL", "LOCK", "PATCH", "OPTIONS"];

const hasErrorBody = (body: string) => {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === "string" && typeof parsed.error?.message === "string";
  } catch {
    return false;
  }
};

export const malformedRequests: Check = async (servers) => {
  const { result, probe } = tally("Malformed encodings and methods");
  const cookie = await signIn(servers, { persona: "owner" });
  const logBefore = servers.log().length;
  let refusals = 0;

  for (const family of FAMILIES) {
    for (const bad of MALFORMED) {
      const path = `${family}${bad}`;
      const answer = await send(servers, { path, headers: { cookie } });
      refusals += 1;
      probe(
        answer.status === 400 && hasErrorBody(answer.body),
        () => `GET ${path}: ${answer.status} ${answer.body.slice(0, 80)}`,
      );
    }
  }
  for (const path of PATHS) {
    for (const method of METHODS) {
      // Served methods of a family (PATCH is none's; OPTIONS none's) are not in METHODS.
      const answer = await send(servers, { method, path, headers: { cookie } });
      refusals += 1;
      probe(
        answer.status === 405 && hasErrorBody(answer.body) && Boolean(answer.headers.allow),
        () => `${method} ${path}: ${answer.status} ${answer.body.slice(0, 80)}`,
      );
    }
    // Methods Node itself cannot take as a request: an unknown token and CONNECT.
    const track = await sendRaw(
      servers,
      `TRACK ${path} HTTP/1.1\r\nHost: 127.0.0.1:${servers.dashboardPort}\r\n\r\n`,
    );
    refusals += 1;
    probe(track.status === 400 && hasErrorBody(track.body), () => `TRACK ${path}: ${track.status}`);
    const connect = await sendRaw(
      servers,
      `CONNECT 127.0.0.1:${servers.dashboardPort} HTTP/1.1\r\nHost: 127.0.0.1:${servers.dashboardPort}\r\n\r\n`,
    );
    refusals += 1;
    probe(connect.status === 405 && hasErrorBody(connect.body), () => `CONNECT: ${connect.status}`);
  }

  // The log: one line per refusal, and not one stack trace.
  await new Promise((r) => setTimeout(r, 200));
  const log = servers.log().slice(logBefore);
  const lines = log.split("\n").filter((l) => l.startsWith("[refused] "));
  probe(lines.length === refusals, () => `${lines.length} refusal lines logged for ${refusals} refusals`);
  probe(
    !/^\s+at .+\(.+:\d+:\d+\)$/m.test(log) && !/Internal Server Error|Failed to handle request/.test(log),
    () => `a stack trace or a 500 in the log:\n${log.slice(0, 600)}`,
  );
  return result;
};
