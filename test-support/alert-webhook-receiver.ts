/**
 * A real receiver of the alerts' outgoing webhook: a node:http server on a free loopback port
 * that keeps every request it is sent (headers and raw body) and answers each as `answer`
 * says. Imported by test files only.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** `answer(n)`: the status and text of the n-th request (from 1). */
export async function startReceiver(
  answer: (n: number) => { status: number; body?: string } = () => ({ status: 200, body: "ok" }),
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const { status, body = "" } = answer(received.length);
      res.writeHead(status, { "content-type": "text/plain" }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The headers as the standardwebhooks library's `verify` takes them. */
export const webhookHeaders = (h: IncomingHttpHeaders): Record<string, string> => ({
  "webhook-id": String(h["webhook-id"]),
  "webhook-timestamp": String(h["webhook-timestamp"]),
  "webhook-signature": String(h["webhook-signature"]),
});
