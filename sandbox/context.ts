import type Database from "better-sqlite3";
import type { z } from "zod";
import type { EndpointId, Endpoints } from "../lib/svc/endpoints";
import type { ServiceClock } from "./clock";
import type { SandboxConfig } from "./config";

export interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  persona: string | null;
  has_history_feature: number;
}

export interface KeyRow {
  token_id: string;
  user_id: string;
  name: string;
  kind: "standard" | "read_only" | "channel_integration" | "assistant";
  last4: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** What lives beside the database for the life of the process. */
export interface RuntimeState {
  rateWindows: Map<string, { windowStart: number; count: number }>;
  writesInProgress: Set<string>;
  lastUsedWritten: Map<string, number>;
}

export interface SandboxContext {
  db: Database.Database;
  clock: ServiceClock;
  config: SandboxConfig;
  state: RuntimeState;
}

export interface Caller {
  user: UserRow;
  key: KeyRow;
}

type BodySchema<Id extends EndpointId> = NonNullable<Endpoints[Id]["body"]>;
type BodyOf<Id extends EndpointId> = [BodySchema<Id>] extends [z.ZodNever]
  ? undefined
  : z.output<BodySchema<Id>>;

export interface HandlerInput<Id extends EndpointId> {
  ctx: SandboxContext;
  caller: Caller;
  params: Record<string, string>;
  query: z.output<Endpoints[Id]["query"]>;
  body: BodyOf<Id>;
}

export interface HandlerResult<Id extends EndpointId> {
  body: z.input<Endpoints[Id]["response"]>;
  status?: number;
  /** For paginated endpoints: the total behind `X-Total-Count`. */
  total?: number;
  headers?: Record<string, string>;
}

export type Handler<Id extends EndpointId> = (
  input: HandlerInput<Id>,
) => HandlerResult<Id> | Promise<HandlerResult<Id>>;

/** One router per endpoint group: a map from contract ids to handlers. */
export type RouteTable = { [Id in EndpointId]?: Handler<Id> };
