/**
 * An HTTP proxy between a dashboard and a reference service that makes the service differ
 * from ours where the interface is silent, one class of difference at a time, so that a
 * browser walk shows the dashboard reading a real service tolerantly. Only node:http: the
 * dashboard under test is the built one, talking HTTP to what it takes for the service.
 *
 * The mode is switched by the test in-process (`setMode`) or over HTTP:
 *   POST /_drift/mode  {"mode": "unknown-enums"}
 *   POST /_drift/force {"method": "GET", "path": "/listings/123", "status": 404, "message": "…"}
 *   POST /_drift/force {}   (clears it)
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from "node:http";
import type { AddressInfo } from "node:net";
import {
  errorShape,
  extraFields,
  missingOptional,
  NUMERIC_STRING_PATHS,
  numericStrings,
  SMALL_PAGE,
  unknownEnums,
} from "./drift-transforms";

export const DRIFT_MODES = [
  "none",
  "unknown-enums",
  "extra-fields",
  "missing-optional",
  "numeric-strings",
  "error-detail",
  "error-text",
  "small-pages",
  "small-pages-no-count",
  "clock-ahead",
  "clock-behind",
] as const;
export type DriftMode = (typeof DRIFT_MODES)[number];

/** An error the proxy answers itself, in the reference service's shape (the mode may reshape it). */
export interface ForcedError {
  method?: string;
  /** The service path, without its query: `/listings/1000001`. */
  path: string;
  status: number;
  message: string;
  code?: string;
}

/** How far each clock mode puts the service's clock from the real one. */
export const CLOCK_SHIFT_MS: Partial<Record<DriftMode, number>> = {
  "clock-ahead": 60 * 60 * 1000,
  "clock-behind": -60 * 1000,
};

export interface DriftProxy {
  url: string;
  readonly mode: DriftMode;
  setMode(mode: DriftMode): void;
  force(error: ForcedError | null): void;
  /** Webhook secrets the service handed out through the proxy (POST /webhooks, rotations). */
  readonly secrets: { url: string; secret: string }[];
  close(): Promise<void>;
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Headers of one hop only, never passed along. */
const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "host"]);

