import Database from "better-sqlite3";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mirrorContract } from "@/lib/server/mirror/mirror-contract";
import { mirrorRowsContract } from "@/lib/server/mirror/mirror-contract-rows";
import { mirrorPaceContract } from "@/lib/server/mirror/mirror-contract-pace";
import { mirrorByListingContract } from "@/lib/server/mirror/mirror-contract-by-listing";
import { mirrorTotalsContract } from "@/lib/server/mirror/mirror-contract-totals";
import { mirrorCurvesContract } from "@/lib/server/mirror/mirror-contract-curves";
import { mirrorGroupsContract } from "@/lib/server/mirror/mirror-contract-groups";
import { mirrorSetPricesContract } from "@/lib/server/mirror/mirror-contract-set-prices";
import { openSqliteMirror } from "@/lib/server/mirror/sqlite-mirror";
import {
  MIRROR_SCHEMA_BEFORE_SET_PRICES,
  MIRROR_SCHEMA_BEFORE_TOTALS,
} from "@/lib/server/mirror/sqlite-mirror-schema";
import { DECEMBER, withTwoStays } from "@/lib/server/mirror/mirror-contract-support";

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

describe("the SQLite mirror keeps the rules of its rows and figures", () => {
  mirrorRowsContract({ open: async () => openSqliteMirror(path.join(root, String(n++))) });
});

describe("the SQLite mirror's figures are the pace definitions'", () => {
  mirrorPaceContract({ open: async () => openSqliteMirror(path.join(root, String(n++))) });
});

describe("the SQLite mirror's per-listing reads are the pace definitions' and the calendar's", () => {
  mirrorByListingContract({ open: async () => openSqliteMirror(path.join(root, String(n++))) });
});

describe("the SQLite mirror's night totals follow its writes", () => {
  mirrorTotalsContract({ open: async () => openSqliteMirror(path.join(root, String(n++))) });
});

describe("the SQLite mirror's booking curves and windows are the pace definitions'", () => {
  mirrorCurvesContract({ open: async () => openSqliteMirror(path.join(root, String(n++))) });
});

describe("the SQLite mirror keeps the account's segments and sets", () => {
  mirrorGroupsContract({ open: async () => openSqliteMirror(path.join(root, String(n++))) });
});

describe("the SQLite mirror keeps the paid sets' comps' prices", () => {
  mirrorSetPricesContract({ open: async () => openSqliteMirror(path.join(root, String(n++))) });
});

describe("a mirror file of another schema", () => {
  it("is emptied and made anew: the mirror is a copy the sync reads again", async () => {
    const dir = path.join(root, "old-schema");
    const old = new Database((mkdirSync(dir, { recursive: true }), path.join(dir, "mirror.db")));
    old.exec(
      "CREATE TABLE mirror_reservations (account_id TEXT, check_in TEXT); INSERT INTO mirror_reservations VALUES ('a', 'b');",
    );
    old.close();
    const store = openSqliteMirror(dir);
    expect(await store.syncAccounts()).toEqual([]);
    await store.startSync("usr_owner", "Olivia Hart");
    expect(await store.syncAccounts()).toEqual(["usr_owner"]);
    await store.close();
    // Opened again at the same version: kept.
    const again = openSqliteMirror(dir);
    expect(await again.syncAccounts()).toEqual(["usr_owner"]);
    await again.close();
  });
  it("made before the night totals keeps what it holds and sums the totals from its stays", async () => {
    const dir = path.join(root, "before-totals");
    const store = openSqliteMirror(dir);
    const before = await withTwoStays(store);
    await store.close();
    const old = new Database(path.join(dir, "mirror.db"));
    old.exec("DROP TABLE mirror_night_totals");
    old.pragma(`user_version = ${MIRROR_SCHEMA_BEFORE_TOTALS}`);
    old.close();
    const again = openSqliteMirror(dir);
    expect(await again.syncAccounts()).toEqual(["usr_owner"]);
    expect(await again.stayFigures("usr_owner", DECEMBER)).toEqual(before);
    await again.close();
  });
  it("made before the paid sets' prices keeps what it holds and gains their table", async () => {
    const dir = path.join(root, "before-set-prices");
    const store = openSqliteMirror(dir);
    const before = await withTwoStays(store);
    await store.close();
    const old = new Database(path.join(dir, "mirror.db"));
    old.exec("DROP TABLE mirror_set_prices");
    old.pragma(`user_version = ${MIRROR_SCHEMA_BEFORE_SET_PRICES}`);
    old.close();
    const again = openSqliteMirror(dir);
    expect(await again.syncAccounts()).toEqual(["usr_owner"]);
    expect(await again.stayFigures("usr_owner", DECEMBER)).toEqual(before);
    expect(await again.setPrices("usr_owner", "set_paid")).toEqual([]);
    await again.close();
  });
});
