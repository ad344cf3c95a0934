import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { webhookContract } from "@/lib/server/delivery/webhook/webhook-contract";
import { openSqliteWebhook } from "@/lib/server/delivery/webhook/sqlite-webhook";

/** The outgoing webhook on SQLite: each test a fresh file; "another instance" is a second handle on it. */
const root = mkdtempSync(path.join(tmpdir(), "rd-webhook-out-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
let current = "";

describe("the SQLite outgoing webhook store", () => {
  webhookContract({
    open: async () => {
      current = path.join(root, String(n++));
      return openSqliteWebhook(current);
    },
    openAnother: async () => openSqliteWebhook(current),
  });
});
