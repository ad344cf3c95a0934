import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { mirrorContract } from "@/lib/server/mirror/mirror-contract";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";

/** The mirror on SQLite: each test a fresh file; "another instance" is a second handle on it. */
const root = mkdtempSync(path.join(tmpdir(), "rd-mirror-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
let current = "";

describe("the SQLite mirror keeps the mirror's rules", () => {
  mirrorContract({
    open: async () => {
      current = path.join(root, String(n++));
      return openSqliteMirror(current);
    },
    openAnother: async () => openSqliteMirror(current),
  });
});
