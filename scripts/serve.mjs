#!/usr/bin/env node
// The dashboard's production HTTP server: `next start`, with the guards Next cannot give itself.
// Next builds a WHATWG Request for every request, and the Request constructor throws on
// TRACE (and TRACK, CONNECT), so such a request answered 500 with a stack trace in the log
// before any of our code (proxy.ts included) could run. Here it gets a 405 with the
// interface's error body and one log line; a request Node cannot even parse gets a 400 the
// same way, and so does a request with two Host headers (Node would silently keep the first).
// Everything else is Next's, unchanged.
//
//   node scripts/serve.mjs [-p PORT] [-H HOST]
import { createServer } from "node:http";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p", default: process.env.PORT || "3000" },
    hostname: { type: "string", short: "H", default: process.env.HOST || "127.0.0.1" },
  },
});
const port = Number(values.port);
const hostname = values.hostname;
process.env.NODE_ENV = "production";

/** The methods Next can turn into a Request; route families narrow them further (proxy.ts). */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const body = (code, message) => JSON.stringify({ error: { code, message } });
const log = (status, code, method, url) =>
  console.warn(`[refused] ${status} ${code} ${method} ${JSON.stringify(String(url ?? "").slice(0, 200))}`);

function refuseMethod(req, res) {
  log(405, "method_not_allowed", req.method, req.url);
  res.writeHead(405, {
    "content-type": "application/json",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  });
  res.end(body("method_not_allowed", `${req.method} is not allowed here.`));
}

/** A raw HTTP answer on a socket Node took from the request cycle (CONNECT, parse errors). */
function rawAnswer(socket, status, reason, code, message) {
  if (!socket.writable) return socket.destroy();
  const payload = body(code, message);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncache-control: no-store\r\n` +
      `content-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
  );
}

const { default: next } = await import("next");
const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

/** RFC 9112: a request with more than one Host header gets a 400 (Node keeps the first). */
function hostCount(req) {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i].toLowerCase() === "host") count += 1;
  return count;
}

const server = createServer((req, res) => {
  if (!SERVED_METHODS.has(req.method ?? "")) return refuseMethod(req, res);
  if (hostCount(req) > 1) {
    log(400, "ambiguous_host", req.method, req.url);
    res.writeHead(400, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(body("ambiguous_host", "The request names more than one Host."));
    return;
  }
  handle(req, res);
});
server.on("connect", (req, socket) => {
  log(405, "method_not_allowed", "CONNECT", req.url);
  rawAnswer(socket, 405, "Method Not Allowed", "method_not_allowed", "CONNECT is not allowed here.");
});
server.on("clientError", (error, socket) => {
  // An unknown method (TRACK, PROPFIND-like tokens Node does not know), a bad request line or
  // oversized headers: Node cannot parse the request, so nothing above ever sees it.
  if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
  log(400, "malformed_request", "-", error.code);
  rawAnswer(socket, 400, "Bad Request", "malformed_request", "The request could not be parsed.");
});

server.listen(port, hostname, () => {
  console.log(`Dashboard listening on http://${hostname}:${port}`);
});

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close(() => {
    app.close().finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  // Open event streams never end by themselves: give requests a moment, then leave.
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
