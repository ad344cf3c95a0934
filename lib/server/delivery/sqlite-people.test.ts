import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe } from "vitest";
import { peopleContract } from "@/lib/server/delivery/people-contract";
import { openSqlitePeople } from "@/lib/server/delivery/sqlite-people";

/** E-mail delivery's people on SQLite: each test a fresh file; "another instance" is a second handle on it. */
const root = mkdtempSync(path.join(tmpdir(), "rd-people-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
let current = "";

describe("the SQLite people store keeps delivery settings and claims digests", () => {
  peopleContract({
    open: async () => {
      current = path.join(root, String(n++));
      return openSqlitePeople(current);
    },
    openAnother: async () => openSqlitePeople(current),
  });
});
