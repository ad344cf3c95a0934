/**
 * A loopback forwarder between the dashboard and the reference service that counts the
 * requests it passes on: the dashboard is started with SANDBOX_PORT pointing here, so every
 * upstream request, from a route handler or a server component alike, is counted once.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface UpstreamCounter {
  port: number;
  /** Requests forwarded so far, the bench's own `/_sandbox` controls left out. */
  count(): number;
  /** Method and path of each counted request since `mark`, for the bench's detail lines. */
  since(mark: number): string[];
  /** Most requests in flight at once since the last `resetPeak`. */
  peak(): number;
  resetPeak(): void;
  close(): Promise<void>;
}

/** `port`: where the counter listens; 0 (the default) lets the OS choose. */
export function startUpstreamCounter(targetPort: number, port = 0): Promise<UpstreamCounter> {
  const seen: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (!path.startsWith("/_sandbox")) {
      seen.push(`${req.method} ${path.split("?")[0]}`);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      res.once("close", () => (inFlight -= 1));
    }
    const upstream = http.request(
      // A new connection each time: a kept-alive socket the service has just closed would
      // answer the page a 502 that the product never gives.
      { host: "127.0.0.1", port: targetPort, path, method: req.method, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        count: () => seen.length,
        since: (mark) => seen.slice(mark),
        peak: () => peak,
        resetPeak: () => (peak = inFlight),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
