import { beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, sql } from "@/test-support/pg-database";
import { mirrorContract } from "@/lib/server/mirror/mirror-contract";
import { mirrorRowsContract } from "@/lib/server/mirror/mirror-contract-rows";
import { mirrorPaceContract } from "@/lib/server/mirror/mirror-contract-pace";
import { mirrorByListingContract } from "@/lib/server/mirror/mirror-contract-by-listing";
import { mirrorTotalsContract } from "@/lib/server/mirror/mirror-contract-totals";
import { mirrorCurvesContract } from "@/lib/server/mirror/mirror-contract-curves";
import { mirrorGroupsContract } from "@/lib/server/mirror/mirror-contract-groups";
import { mirrorSetPricesContract } from "@/lib/server/mirror/mirror-contract-set-prices";
import { openPostgresMirror } from "@/lib/server/mirror/postgres-mirror";
import { MIRROR_TABLES } from "@/lib/server/mirror/sqlite-mirror-schema";
import { MIGRATIONS_TABLE } from "@/lib/server/postgres-schema";
import { DECEMBER, withTwoStays } from "@/lib/server/mirror/mirror-contract-support";

/**
 * The mirror on a real PostgreSQL (the run's throw-away cluster, a database of this file's
 * own): the same contract as on SQLite; "another instance" is a second pool on the database.
 */
let url: string;
beforeAll(async () => {
  url = await freshDatabase("rd_mirror");
});

describe("the PostgreSQL mirror keeps the mirror's rules", () => {
  mirrorContract({
    open: async () => {
      const store = await openPostgresMirror({ url, poolSize: 4 });
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      return store;
    },
    openAnother: () => openPostgresMirror({ url, poolSize: 4 }),
  });
});

describe("the PostgreSQL mirror keeps the rules of its rows and figures", () => {
  mirrorRowsContract({
    open: async () => {
      const store = await openPostgresMirror({ url, poolSize: 4 });
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      return store;
    },
  });
});

describe("the PostgreSQL mirror's figures are the pace definitions'", () => {
  mirrorPaceContract({
    open: async () => {
      const store = await openPostgresMirror({ url, poolSize: 4 });
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      return store;
    },
  });
});

describe("the PostgreSQL mirror's per-listing reads are the pace definitions' and the calendar's", () => {
  mirrorByListingContract({
    open: async () => {
      const store = await openPostgresMirror({ url, poolSize: 4 });
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      return store;
    },
  });
});

describe("the PostgreSQL mirror's night totals follow its writes", () => {
  mirrorTotalsContract({
    open: async () => {
      const store = await openPostgresMirror({ url, poolSize: 4 });
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      return store;
    },
  });
});

describe("the PostgreSQL mirror's booking curves and windows are the pace definitions'", () => {
  mirrorCurvesContract({
    open: async () => {
      const store = await openPostgresMirror({ url, poolSize: 4 });
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      return store;
    },
  });
});

describe("the PostgreSQL mirror keeps the account's segments and sets", () => {
  mirrorGroupsContract({
    open: async () => {
      const store = await openPostgresMirror({ url, poolSize: 4 });
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      return store;
    },
  });
});

describe("the PostgreSQL mirror keeps the paid sets' comps' prices", () => {
  mirrorSetPricesContract({
    open: async () => {
      const store = await openPostgresMirror({ url, poolSize: 4 });
      await sql(url, `TRUNCATE ${MIRROR_TABLES.join(", ")}`);
      return store;
    },
  });
});

describe("a PostgreSQL mirror from before the night totals", () => {
  it("sums them from the stays it holds when the migration runs", async () => {
    const db = await freshDatabase("rd_mirror_totals");
    const store = await openPostgresMirror({ url: db, poolSize: 2 });
    const before = await withTwoStays(store);
    await store.close();
    await sql(db, `DROP TABLE mirror_night_totals; DELETE FROM ${MIGRATIONS_TABLE} WHERE version = 6`);
    const again = await openPostgresMirror({ url: db, poolSize: 2 });
    try {
      expect(await again.stayFigures("usr_owner", DECEMBER)).toEqual(before);
    } finally {
      await again.close();
    }
  });
});
