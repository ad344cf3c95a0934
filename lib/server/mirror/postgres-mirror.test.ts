import { beforeAll, describe } from "vitest";
import { freshDatabase, sql } from "@/test-support/pg-database";
import { mirrorContract } from "@/lib/server/mirror/mirror-contract";
import { mirrorRowsContract } from "@/lib/server/mirror/mirror-contract-rows";
import { mirrorPaceContract } from "@/lib/server/mirror/mirror-contract-pace";
import { mirrorCurvesContract } from "@/lib/server/mirror/mirror-contract-curves";
import { mirrorGroupsContract } from "@/lib/server/mirror/mirror-contract-groups";
import { openPostgresMirror } from "@/lib/server/mirror/postgres-mirror";
import { MIRROR_TABLES } from "@/lib/server/mirror/sqlite-mirror-schema";

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
