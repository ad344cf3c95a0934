/**
 * The mirror's sync against the real reference service, in-process, for the tests that need a
 * filled mirror (lib/server/mirror/*.test.ts): a fresh service, a SQLite mirror of its own,
 * the owner's sync started, and workers whose requests reach the service directly, recorded,
 * on the service's clock (a wait for the pace moves that clock instead of sleeping).
 * Imported by test files only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox, type Sandbox } from "../sandbox/app";
import { testSandboxConfig, type SandboxConfig } from "../sandbox/config";
import type { MirrorStore } from "../lib/server/mirror/mirror-store";
import { openSqliteMirror } from "../lib/server/mirror/sqlite-mirror";
import { createSyncWorker, type KeySource, type SyncWorkerOptions } from "../lib/server/mirror/worker";

export const BASE = "http://sandbox.test";
export const ACCOUNT = "usr_owner";
type Persona = { persona: string; user_id: string; keys: Record<string, string> };

/** The owner's key, held online, unless the service refused it. */
export function heldKey(apiKey: () => string | null): KeySource & { refusedKeys: string[] } {
  const refusedKeys: string[] = [];
  return {
    refusedKeys,
    keyFor: () => {
      const key = apiKey();
      return key && !refusedKeys.includes(key) ? { apiKey: key, online: true } : null;
    },
    refused: (_account, key) => void refusedKeys.push(key),
  };
}

export interface MirrorHarness {
  sandbox: Sandbox;
  store: MirrorStore;
  /** The mirrored persona's standard key. */
  ownerKey: string;
  /** Where the SQLite mirror lives (unused with a store of the caller's). */
  dir: string;
  /** Paths of every keyed request that reached the service, in order. */
  upstream: string[];
  /** Their methods, in the same order. */
  methods: string[];
  worker(options?: Partial<SyncWorkerOptions>): ReturnType<typeof createSyncWorker>;
  /** A GET on the service as the owner. */
  get<T>(pathAndQuery: string): Promise<T>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Whose portfolio is mirrored: the owner (34 listings) unless told (`portfolio_manager`: 1,500). */
  persona?: string;
  /** The mirror's store; a SQLite file of the harness's own unless given. */
  openStore?: () => Promise<MirrorStore>;
}

export async function mirrorHarness(
  config: Partial<SandboxConfig> = {},
  { persona = "owner", openStore }: HarnessOptions = {},
): Promise<MirrorHarness> {
  const sandbox = createSandbox(testSandboxConfig({ rateLimitPerMinute: 100_000, ...config }));
  const personas = (await (
    await sandbox.app.fetch(new Request(`${BASE}/_sandbox/personas`))
  ).json()) as Persona[];
  const ownerKey = personas.find((p) => p.persona === persona)!.keys.standard!;
  const dir = mkdtempSync(path.join(tmpdir(), "rd-mirror-sync-"));
  const store = openStore ? await openStore() : openSqliteMirror(dir);
  await store.startSync(ACCOUNT, "Olivia Hart", sandbox.ctx.clock.now());
  const upstream: string[] = [];
  const methods: string[] = [];
  return {
    sandbox,
    store,
    ownerKey,
    dir,
    upstream,
    methods,
    worker: (options = {}) =>
      createSyncWorker({
        store,
        keys: heldKey(() => ownerKey),
        baseUrl: BASE,
        shares: { online: 1, idle: 1 },
        now: () => sandbox.ctx.clock.nowMs(),
        sleep: async (ms) => void (await sandbox.ctx.clock.advance(ms / 1000)),
        fetch: async (input, init) => {
          const request = new Request(input, init);
          if (request.headers.get("x-api-key")) {
            upstream.push(new URL(request.url).pathname);
            methods.push(request.method);
          }
          return sandbox.app.fetch(request);
        },
        ...options,
      }),
    async get<T>(pathAndQuery: string) {
      const response = await sandbox.app.fetch(
        new Request(`${BASE}${pathAndQuery}`, { headers: { "x-api-key": ownerKey } }),
      );
      return (await response.json()) as T;
    },
    async close() {
      await store.close();
      sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