function send(target: URL, method: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const outgoing = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP.has(name)));
    const req = httpRequest(
      target,
      { method, headers: { ...outgoing, "content-length": String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

const isJson = (headers: IncomingHttpHeaders) => /json/i.test(String(headers["content-type"] ?? ""));

function parsed(answer: Upstream): unknown {
  if (!isJson(answer.headers) || answer.body.length === 0) return undefined;
  try {
    return JSON.parse(answer.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** A 2xx JSON answer as this mode rewrites it; undefined when the mode leaves it be. */
function rewriteJson(mode: DriftMode, path: string, json: unknown): unknown {
  switch (mode) {
    case "unknown-enums":
      return unknownEnums(path, json);
    case "extra-fields":
      return extraFields(json);
    case "missing-optional":
      return missingOptional(json);
    case "numeric-strings":
      return NUMERIC_STRING_PATHS.test(path) ? numericStrings(json) : undefined;
    default:
      return undefined;
  }
}

/** The `Date` header and the rate limit's reset on a clock `shiftMs` from the real one. */
function shiftClock(headers: IncomingHttpHeaders, shiftMs: number): void {
  const stated = Date.parse(String(headers.date ?? ""));
  const serviceNow = Number.isNaN(stated) ? Date.now() : stated;
  // From the service's own clock to the shifted one, so a reset keeps its distance from "now".
  const delta = Date.now() + shiftMs - serviceNow;
  headers.date = new Date(serviceNow + delta).toUTCString();
  const reset = Number(headers["x-ratelimit-reset"]);
  if (Number.isFinite(reset) && reset > 1e9) {
    headers["x-ratelimit-reset"] = String(Math.round(reset + delta / 1000));
  }
}

export async function startDriftProxy(options: { target: string; port?: number }): Promise<DriftProxy> {
  const target = options.target.replace(/\/$/, "");
  let mode: DriftMode = "none";
  let forced: ForcedError | null = null;
  const secrets: { url: string; secret: string }[] = [];

  async function control(req: IncomingMessage, path: string): Promise<[number, unknown]> {
    const body = (await readBody(req)).toString("utf8");
    const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    if (req.method === "POST" && path === "/_drift/mode") {
      if (!DRIFT_MODES.includes(input.mode as DriftMode))
        return [400, { error: `modes: ${DRIFT_MODES.join(", ")}` }];
      mode = input.mode as DriftMode;
      return [200, { mode }];
    }
    if (req.method === "POST" && path === "/_drift/force") {
      forced = typeof input.path === "string" ? (input as unknown as ForcedError) : null;
      return [200, { forced }];
    }
    return [200, { mode, forced }];
  }

  /** One answer of the service for this request, under the current mode. */
  async function answer(req: IncomingMessage, url: URL, body: Buffer): Promise<Upstream> {
    const method = req.method ?? "GET";
    if (forced && forced.path === url.pathname && (forced.method ?? method) === method) {
      const payload = { error: { code: forced.code ?? "forced", message: forced.message } };
      return {
        status: forced.status,
        headers: { "content-type": "application/json", date: new Date().toUTCString() },
        body: Buffer.from(JSON.stringify(payload)),
      };
    }
    let upstream = await send(new URL(`${target}${url.pathname}${url.search}`), method, req.headers, body);
    const asked = Number(url.searchParams.get("per_page") ?? Infinity);
    const paged = upstream.headers["x-total-count"] !== undefined;
    if (mode.startsWith("small-pages") && method === "GET" && paged && asked > SMALL_PAGE) {
      // Whatever per_page asked (or its default), the service's largest page is 20: the same
      // page (or offset) again, 20 rows long, with the service's own count.
      const again = new URL(`${target}${url.pathname}${url.search}`);
      again.searchParams.set("per_page", String(SMALL_PAGE));
      upstream = await send(again, method, req.headers, body);
    }
    return upstream;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://proxy");
      if (url.pathname.startsWith("/_drift/")) {
        const [status, json] = await control(req, url.pathname);
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
        return;
      }
      const body = await readBody(req);
      const upstream = await answer(req, url, body);
      const headers = { ...upstream.headers };
      let payload = upstream.body;
      const json = parsed(upstream);
      if (upstream.status < 300 && json !== undefined) {
        if (isObjWithSecret(json)) secrets.push({ url: json.url, secret: json.secret });
        const rewritten = rewriteJson(mode, url.pathname, json);
        if (rewritten !== undefined) payload = Buffer.from(JSON.stringify(rewritten));
      }
      if (
        upstream.status >= 400 &&
        upstream.status < 500 &&
        (mode === "error-detail" || mode === "error-text")
      ) {
        const shaped = errorShape(
          mode === "error-detail" ? "detail" : "text",
          upstream.body.toString("utf8"),
        );
        payload = Buffer.from(shaped.body);
        headers["content-type"] = shaped.contentType;
      }
      if (mode === "small-pages-no-count") delete headers["x-total-count"];
      const shift = CLOCK_SHIFT_MS[mode];
      if (shift !== undefined) shiftClock(headers, shift);
      for (const name of HOP) delete headers[name];
      res.writeHead(upstream.status, { ...headers, "content-length": String(payload.length) });
      res.end(payload);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`drift proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
    },
    force(error) {
      forced = error;
    },
    secrets,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function isObjWithSecret(json: unknown): json is { url: string; secret: string } {
  const value = json as { url?: unknown; secret?: unknown } | null;
  return (
    typeof value === "object" &&
    value !== null &&
    typeof value.url === "string" &&
    typeof value.secret === "string" &&
    value.secret.startsWith("whsec_")
  );
}
