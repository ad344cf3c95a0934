/**
 * For tests of dashboard routes that call the service: the in-process reference service served
 * on a loopback port (the routes reach it over HTTP, as in production), and a real sealed
 * session cookie. Imported by test files only.
 */
import { serve, type ServerType } from "@hono/node-server";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { Sandbox } from "../sandbox/app";
import type { Session } from "../lib/server/session";

export interface LoopbackService {
  url: string;
  close(): Promise<void>;
}

export async function serveOnLoopback(sandbox: Sandbox): Promise<LoopbackService> {
  let server!: ServerType;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(info.port),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      (server as Server).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `rmd_session=…` for a session on this key. Call after the environment is set (env() reads it once). */
export async function sessionCookieFor(apiKey: string, session: Partial<Session> = {}): Promise<string> {
  const { sealSession } = await import("../lib/server/session");
  const sealed = await sealSession({
    sessionId: `test_${randomBytes(12).toString("hex")}`,
    keyId: null,
    apiKey,
    label: "Test",
    persona: null,
    keyKind: null,
    signedInAt: Date.now(),
    ...session,
  });
  return `rmd_session=${encodeURIComponent(sealed)}`;
}
