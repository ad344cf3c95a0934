import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { alertsContract } from "@/lib/server/alerts/alerts-contract";
import { openSqliteAlerts } from "@/lib/server/alerts/sqlite-alerts";

/** Alerts on SQLite: each test a fresh file; "another instance" is a second handle on it. */
const root = mkdtempSync(path.join(tmpdir(), "rd-alerts-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
let current = "";

describe("the SQLite alerts store keeps the alerts' rules", () => {
  alertsContract({
    open: async () => {
      current = path.join(root, String(n++));
      return openSqliteAlerts(current);
    },
    openAnother: async () => openSqliteAlerts(current),
  });
});
