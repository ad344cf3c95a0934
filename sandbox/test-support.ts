/**
 * Helpers for the reference service's tests: an in-process sandbox on an in-memory SQLite
 * database, the seeded personas' keys, and one way to call it.
 */
import { expect } from "vitest";
import { errorBody } from "../lib/svc/schemas/common";
import type { Listing } from "../lib/svc/schemas/listings";
import { createSandbox, type Sandbox } from "./app";
import { testSandboxConfig, type SandboxConfig } from "./config";

export type PersonaName =
  "owner" | "manager" | "editor" | "restricted_editor" | "viewer" | "outsider" | "portfolio_manager";

export interface Persona {
  persona: PersonaName;
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  keys: { standard: string; read_only?: string; channel_integration?: string };
}

export type Personas = Record<PersonaName, Persona>;

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

export interface ApiErrorShape {
  code: string;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read details freely
  details?: Record<string, any>;
}

export interface CallOptions {
  /** Sent as `X-API-Key`. */
  key?: string;
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export function makeSandbox(overrides: Partial<SandboxConfig> = {}): Sandbox {
  return createSandbox(testSandboxConfig(overrides));
}

/** Answers are JSON of many shapes; tests narrow them with the contract schemas where it matters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  sandbox: Sandbox,
  method: string,
  path: string,
  { key, body, headers = {} }: CallOptions = {},
): Promise<CallResult<T>> {
  const sent: Record<string, string> = {};
  if (key !== undefined) sent["X-API-Key"] = key;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === "string" ? body : JSON.stringify(body);
    if (typeof body !== "string") sent["Content-Type"] = "application/json";
  }
  const response = await sandbox.app.request(path, {
    method,
    headers: { ...sent, ...headers },
    body: payload,
  });
  const text = await response.text();
  let json: unknown = null;
  if (text !== "") {
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
  }
  return { status: response.status, headers: response.headers, json: json as T };
}

/** The seeded personas by name (GET /_sandbox/personas). */
export async function personaKeys(sandbox: Sandbox): Promise<Personas> {
  const res = await call<Persona[]>(sandbox, "GET", "/_sandbox/personas");
  expect(res.status).toBe(200);
  return Object.fromEntries(res.json.map((p) => [p.persona, p])) as Personas;
}

export async function reset(sandbox: Sandbox): Promise<void> {
  const res = await call(sandbox, "POST", "/_sandbox/reset");
  expect(res.status).toBe(200);
}

/** Asserts the interface's error body `{error: {code, message, details?}}` and the status; returns `error`. */
export function expectError(res: CallResult, status: number, code?: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  const parsed = errorBody.safeParse(res.json);
  expect(parsed.success, `error body of a ${res.status}: ${JSON.stringify(res.json)}`).toBe(true);
  if (code !== undefined) expect((res.json as { error: { code: string } }).error.code).toBe(code);
  return (res.json as { error: ApiErrorShape }).error;
}

/** Every listing the key can see, in one call (the seed has fewer than 100 per user). */
export async function allListings(sandbox: Sandbox, key: string, query = ""): Promise<Listing[]> {
  const res = await call<Listing[]>(sandbox, "GET", `/listings?per_page=100${query ? `&${query}` : ""}`, {
    key,
  });
  expect(res.status).toBe(200);
  return res.json;
}

/** Moves the service clock to just after the start of a rate-limit window (60 s, fixed). */
export async function alignToWindowStart(sandbox: Sandbox): Promise<void> {
  const intoWindow = sandbox.ctx.clock.nowMs() % 60_000;
  const seconds = Math.ceil((60_000 - intoWindow) / 1000);
  const res = await call(sandbox, "POST", "/_sandbox/clock", { body: { advance_seconds: seconds } });
  expect(res.status).toBe(200);
}

/** Rows of a SQL query on the sandbox's database. */
export function rows<T = Record<string, unknown>>(sandbox: Sandbox, sql: string, ...params: unknown[]): T[] {
  return sandbox.ctx.db.prepare(sql).all(...params) as T[];
}
